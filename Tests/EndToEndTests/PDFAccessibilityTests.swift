import Foundation
import TestSupport
import Testing

/// What a screen reader and a reader with weak eyes get from each kind of pdf the tool
/// writes: the structure tree (poppler's `pdfinfo -struct-text`), the language and title
/// display (qpdf), and the size of every character (pdfminer.six).
@Suite(.tags(.pythonReader))
struct PDFAccessibilityTests {
    static let now = ReportCommandTests.now

    /// One element of the structure tree: its type and the text of its own content.
    struct Node {
        let type: String
        var text: String
    }

    static func structure(of path: String) throws -> [Node] {
        let result = try ReportBatchProcess.tool("pdfinfo", ["-struct-text", path])
        var nodes: [Node] = []
        var open = false
        for line in result.stdout.split(separator: "\n", omittingEmptySubsequences: false) {
            // A text is quoted, and a text of several lines (a wrapped cell) goes on until the
            // line that ends its quote; poppler does not escape quotes inside.
            if open {
                let ends = line.hasSuffix("\"")
                if !nodes.isEmpty { nodes[nodes.count - 1].text += " " + String(ends ? line.dropLast() : line) }
                open = !ends
                continue
            }
            let body = line.drop { $0 == " " }
            if body.hasPrefix("\"") {
                let text = body.dropFirst()
                open = !(text.hasSuffix("\"") && !text.isEmpty)
                if !nodes.isEmpty { nodes[nodes.count - 1].text += String(open ? text : text.dropLast()) }
            } else if let type = body.split(separator: " ").first, type.first?.isUppercase == true, type != "Object" {
                nodes.append(Node(type: String(type), text: ""))
            }
        }
        return nodes
    }

    /// The characters smaller than 9 points outside the footer (the bottom 36 points of a
    /// page), as "page:size:character", from pdfminer.six.
    static let smallCharacters = """
        import sys
        from pdfminer.high_level import extract_pages
        from pdfminer.layout import LTChar, LTContainer
        def walk(item):
            if isinstance(item, LTChar):
                yield item
            elif isinstance(item, LTContainer):
                for child in item:
                    yield from walk(child)
        for number, page in enumerate(extract_pages(sys.argv[1]), 1):
            for char in walk(page):
                if char.size < 8.95 and char.y0 > 36:
                    print(f"{number}:{char.size:.2f}:{char.get_text()}")
        print("checked")
        """

    func outputs() throws -> (ReportCommandTests.Demo, [String: String]) {
        let demo = try ReportCommandTests.Demo()
        let report = try ReportBatchProcess.run(
            [
                "report", "--db", "demo.db", "--family", demo.rivera, "--preset", "last-90-days",
                "--now", Self.now, "--format", "pdf", "--out", "out",
            ],
            in: demo.folder.path
        )
        #expect(report.status == 0, "\(report.stderr)")
        for list in ["coaches", "schools", "interactions"] {
            let export = try ReportBatchProcess.run(
                [
                    "export", list, "--db", "demo.db", "--family", demo.rivera, "--now", Self.now,
                    "--format", "pdf", "--out", "out",
                ],
                in: demo.folder.path
            )
            #expect(export.status == 0, "\(export.stderr)")
        }
        let files = try FileManager.default.contentsOfDirectory(atPath: demo.folder.file("out")).filter {
            $0.hasSuffix(".pdf")
        }
        var byKind: [String: String] = [:]
        for kind in ["report", "coaches", "schools", "interactions"] {
            byKind[kind] = files.first { $0.hasPrefix(kind + "_") }.map { demo.folder.file("out/\($0)") }
        }
        return (demo, byKind)
    }

    @Test func everyKindOfPDFHasItsHeadingsTablesAndFiguresTagged() throws {
        let (demo, files) = try outputs()
        defer { demo.folder.remove() }
        #expect(files.count == 4)
        for (kind, path) in files.sorted(by: { $0.key < $1.key }) {
            let nodes = try Self.structure(of: path)
            #expect(nodes.filter { $0.type == "H1" }.count == 1, "\(kind)")
            #expect(nodes.contains { $0.type == "H2" }, "\(kind)")
            // Every table starts with its header row of TH cells, named as the columns.
            for (index, node) in nodes.enumerated() where node.type == "Table" {
                #expect(nodes[index + 1].type == "TR", "\(kind)")
                let header = nodes[(index + 2)...].prefix { $0.type == "TH" }
                #expect(!header.isEmpty && header.allSatisfy { !$0.text.isEmpty }, "\(kind): \(header.map(\.text))")
            }
            #expect(nodes.contains { $0.type == "TH" }, "\(kind) has no table header")
            // Every chart a figure with its words.
            for (index, node) in nodes.enumerated() where node.type == "Figure" {
                #expect(nodes[index + 1].type == "Caption" && !nodes[index + 1].text.isEmpty, "\(kind)")
            }
            #expect(!nodes.contains { $0.text.contains("Page 1 of") }, "\(kind): the footer is not content")
            try Self.expectNoTextOutside(nodes, of: path, kind: kind)
            let trailer = try ReportBatchProcess.tool("qpdf", ["--show-object=trailer", path]).stdout
            let root = try #require(trailer.firstMatch(of: /\/Root ([0-9]+) 0 R/)?.output.1)
            let catalog = try ReportBatchProcess.tool("qpdf", ["--show-object=\(root)", path]).stdout
            #expect(
                catalog.contains("/Lang (en-US)") && catalog.contains("/DisplayDocTitle true"),
                "\(kind): \(catalog)"
            )
            #expect(try ReportBatchProcess.tool("qpdf", ["--check", path]).status == 0, "\(kind)")
        }
        let report = try Self.structure(of: try #require(files["report"]))
        #expect(report.first { $0.type == "H1" }?.text == "Recruiting Report")
        let sections = report.filter { $0.type == "H2" }.map(\.text)
        #expect(
            sections.starts(with: ["Follow-ups", "Schools by Status"]) || sections.contains("Schools by Status"),
            "\(sections)"
        )
        let captions = report.filter { $0.type == "Caption" }.map(\.text)
        #expect(captions.contains { $0.contains("Email") }, "\(captions)")
        #expect(report.contains { $0.type == "Lbl" && $0.text == "Schools" })
        // A wrapped card, note or cell reads whole: every line of it, not the first alone.
        #expect(
            report.contains {
                $0.type == "LBody" && $0.text.contains("replied") && !$0.text.contains("…")
                    && $0.text.hasSuffix("Aug 25")
            },
            "\(report.filter { $0.type == "LBody" }.map(\.text))"
        )
        #expect(
            report.contains {
                $0.type == "P" && $0.text.hasPrefix("Response rate:") && $0.text.hasSuffix("count this period.")
            }
        )
        let schools = try Self.structure(of: try #require(files["schools"]))
        // The header cells in the columns' order, each title whole (a title wider than its
        // column wraps, never ends in "…").
        let headers = schools.filter { $0.type == "TH" }.map(\.text)
        #expect(
            headers == [
                "★", "School", "Location", "Division", "Status", "Tier", "Fit", "Size", "Distance", "Coaches",
                "Contacts", "Offer",
            ]
        )
    }

    /// No text outside the structure, and as artifacts only the footers and the table headers
    /// drawn again on later pages (read with pdfminer.six, which follows marked content).
    static func expectNoTextOutside(_ nodes: [Node], of path: String, kind: String) throws {
        let marked = try PDFMarkedText.read(path)
        #expect(
            marked.unmarked.isEmpty,
            "\(kind): drawn outside both the structure and the artifacts: \(marked.unmarked.prefix(10))"
        )
        // A repeated header: pieces of the titles in a row (a title cut with "…" comes in two
        // pieces, one wrapped onto two lines in a piece a line: compared without spaces).
        let header = nodes.filter { $0.type == "TH" }.map(\.text).joined().replacingOccurrences(of: "…", with: "")
            .filter { $0 != " " }
        let footer = /Generated .+ \(.+\) ?Page [0-9]+ of [0-9]+/
        let footers = marked.artifacts.filter { $0.wholeMatch(of: footer) != nil }
        let other = marked.artifacts.filter {
            $0.wholeMatch(of: footer) == nil && !header.contains($0.filter { $0 != " " })
        }
        #expect(other.isEmpty, "\(kind): artifacts that are not footers or repeated headers: \(other.prefix(10))")
        let pages = try #require(
            Int(
                try ReportBatchProcess.tool("pdfinfo", [path]).stdout.firstMatch(of: /Pages: +([0-9]+)/)?.output.1 ?? ""
            )
        )
        #expect(footers.count == pages, "\(kind): a footer a page, as an artifact")
    }

    @Test func noCharacterIsSmallerThanNinePointsOutsideTheFooter() throws {
        let (demo, files) = try outputs()
        defer { demo.folder.remove() }
        for (kind, path) in files.sorted(by: { $0.key < $1.key }) {
            let result = try ReportBatchProcess.tool("python3", ["-c", Self.smallCharacters, path])
            #expect(result.status == 0, "\(result.stderr)")
            let lines = result.stdout.split(separator: "\n")
            #expect(lines.last == "checked", "\(kind): \(result.stderr)")
            #expect(lines.count == 1, "\(kind): \(lines.prefix(10))")
        }
    }
}
