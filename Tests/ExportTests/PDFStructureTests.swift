@testable import Exporters
import Foundation
import Testing
import TestSupport

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
    try ReportBatchProcess.tool("pdftotext", ["-raw", path, "-"]).stdout.split(whereSeparator: \.isWhitespace).map(String.init)
}

struct PDFStructureTests {
    func document(rows: Int) -> PDFDocument {
        PDFDocument(
            title: "Schools Comparison", subject: "Schools Comparison – Rivera Family", creator: "report-batch test",
            created: Date(timeIntervalSince1970: 1_795_413_600), footer: "Generated Nov 23, 2026, 1:00 AM", orientation: .portrait,
            blocks: [
                .title("Schools Comparison", lines: ["Rivera Family"]),
                .cards([PDFCard(label: "Schools", value: "40", color: PDFColor(0x0066FF), note: "on your list"),
                        PDFCard(label: "Favorites", value: "7", color: PDFColor(0xF59E0B))]),
                .note("Response rate explained."),
                .section("Interactions by Type"),
                .bars([PDFBar(label: "Email", value: 4, color: PDFColor(0x3B82F6)), PDFBar(label: "Phone Call", value: 1, color: PDFColor(0x22C55E))]),
                .section("Schools"),
                .subheading("Awaiting a reply"),
                .table(PDFTable(columns: [.init("School", weight: 2), .init("Status", weight: 1), .init("Contact", weight: 2), .init("Count", weight: 0.6, alignRight: true)],
                                rows: (0..<rows).map { row in
                                    [.text("School \(row)"), .badge("Offer Received", PDFColor(0x22C55E)),
                                     .stack([.link("coach\(row)@example.edu", url: "mailto:coach\(row)@example.edu"), .text("555-01\(row % 10)")]),
                                     .text("\(row)")]
                                })),
                .note("The end."),
            ])
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
        #expect(nodes.filter { $0.type == "P" }.map(\.text) == ["Rivera Family", "Response rate explained.", "The end."])
        // The cards: a list whose items read label first, then the figure and its note.
        let labels = nodes.filter { $0.type == "Lbl" }.map(\.text), bodies = nodes.filter { $0.type == "LBody" }.map(\.text)
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
        #expect(nodes.contains { $0.type == "Link" && $0.text.hasPrefix("coach0@") }, "\(nodes.filter { $0.type == "Link" }.prefix(2))")
        #expect(nodes.contains { $0.type == "Span" && $0.text == "555-010" })
        // Reading order: the headings come as the page shows them.
        let order = nodes.filter { ["H1", "H2", "H3", "Table", "Figure", "L"].contains($0.type) }.map(\.type)
        #expect(order == ["H1", "L", "H2", "Figure", "H2", "H3", "Table"])
    }

    /// A table's rows past the limit are drawn, untagged: cairo holds every element until the
    /// file ends, and a half-million-row list would take a gigabyte (docs/outputs.md).
    @Test func rowsPastTheLimitAreDrawnUntagged() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.file("long.pdf")
        let rows = PageFlow.taggedRowLimit + 5
        _ = try PDFRenderer.render(document(rows: rows), to: path)
        let nodes = try structure(of: path)
        #expect(nodes.filter { $0.type == "TR" }.count == PageFlow.taggedRowLimit + 1)
        #expect(nodes.filter { $0.type == "TD" }.count == PageFlow.taggedRowLimit * 4)
        let words = try drawnWords(path)
        #expect(words.contains("\(rows - 1)"), "the last row is drawn")
    }

    @Test func noTextIsOutsideTheStructureButFootersAndRepeatedHeaders() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.file("tagged.pdf")
        let result = try PDFRenderer.render(document(rows: 80), to: path)
        let structured = try structure(of: path).map(\.text).joined(separator: " ")
        let artifacts = Set("Generated Nov 23, 2026, 1:00 AM Page of School Status Contact Count".split(separator: " ").map(String.init))
            .union((1...result.pages).map(String.init))
        let structuredWords = Set(structured.split(whereSeparator: { $0.isWhitespace }).map(String.init))
        for word in try drawnWords(path) where !artifacts.contains(word) {
            // pdfinfo joins the pieces of one element without spaces; a word is in it whole.
            #expect(structuredWords.contains(word) || structured.contains(word), "'\(word)' is drawn outside the structure")
        }
        // The footers themselves are not in it.
        #expect(!structured.contains("Page 1 of"))
        #expect(!structured.contains("Generated"))
    }

    @Test func theCatalogSaysTheLanguageAndShowsTheTitle() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.file("tagged.pdf")
        _ = try PDFRenderer.render(document(rows: 3), to: path)
        let check = try ReportBatchProcess.tool("qpdf", ["--check", path])
        #expect(check.status == 0, "\(check.stdout)")
        let catalog = try ReportBatchProcess.tool("qpdf", ["--show-object=trailer", path]).stdout
        #expect(catalog.contains("/Prev"), "\(catalog)")
        let root = try #require(catalog.firstMatch(of: /\/Root ([0-9]+) 0 R/)?.output.1)
        let object = try ReportBatchProcess.tool("qpdf", ["--show-object=\(root)", path]).stdout
        #expect(object.contains("/Lang (en-US)") && object.contains("/ViewerPreferences << /DisplayDocTitle true >>"), "\(object)")
        #expect(object.contains("/StructTreeRoot") && object.contains("/Marked true"), "cairo's entries are kept: \(object)")
        let info = try ReportBatchProcess.tool("pdfinfo", [path]).stdout
        #expect(info.contains("Tagged:          yes"))
        #expect(info.contains("Title:           Schools Comparison"))
        // The same document gives the same bytes: the update is deterministic.
        let again = folder.file("again.pdf")
        _ = try PDFRenderer.render(document(rows: 3), to: again)
        #expect(FileManager.default.contents(atPath: path) == FileManager.default.contents(atPath: again))
    }

    @Test func theUpdateAppendsACatalogAndAnXrefSectionWithExactEntries() throws {
        let tail = "xref\n0 5\n...\ntrailer\n<< /Size 5\n   /Root 4 0 R\n   /Info 3 0 R\n>>\nstartxref\n1234\n%%EOF\n"
        let trailer = try #require(PDFCatalogUpdate.trailer(fromTail: tail))
        #expect(trailer.root == 4 && trailer.xrefOffset == 1234)
        let catalog = try #require(PDFCatalogUpdate.catalogDictionary(fromObject: "4 0 obj\n<< /Type /Catalog\n   /Pages 1 0 R\n>>\nendobj\n", number: 4))
        let update = PDFCatalogUpdate.update(catalog: catalog, trailer: trailer, length: 2000)
        #expect(update.contains("4 0 obj\n<< /Type /Catalog\n   /Pages 1 0 R /Lang (en-US) /ViewerPreferences << /DisplayDocTitle true >> >>\nendobj"))
        // The object starts one byte after the file's end (the newline before it), and the
        // xref entry says so in exactly 20 bytes.
        #expect(update.contains("xref\n4 1\n0000002001 00000 n\r\ntrailer\n"))
        #expect(update.contains("/Prev 1234 >>"))
        let xrefAt = 2000 + (update.range(of: "xref\n")!.lowerBound.utf16Offset(in: update))
        #expect(update.hasSuffix("startxref\n\(xrefAt)\n%%EOF\n"))
        #expect(PDFCatalogUpdate.catalogDictionary(fromObject: "4 0 obj\n<< /Type /Pages >>\nendobj", number: 4) == nil)
        #expect(PDFCatalogUpdate.trailer(fromTail: "no trailer here") == nil)
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
