import Core
import Foundation
import TestSupport
import Testing

@testable import Exporters

/// A pdf table's rows in a temporary file come back exactly as they went in, in order, as
/// often as they are read, and the file leaves nothing in its folder.
struct PDFRowSpoolTests {
    /// A cell as text, to compare (PDFCell is not Equatable).
    static func describe(_ cell: PDFCell) -> String {
        func color(_ c: PDFColor?) -> String {
            c.map { "\($0.red.bitPattern),\($0.green.bitPattern),\($0.blue.bitPattern)" } ?? "nil"
        }
        switch cell {
        case .empty: return "empty"
        case .text(let text, let c, let bold): return "text|\(text)|\(color(c))|\(bold)"
        case .badge(let text, let c): return "badge|\(text)|\(color(c))"
        case .bar(let fraction, let c, let label): return "bar|\(fraction.bitPattern)|\(color(c))|\(label)"
        case .link(let text, let url): return "link|\(text)|\(url)"
        case .stack(let cells): return "stack[" + cells.map(describe).joined(separator: ";") + "]"
        }
    }

    static func row(_ index: Int) -> [PDFCell] {
        // some rows longer than the read buffer
        let long = String(repeating: "田中🏈é", count: index % 997 == 0 ? 40_000 : 1)
        return [
            .text("row \(index) \(long)"), .text("", color: PDFColor(0x6B7280), bold: true), .empty,
            .badge("Phone Call", PDFColor(0xA855F7).tint(0.18)),
            .bar(fraction: Double(index) / 7, color: PDFColor(0x10B981), label: "\(index)%"),
            .link("coach\(index)@example.edu", url: "mailto:coach\(index)@example.edu"), .text("line\nbreak\t\u{0}nul"),
            .stack(
                index % 3 == 0
                    ? [] : [.link("X @c\(index)", url: "https://x.com/c\(index)"), .text("IG bad handle", bold: true)]
            ),
        ]
    }

    @Test func rowsComeBackExactlyAndInOrder() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let spool = try PDFRowSpool(folder: folder.path)
        let count = 12_345
        for index in 0..<count { try spool.append(Self.row(index)) }
        #expect(spool.count == count)
        #expect(folder.contents().isEmpty, "the spool's file is unlinked at once")
        for _ in 0..<2 {
            var index = 0
            try PDFRows.spool(spool).forEachRow { cells in
                #expect(cells.map(Self.describe) == Self.row(index).map(Self.describe), "row \(index)")
                index += 1
            }
            #expect(index == count)
        }
    }

    @Test func anEmptySpoolHasNoRows() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let spool = try PDFRowSpool(folder: folder.path)
        var seen = 0
        try PDFRows.spool(spool).forEachRow { _ in seen += 1 }
        #expect(seen == 0 && spool.count == 0)
    }

    @Test func aFolderThatTakesNoFileIsAWriteError() {
        #expect(throws: ExportError.self) { try PDFRowSpool(folder: "/nonexistent/folder") }
    }
}
