import CPangoCairo
import Foundation
import TestSupport
import Testing

@testable import Exporters

/// One element of a pdf's structure tree as `pdfinfo -struct-text` prints it: its type, its
/// depth, and the text of its own marked content.
public struct StructureNode: Equatable {
    public let type: String
    public let depth: Int
    public var text: String
}

/// The structure tree of a pdf, read with poppler's `pdfinfo -struct-text`, in reading order.
func structure(of path: String) throws -> [StructureNode] {
    let result = try ReportBatchProcess.tool("pdfinfo", ["-struct-text", path])
    #expect(result.status == 0, "\(result.stderr)")
    var nodes: [StructureNode] = []
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
        let depth = line.prefix { $0 == " " }.count / 2
        let body = line.drop { $0 == " " }
        if body.hasPrefix("\"") {
            let text = body.dropFirst()
            open = !(text.hasSuffix("\"") && !text.isEmpty)
            if !nodes.isEmpty { nodes[nodes.count - 1].text += String(open ? text : text.dropLast()) }
        } else if let type = body.split(separator: " ").first, type.first?.isUppercase == true, type != "Object" {
            nodes.append(StructureNode(type: String(type), depth: depth, text: ""))
        }
    }
    return nodes
}

/// The words a pdf draws (pdftotext), page by page.
func drawnWords(_ path: String) throws -> [String] {
    try ReportBatchProcess.tool("pdftotext", ["-raw", path, "-"]).stdout.split(whereSeparator: \.isWhitespace).map(
        String.init
    )
}

struct PDFStructureTests {
    func document(rows: Int) -> PDFDocument {
        PDFDocument(
            title: "Schools Comparison",
            subject: "Schools Comparison – Rivera Family",
            creator: "report-batch test",
            created: Date(timeIntervalSince1970: 1_795_413_600),
            footer: "Generated Nov 23, 2026, 1:00 AM",
            orientation: .portrait,
            blocks: [
                .title("Schools Comparison", lines: ["Rivera Family"]),
                .cards([
                    PDFCard(label: "Schools", value: "40", color: PDFColor(0x0066FF), note: "on your list"),
                    PDFCard(label: "Favorites", value: "7", color: PDFColor(0xF59E0B)),
                ]),
                .note("Response rate explained."),
                .section("Interactions by Type"),
                .bars([
                    PDFBar(label: "Email", value: 4, color: PDFColor(0x3B82F6)),
                    PDFBar(label: "Phone Call", value: 1, color: PDFColor(0x22C55E)),
                ]),
                .section("Schools"),
                .subheading("Awaiting a reply"),
                .table(
                    PDFTable(
                        columns: [
                            .init("School", weight: 2), .init("Status", weight: 1), .init("Contact", weight: 2),
                            .init("Count", weight: 0.6, alignRight: true),
                        ],
                        rows: (0..<rows).map { row in
                            [
                                .text("School \(row)"), .badge("Offer Received", PDFColor(0x22C55E)),
                                .stack([
                                    .link("coach\(row)@example.edu", url: "mailto:coach\(row)@example.edu"),
                                    .text("555-01\(row % 10)"),
                                ]),
                                .text("\(row)"),
                            ]
                        }
                    )
                ),
                .note("The end."),
            ]
        )
    }

    @Test func theTreeHasHeadingsTablesFiguresAndListsInReadingOrder() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.file("tagged.pdf")
        let result = try PDFRenderer.render(document(rows: 80), to: path)
        #expect(result.pages >= 2)
        let nodes = try structure(of: path)
        #expect(nodes.first?.type == "Document")
        #expect(nodes.filter { $0.type == "H1" }.map(\.text) == ["Schools Comparison"])
        #expect(nodes.filter { $0.type == "H2" }.map(\.text) == ["Interactions by Type", "Schools"])
        #expect(nodes.filter { $0.type == "H3" }.map(\.text) == ["Awaiting a reply"])
        #expect(
            nodes.filter { $0.type == "P" }.map(\.text) == ["Rivera Family", "Response rate explained.", "The end."]
        )
        // The cards: a list whose items read label first, then the figure and its note.
        let labels = nodes.filter { $0.type == "Lbl" }.map(\.text)
        let bodies = nodes.filter { $0.type == "LBody" }.map(\.text)
        #expect(labels == ["Schools", "Favorites"])
        #expect(bodies == ["40on your list", "7"])
        // The chart: a figure with its words.
        let figure = try #require(nodes.firstIndex { $0.type == "Figure" })
        #expect(nodes[figure + 1].type == "Caption" && nodes[figure + 1].text == "Email4Phone Call1")
        // One table, one header row, a row per data row however many pages it takes.
        #expect(nodes.filter { $0.type == "Table" }.count == 1)
        #expect(nodes.filter { $0.type == "TH" }.map(\.text) == ["School", "Status", "Contact", "Count"])
        #expect(nodes.filter { $0.type == "TR" }.count == 81)
        let cells = nodes.filter { $0.type == "TD" }
        #expect(cells.count == 80 * 4)
        #expect(cells.prefix(4).map(\.text) == ["School 0", "Offer Received", "", "0"])
        // A stack: the link and the phone, each its own element in the cell.
        #expect(nodes.filter { $0.type == "Link" }.count == 80)
        #expect(
            nodes.contains { $0.type == "Link" && $0.text.hasPrefix("coach0@") },
            "\(nodes.filter { $0.type == "Link" }.prefix(2))"
        )
        #expect(nodes.contains { $0.type == "Span" && $0.text == "555-010" })
        // Reading order: the headings come as the page shows them.
        let order = nodes.filter { ["H1", "H2", "H3", "Table", "Figure", "L"].contains($0.type) }.map(\.type)
        #expect(order == ["H1", "L", "H2", "Figure", "H2", "H3", "Table"])
    }

    /// A table's rows past the limit are, on each page, one P element after the table: cairo
    /// holds every element until the file ends, and a half-million-row list would take a
    /// gigabyte (docs/outputs.md).
    @Test(.tags(.pythonReader)) func rowsPastTheLimitAreOneParagraphAPage() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.file("long.pdf")
        let rows = PageFlow.taggedRowLimit + 60
        _ = try PDFRenderer.render(document(rows: rows), to: path)
        let nodes = try structure(of: path)
        #expect(nodes.filter { $0.type == "TR" }.count == PageFlow.taggedRowLimit + 1)
        #expect(nodes.filter { $0.type == "TD" }.count == PageFlow.taggedRowLimit * 4)
        // After the table's rows: a P a page at the document's level, with the rows' text as its
        // own (a link there is its text: cairo would drop the text of a P that has a Link in it).
        #expect(nodes.filter { $0.type == "Link" }.count == PageFlow.taggedRowLimit)
        let afterRows = nodes.drop { $0.type != "Table" }.drop { $0.depth > 1 || $0.type == "Table" }
        let pages = afterRows.filter { $0.type == "P" && $0.depth == 1 }
        #expect(pages.count >= 3, "the rows past the limit span two pages: \(pages.count) P")
        let text = afterRows.map(\.text).joined(separator: " ")
        #expect(text.hasPrefix("School \(PageFlow.taggedRowLimit)Offer"), "\(text.prefix(80))")
        #expect(text.contains("School \(rows - 1)Offer"), "\(text.suffix(120))")
        let marked = try PDFMarkedText.read(path)
        #expect(marked.unmarked.isEmpty, "\(marked.unmarked.prefix(5))")
    }

    /// Cairo 1.16 leaves what is drawn outside every element unmarked; the update marks it as
    /// artifacts (PDFArtifactMarks): the footers and the headers drawn again, nothing else.
    @Test(.tags(.pythonReader)) func noTextIsOutsideTheStructureButTheFootersAndRepeatedHeadersAsArtifacts() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.file("tagged.pdf")
        let result = try PDFRenderer.render(document(rows: 80), to: path)
        #expect(result.pages >= 3)
        let marked = try PDFMarkedText.read(path)
        #expect(
            marked.unmarked.isEmpty,
            "drawn outside both the structure and the artifacts: \(marked.unmarked.prefix(5))"
        )
        let footers = (1...result.pages).map { "Generated Nov 23, 2026, 1:00 AM" + "Page \($0) of \(result.pages)" }
        let headers = Array(repeating: "SchoolStatusContactCount", count: result.pages - 1)
        #expect(
            marked.artifacts.map { $0.replacingOccurrences(of: " ", with: "") }.sorted()
                == (footers + headers).map { $0.replacingOccurrences(of: " ", with: "") }.sorted(),
            "\(marked.artifacts)"
        )
        let structured = try structure(of: path).map(\.text).joined(separator: " ")
        #expect(!structured.contains("Page 1 of") && !structured.contains("Generated"))
        // Marking changes nothing a person sees: qpdf finds no error and every page still draws.
        #expect(try ReportBatchProcess.tool("qpdf", ["--check", path]).status == 0)
        #expect(try drawnWords(path).contains("School"))
    }

    @Test func theCatalogSaysTheLanguageAndShowsTheTitle() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.file("tagged.pdf")
        _ = try PDFRenderer.render(document(rows: 3), to: path)
        let check = try ReportBatchProcess.tool("qpdf", ["--check", path])
        #expect(check.status == 0, "\(check.stdout)")
        let catalog = try ReportBatchProcess.tool("qpdf", ["--show-object=trailer", path]).stdout
        let root = try #require(catalog.firstMatch(of: /\/Root ([0-9]+) 0 R/)?.output.1)
        let object = try ReportBatchProcess.tool("qpdf", ["--show-object=\(root)", path]).stdout
        #expect(
            object.contains("/Lang (en-US)") && object.contains("/ViewerPreferences << /DisplayDocTitle true >>"),
            "\(object)"
        )
        #expect(
            object.contains("/StructTreeRoot") && object.contains("/Marked true"),
            "cairo's entries are kept: \(object)"
        )
        let info = try ReportBatchProcess.tool("pdfinfo", [path]).stdout
        #expect(info.contains("Tagged:          yes"))
        #expect(info.contains("Title:           Schools Comparison"))
        // The same document gives the same bytes: the update is deterministic.
        let again = folder.file("again.pdf")
        _ = try PDFRenderer.render(document(rows: 3), to: again)
        #expect(FileManager.default.contents(atPath: path) == FileManager.default.contents(atPath: again))
    }

    /// The marks change nothing a person sees: each page draws the same pixels as the same
    /// document with cairo's page streams copied unmarked.
    @Test(.tags(.pythonReader)) func theArtifactMarksLeaveEveryPageLookingTheSame() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let result = try PDFRenderer.render(document(rows: 80), to: folder.file("marked.pdf"))
        _ = try PDFRenderer.render(document(rows: 80), to: folder.file("cairo.pdf"), marking: false)
        // The marked copy's artifacts are its footers and the table headers drawn again.
        let footers = (1...result.pages).map { "Generated Nov 23, 2026, 1:00 AM" + "Page \($0) of \(result.pages)" }
        let headers = Array(repeating: "SchoolStatusContactCount", count: result.pages - 1)
        #expect(
            try PDFMarkedText.read(folder.file("marked.pdf")).artifacts.map {
                $0.replacingOccurrences(of: " ", with: "")
            }
            .sorted() == (footers + headers).map { $0.replacingOccurrences(of: " ", with: "") }.sorted()
        )
        #expect(result.pages == 3)
        #expect(try PDFMarkedText.read(folder.file("cairo.pdf")).artifacts.isEmpty)
        for name in ["marked", "cairo"] {
            let render = try ReportBatchProcess.tool(
                "pdftoppm",
                ["-r", "40", "-png", folder.file("\(name).pdf"), folder.file(name)]
            )
            #expect(render.status == 0, "\(render.stderr)")
        }
        for page in 1...result.pages {
            let marked = FileManager.default.contents(atPath: folder.file("marked-\(page).png"))
            #expect(
                marked != nil && marked == FileManager.default.contents(atPath: folder.file("cairo-\(page).png")),
                "page \(page)"
            )
        }
    }

    /// Every object of cairo's file is copied and the xref table written again: qpdf finds each
    /// where the table says, and no scratch file is left beside the output.
    @Test func theCopyKeepsEveryObjectAndLeavesNoScratchFile() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        _ = try PDFRenderer.render(document(rows: 80), to: folder.file("out.pdf"))
        let check = try ReportBatchProcess.tool("qpdf", ["--check", folder.file("out.pdf")])
        #expect(check.status == 0 && !check.stdout.contains("WARNING"), "\(check.stdout)\(check.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["out.pdf"])
    }

    @Test func theRewriteReadsTheTrailerAndWritesExactXrefEntries() throws {
        let tail = "xref\n0 5\n...\ntrailer\n<< /Size 5\n   /Root 4 0 R\n   /Info 3 0 R\n>>\nstartxref\n1234\n%%EOF\n"
        let trailer = try #require(PDFRewrite.trailer(fromTail: tail))
        #expect(trailer.root == 4 && trailer.xrefOffset == 1234)
        #expect(PDFRewrite.trailer(fromTail: "no trailer here") == nil)
        let catalog = try #require(
            PDFRewrite.catalogDictionary(
                fromObject: "4 0 obj\n<< /Type /Catalog\n   /Pages 1 0 R\n>>\nendobj\n",
                number: 4
            )
        )
        #expect(PDFRewrite.reference(named: "/Pages", in: catalog) == 1)
        #expect(PDFRewrite.catalogDictionary(fromObject: "4 0 obj\n<< /Type /Pages >>\nendobj", number: 4) == nil)
        // One section from 0; each entry exactly 20 bytes.
        #expect(
            PDFRewrite.xref([nil, 15, 2_100, 1_234_567_890])
                == "xref\n0 4\n0000000000 65535 f\r\n0000000015 00000 n\r\n0000002100 00000 n\r\n1234567890 00000 n\r\n"
        )
        #expect(
            PDFRewrite.references(after: "/Kids", in: "<< /Type /Pages /Kids [ 3 0 R\n 7 0 R 12 0 R ] /Count 3 >>") == [
                3, 7, 12,
            ]
        )
        #expect(
            PDFRewrite.references(after: "/Contents", in: "<< /Type /Page /Contents 8 0 R /Resources 2 0 R >>") == [8]
        )
        #expect(PDFRewrite.integer(named: "/Length", in: "<< /Length 417 /Filter /FlateDecode >>") == 417)
    }

    /// What is drawn between cairo's marked-content sequences becomes an artifact from its first
    /// operator to its last painting one; operands that look like operators are not read as them.
    @Test func unmarkedRunsBecomeArtifactsAndNothingElseChanges() throws {
        let content = """
            1 0 0 -1 0 792 cm
            q
            /P << /MCID 0 >> BDC
            BT (EMC \\) BDC) Tj ET
            EMC
            0.9 g 10 10 m 20 20 l f
            BT /f-0-0 1 Tf [<0012>-3(P\\(age\\) 1)]TJ ET
            /Span << /MCID 1 >> BDC BT (x) Tj ET EMC
            0 g
            Q

            """
        let marked = try #require(PDFArtifactMarks.marked(Array(content.utf8)))
        #expect(
            String(decoding: marked, as: UTF8.self) == """
                1 0 0 -1 0 792 cm
                q
                /P << /MCID 0 >> BDC
                BT (EMC \\) BDC) Tj ET
                EMC
                /Artifact BMC
                0.9 g 10 10 m 20 20 l f
                BT /f-0-0 1 Tf [<0012>-3(P\\(age\\) 1)]TJ ET
                EMC
                /Span << /MCID 1 >> BDC BT (x) Tj ET EMC
                0 g
                Q

                """
        )
        // cairo's ActualText span at a line break, inside a text object drawn outside the
        // structure: part of the artifact, nested in it.
        let header = "q BT [(Logged)]TJ /Span << /ActualText <feff0020> >> BDC EMC [(By)]TJ ET Q"
        #expect(
            PDFArtifactMarks.marked(Array(header.utf8)).map { String(decoding: $0, as: UTF8.self) }
                == "/Artifact BMC\nq BT [(Logged)]TJ /Span << /ActualText <feff0020> >> BDC EMC [(By)]TJ ET\nEMC Q"
        )
        // Inside an element's content, the empty span at a line break is taken out (poppler
        // before 23.x ends the element's text at its EMC); one that holds something stays.
        let wrapped =
            "/LBody << /MCID 4 >> BDC BT [(you)]TJ /Span << /ActualText <feff0020> >> BDC EMC 0 -1 Td [(contacted)]TJ "
            + "/Span << /ActualText <feff0066> >> BDC (f) Tj EMC ET EMC"
        #expect(
            PDFArtifactMarks.marked(Array(wrapped.utf8)).map { String(decoding: $0, as: UTF8.self) }
                == "/LBody << /MCID 4 >> BDC BT [(you)]TJ  0 -1 Td [(contacted)]TJ /Span << /ActualText <feff0066> >> BDC (f) Tj EMC ET EMC"
        )
        // Both in one page, in content order.
        let both =
            "/P << /MCID 0 >> BDC BT (a) Tj /Span << /ActualText <feff0020> >> BDC EMC (b) Tj ET EMC 0 0 m 1 1 l f "
            + "/P << /MCID 1 >> BDC BT (c) Tj /Span << /ActualText <feff0020> >> BDC EMC (d) Tj ET EMC"
        #expect(
            PDFArtifactMarks.marked(Array(both.utf8)).map { String(decoding: $0, as: UTF8.self) }
                == "/P << /MCID 0 >> BDC BT (a) Tj  (b) Tj ET EMC /Artifact BMC\n0 0 m 1 1 l f\nEMC /P << /MCID 1 >> BDC BT (c) Tj  (d) Tj ET EMC"
        )
        // Nothing to mark: the same bytes.
        #expect(PDFArtifactMarks.marked(Array("q 1 0 0 1 0 0 cm Q".utf8)) == Array("q 1 0 0 1 0 0 cm Q".utf8))
        // Left as cairo wrote it: an inline image, a mark inside a text object, unbalanced marks, a string that does
        // not end.
        #expect(PDFArtifactMarks.marked(Array("BI /W 1 /H 1 ID x EI".utf8)) == nil)
        #expect(PDFArtifactMarks.marked(Array("BT (a) Tj /P << /MCID 0 >> BDC (b) Tj EMC ET".utf8)) == nil)
        #expect(PDFArtifactMarks.marked(Array("EMC".utf8)) == nil)
        #expect(PDFArtifactMarks.marked(Array("/P BMC (a".utf8)) == nil)
    }

    /// cairo writes its page streams and ToUnicode maps plain (CLibraryEnvironment.plainPDFStreams), and
    /// the post-step deflates each once: no stream of the file is left unfiltered, marked or not.
    @Test func everyStreamIsDeflatedOnceAndAScratchFileGivesTheSameBytes() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        for (name, marking) in [("marked", true), ("unmarked", false)] {
            _ = try PDFRenderer.render(document(rows: 80), to: folder.file("\(name).pdf"), marking: marking)
            let text = String(
                decoding: try #require(FileManager.default.contents(atPath: folder.file("\(name).pdf"))),
                as: UTF8.self
            )
            // Each object's text before its "stream" keyword: the stream's dictionary.
            let dictionaries = text.components(separatedBy: "endobj").compactMap { object in
                object.range(of: ">>\nstream").map { String(object[..<$0.lowerBound]) }
            }
            #expect(dictionaries.count >= 4, "pages, fonts and maps: \(dictionaries.count)")
            #expect(dictionaries.allSatisfy { $0.contains("/Filter /FlateDecode") }, "\(dictionaries)")
            #expect(try ReportBatchProcess.tool("qpdf", ["--check", folder.file("\(name).pdf")]).status == 0)
        }
        // A pdf larger than the memory kept goes through a scratch file, to the same bytes.
        _ = try PDFRenderer.render(
            document(rows: 80),
            to: folder.file("spilled.pdf"),
            marking: true,
            memoryLimit: 4_096
        )
        #expect(
            FileManager.default.contents(atPath: folder.file("spilled.pdf"))
                == FileManager.default.contents(atPath: folder.file("marked.pdf"))
        )
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == [
                "marked.pdf", "spilled.pdf", "unmarked.pdf",
            ]
        )
    }

    /// cairo itself writes a page stream plain once the process has asked it to (what the
    /// one-deflate copy relies on; a cairo that ignored the variable would make every page
    /// stream deflated twice again, at the old cost).
    @Test func cairoWritesItsPageStreamsPlainWhenAsked() throws {
        CLibraryEnvironment.setEnvironment()
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.file("cairo.pdf")
        let surface = try #require(cairo_pdf_surface_create(path, 200, 200))
        let cr = try #require(cairo_create(surface))
        cairo_move_to(cr, 10, 10)
        cairo_line_to(cr, 100, 100)
        cairo_stroke(cr)
        cairo_destroy(cr)
        cairo_surface_finish(surface)
        cairo_surface_destroy(surface)
        let text = String(decoding: try #require(FileManager.default.contents(atPath: path)), as: UTF8.self)
        #expect(
            text.contains("100 100 l") || text.contains("100 -100 l") || text.contains(" l\nS"),
            "\(text.prefix(600))"
        )
    }

    @Test func aPlainStreamsDictionaryGetsItsNewLengthAndTheFilter() {
        #expect(PDFRewrite.flateDictionary("<< /Length 12 0 R >>", length: 5) == "<< /Length 5 /Filter /FlateDecode >>")
        #expect(PDFRewrite.flateDictionary("<< /Length 120 >>", length: 7) == "<< /Length 7 /Filter /FlateDecode >>")
        #expect(
            PDFRewrite.flateDictionary("<< /Type /XObject\n   /Length 3 0 R\n   /BBox [ 0 0 1 1 ]\n>>", length: 9)
                == "<< /Type /XObject\n   /Length 9 /Filter /FlateDecode\n   /BBox [ 0 0 1 1 ]\n>>"
        )
        #expect(PDFRewrite.flateDictionary("<< /Length1 12 >>", length: 5) == nil)
        #expect(PDFRewrite.flateDictionary("<< /Type /Metadata >>", length: 5) == nil)
    }

    @Test func flateRoundTripsAndRefusesATruncatedStream() throws {
        let text = Array(String(repeating: "BT (Page 1 of 3) Tj ET\n", count: 500).utf8)
        let packed = try #require(FlateCodec.deflate(text))
        #expect(packed.count < text.count / 10)
        #expect(FlateCodec.inflate(packed) == text)
        #expect(FlateCodec.inflate(Array(packed.dropLast(8))) == nil)
        #expect(FlateCodec.inflate(Array("not zlib".utf8)) == nil)
    }

    @Test func textColoursAreDarkenedUntilTheyReadAtFourAndAHalfToOne() {
        // WCAG's own examples: black on white is 21:1, white on white 1:1.
        #expect(abs(PDFColor(0x000000).contrast(with: .white) - 21) < 0.001)
        #expect(abs(PDFColor(0x6B7280).contrast(with: .white) - 4.83) < 0.01)
        let amber = PDFColor(0xD97706)
        #expect(amber.contrast(with: .white) < 4.5)
        let readable = amber.readable(on: .white)
        #expect(readable.contrast(with: .white) >= 4.5)
        #expect(readable.contrast(with: .white) < 4.8, "darkened only as far as needed")
        // The hue stays: the channels keep their proportions.
        #expect(abs(readable.red / readable.green - amber.red / amber.green) < 0.001)
        // Every colour of a wide sample, as text on each background the renderer draws on.
        let backgrounds: [PDFColor] = [.white, .cardFill, .headerFill]
        for hex in stride(from: UInt32(0), through: 0xFFFFFF, by: 0x0F0F0F + 0x10000) {
            let color = PDFColor(hex)
            for background in backgrounds + [color.tint(0.08)] {
                #expect(color.readable(on: background).contrast(with: background) >= 4.5, "\(hex) on \(background)")
            }
            #expect(color.badgeText.contrast(with: color.tint(PDFColor.badgeTint)) >= 4.5, "badge \(hex)")
        }
    }
}
