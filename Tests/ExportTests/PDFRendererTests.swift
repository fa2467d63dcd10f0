import Core
import Exporters
import Foundation
import TestSupport
import Testing

/// The generic pdf renderer, read back with poppler and qpdf.
struct PDFRendererTests {
    func document(rows: Int, cell: String = "Row") -> PDFDocument {
        PDFDocument(
            title: "Schools Comparison",
            subject: "Schools Comparison – Rivera Family",
            creator: "report-batch test",
            created: Date(timeIntervalSince1970: 1_795_413_600),
            footer: "Generated Nov 23, 2026, 1:00 AM",
            orientation: .landscape,
            blocks: [
                .title("Schools Comparison", lines: ["Rivera Family"]),
                .cards([PDFCard(label: "Schools", value: "\(rows)", color: PDFColor(0x0066FF))]),
                .section("Schools"),
                .table(
                    PDFTable(
                        columns: [
                            .init("School", weight: 2), .init("Status", weight: 1),
                            .init("Count", weight: 0.6, alignRight: true),
                        ],
                        rows: (0..<rows).map {
                            [.text("\(cell) \($0)"), .badge("Offer Received", PDFColor(0x22C55E)), .text("\($0)")]
                        }
                    )
                ),
                .section("Notes"),
                .note("The end."),
            ]
        )
    }

    /// The words of a pdf holding one table, each with its box (pdftotext -bbox).
    func drawnWords(_ table: PDFTable, to path: String) throws -> [(x: Double, y: Double, xMax: Double, text: String)] {
        var doc = document(rows: 0)
        doc.blocks = [.table(table)]
        _ = try PDFRenderer.render(doc, to: path)
        let boxes = try ReportBatchProcess.tool("pdftotext", ["-bbox", path, "-"]).stdout
        return boxes.matches(
            of: /<word xMin="([0-9.]+)" yMin="([0-9.]+)" xMax="([0-9.]+)" yMax="[0-9.]+">([^<]*)<\/word>/
        )
        .map {
            (
                x: Double($0.output.1) ?? 0, y: Double($0.output.2) ?? 0, xMax: Double($0.output.3) ?? 0,
                text: String($0.output.4)
            )
        }
    }

    /// A right-to-left text that fits its cell sits at the cell's right, as pango aligns a
    /// right-to-left line within a width (the canvas draws a fitting left-to-right text with its
    /// unconstrained layout, and must not move this one to the left).
    @Test func aRightToLeftTextSitsAtItsCellsRight() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let hebrew = "שלום"
        let table = PDFTable(
            columns: [.init("Name", weight: 3), .init("Status", weight: 1)],
            rows: [[.text(hebrew), .text("one")], [.text("Alexander Washington Jr"), .text("two")]]
        )
        let words = try drawnWords(table, to: folder.file("rtl.pdf"))
        // poppler gives each Hebrew letter a box of its own.
        let letters = words.filter { $0.text.unicodeScalars.allSatisfy { (0x0590...0x05FF).contains($0.value) } }
        #expect(letters.count == hebrew.count, "\(words.map(\.text))")
        let word = (x: letters.map(\.x).min() ?? 0, xMax: letters.map(\.xMax).max() ?? 0)
        let latin = try #require(words.first { $0.text == "Alexander" })
        let status = try #require(words.first { $0.text == "Status" })
        #expect(word.xMax > status.x - 20, "the word ends at the column's right: \(word), \(status)")
        #expect(word.x > latin.x + 100, "\(word) starts well right of \(latin)")
    }

    func text(_ path: String, page: Int? = nil) throws -> String {
        let range = page.map { ["-f", "\($0)", "-l", "\($0)"] } ?? []
        return try ReportBatchProcess.tool("pdftotext", range + ["-layout", path, "-"]).stdout
    }

    @Test func aLongTableBreaksAcrossPagesWithItsHeaderAndFooterOnEach() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.file("long.pdf")
        let result = try PDFRenderer.render(document(rows: 300), to: path)
        #expect(result.pages > 5)
        // pdfinfo's lines, with the padding after each label folded to one space.
        let info = try ReportBatchProcess.tool("pdfinfo", [path]).stdout.replacing(/: +/, with: ": ")
        #expect(info.contains("Pages: \(result.pages)"))
        #expect(info.contains("Title: Schools Comparison"))
        #expect(info.contains("Subject: Schools Comparison – Rivera Family"))
        #expect(info.contains("Creator: report-batch test"))
        #expect(info.contains("CreationDate: Mon Nov 23 06:00:00 2026 UTC"))
        #expect(info.contains("Page size: 792 x 612 pts (letter)"))
        for page in 1...result.pages {
            let content = try text(path, page: page)
            #expect(content.contains("School") && content.contains("Status"), "page \(page) lacks the header row")
            #expect(content.contains("Page \(page) of \(result.pages)"))
            #expect(content.contains("Generated Nov 23, 2026, 1:00 AM"))
        }
        // Every row is there once.
        let all = try text(path)
        for row in [0, 149, 299] { #expect(all.contains("Row \(row) ")) }
        #expect(try ReportBatchProcess.tool("qpdf", ["--check", path]).status == 0)
    }

    @Test func theOutlineHasOneEntryPerSection() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.file("outline.pdf")
        _ = try PDFRenderer.render(document(rows: 60), to: path)
        let json = try ReportBatchProcess.tool("qpdf", ["--json", "--json-key=outlines", path]).stdout
        #expect(json.contains("\"title\": \"Schools\""))
        #expect(json.contains("\"title\": \"Notes\""))
    }

    /// A table sized by its content on a page too narrow for it: e-mails and phone numbers
    /// are drawn whole, a long name wraps onto two lines, the fillers give way.
    @Test func columnsSizedByContentKeepWholeColumnsAndWrapNames() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.file("sized.pdf")
        let filler = String(repeating: "filler text ", count: 6)
        var table = PDFTable(
            columns: [.init("Coach", fit: .wrap), .init("Email", fit: .whole), .init("Phone", fit: .whole)]
                + (1...6).map { .init("Other \($0)") },
            rows: (0..<4).map { index in
                [
                    .text("Oluwaseun Nguyễn-Okafor \(index)", bold: true),
                    .link("oluwaseun.nguyen-okafor\(index)@athletics.example.edu", url: "mailto:x"),
                    .link("+1 555-950-130\(index)", url: "tel:+1555950130\(index)"),
                ] + Array(repeating: PDFCell.text(filler), count: 6)
            }
        )
        table.sizedByContent = true
        let words = try drawnWords(table, to: path)
        for index in 0..<4 {
            #expect(
                words.contains { $0.text == "oluwaseun.nguyen-okafor\(index)@athletics.example.edu" },
                "the e-mail is cut"
            )
            #expect(words.contains { $0.text == "555-950-130\(index)" }, "the phone number is cut")
        }
        // The first name's end is on a line below its start, in the same column.
        let first = try #require(words.first { $0.text == "Oluwaseun" })
        let last = try #require(words.first { $0.text.hasSuffix("Okafor 0") })
        #expect(last.y > first.y + 5 && last.x == first.x, "the name did not wrap: \(first) \(last)")
    }

    /// A stack puts its cells one under another in one column, each whole, and makes the rows
    /// two lines tall though no column wraps; a column's `maxWidth` caps one odd value.
    @Test func aStackDrawsItsCellsOnLinesOfTheirOwn() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.file("stacked.pdf")
        var table = PDFTable(
            columns: [
                .init("Coach", fit: .whole), .init("Email / Phone", fit: .whole),
                .init("Social", fit: .whole, maxWidth: PDFTable.Column.width(forText: "IG @mmmmmmmmmm")),
                .init("Notes"),
            ]
                + (1...6).map { .init("Other \($0)") },
            rows: (0..<3).map { index in
                [
                    .text("Coach \(index)"),
                    .stack([
                        .link("coach\(index)@athletics.example.edu", url: "mailto:x"),
                        .link("+1 555-950-130\(index)", url: "tel:x"),
                    ]),
                    .stack(
                        [.link("X @coach\(index)", url: "https://x.com/coach\(index)")]
                            + (index == 2 ? [.text("IG @" + String(repeating: "toolong", count: 9))] : [])
                    ),
                    .text("fine"),
                ] + Array(repeating: PDFCell.text(String(repeating: "filler text ", count: 6)), count: 6)
            }
        )
        table.sizedByContent = true
        let words = try drawnWords(table, to: path)
        let notes = try #require(words.first { $0.text == "Notes" })
        for index in 0..<3 {
            let email = try #require(
                words.first { $0.text == "coach\(index)@athletics.example.edu" },
                "the e-mail is cut"
            )
            let phone = try #require(words.first { $0.text == "555-950-130\(index)" }, "the phone number is cut")
            #expect(
                phone.y > email.y + 5 && abs(words.first { $0.y == phone.y && $0.text == "+1" }!.x - email.x) < 0.5,
                "not under the e-mail: \(email) \(phone)"
            )
            #expect(words.contains { $0.text == "@coach\(index)" })
        }
        // On a full page the long value ends inside its column (in "…"; a copy of the text still
        // gives it whole) and takes no room from the column after it.
        let long = try #require(words.first { $0.text.hasPrefix("@toolong") })
        let note = try #require(words.first { $0.text == "fine" && abs($0.y - long.y) < 12 })
        let social = try #require(words.first { $0.text == "Social" })
        #expect(long.xMax <= note.x && note.x - notes.x < 0.5, "\(long) \(note) \(notes)")
        #expect(
            notes.x - social.x <= PDFTable.Column.width(forText: "IG @mmmmmmmmmm") + 0.5,
            "the column is wider than its maxWidth"
        )
    }

    @Test func longTextStaysWithinItsCell() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.file("long-cells.pdf")
        _ = try PDFRenderer.render(
            document(rows: 3, cell: String(repeating: "Very long school name ", count: 20)),
            to: path
        )
        // The School column is the first 2 of 3.6 weights of the 720-point content width, from x = 36.
        let columnEnd = 36 + 720 * 2 / 3.6
        let boxes = try ReportBatchProcess.tool("pdftotext", ["-bbox", path, "-"]).stdout
        let words = boxes.matches(
            of: /<word xMin="([0-9.]+)" yMin="[0-9.]+" xMax="([0-9.]+)" yMax="[0-9.]+">(Very|long|school|name)<\/word>/
        )
        #expect(!words.isEmpty)
        for word in words {
            #expect(
                (Double(word.output.2) ?? .infinity) <= columnEnd,
                "\(word.output.3) ends at \(word.output.2), past the cell at \(columnEnd)"
            )
        }
        // Copying the text still gives the whole name: the "…" stands for the words it hides.
        #expect(
            try text(path).contains(
                String(repeating: "Very long school name ", count: 20).trimmingCharacters(in: .whitespaces)
            )
        )
    }

    @Test func aCharacterNoFontCanDrawIsReported() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        var doc = document(rows: 1)
        doc.blocks.append(.note("Private \u{FFFFD}\u{10FFFD} use"))
        // Twice on one thread: the second document finds the layout kept from the first and
        // still reports what it cannot draw.
        for name in ["missing.pdf", "again.pdf"] {
            let result = try PDFRenderer.render(doc, to: folder.file(name))
            #expect(
                result.warnings == [
                    "2 characters of \"Private \u{FFFFD}\u{10FFFD} use\" could not be drawn with the installed fonts"
                ]
            )
        }
    }

    /// Layouts kept from a thread's earlier pdfs draw the same bytes as layouts made fresh:
    /// the document drawn on a new thread (nothing kept) against the same document drawn on
    /// this one after others (the weekly job's case).
    @Test func layoutsKeptFromEarlierDocumentsDrawTheSameBytes() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let cell = "Ünïcode 田中 ★"
        let fresh = folder.file("fresh.pdf")
        let failure = Failure()
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            defer { done.signal() }
            do { _ = try PDFRenderer.render(PDFRendererTests().document(rows: 120, cell: cell), to: fresh) } catch {
                failure.text = "\(error)"
            }
        }
        thread.stackSize = 8 << 20
        thread.start()
        done.wait()
        #expect(failure.text == nil)  // read after the semaphore: the thread's write is seen
        _ = try PDFRenderer.render(document(rows: 40, cell: "Ünïcode"), to: folder.file("other.pdf"))
        _ = try PDFRenderer.render(document(rows: 120, cell: cell), to: folder.file("warm.pdf"))
        #expect(
            try Data(contentsOf: URL(fileURLWithPath: fresh))
                == Data(contentsOf: URL(fileURLWithPath: folder.file("warm.pdf")))
        )
    }

    @Test func theSameDocumentGivesTheSameBytes() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        _ = try PDFRenderer.render(document(rows: 80, cell: "José 田中 🏈"), to: folder.file("a.pdf"))
        _ = try PDFRenderer.render(document(rows: 80, cell: "José 田中 🏈"), to: folder.file("b.pdf"))
        #expect(
            try Data(contentsOf: URL(fileURLWithPath: folder.file("a.pdf")))
                == Data(contentsOf: URL(fileURLWithPath: folder.file("b.pdf")))
        )
        let content = try text(folder.file("a.pdf"))
        #expect(content.contains("José 田中 🏈"))
        #expect(!content.contains("\u{FFFD}"))
    }

    @Test func anUnwritablePathIsAWriteError() throws {
        let error = #expect(throws: ExportError.self) {
            try PDFRenderer.render(document(rows: 1), to: "/nonexistent/dir/x.pdf")
        }
        #expect(error?.description == "cannot write '/nonexistent/dir/x.pdf': No such file or directory")
    }
}

/// What the drawing thread of `layoutsKeptFromEarlierDocumentsDrawTheSameBytes` threw, read
/// only after it signalled that it ended.
private final class Failure: @unchecked Sendable {
    var text: String?
}
