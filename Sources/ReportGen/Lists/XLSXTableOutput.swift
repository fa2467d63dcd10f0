import Core
import Exporters
import Foundation

/// An xlsx list: one sheet in constant-memory mode (rows go straight to disk), its title in
/// row 1 (the workbook's subject, "Coaches – Rivera Family", the first thing a screen reader
/// says on the sheet), a frozen, filtered header in row 2, links, and an optional summary sheet.
final class XLSXTableOutput: TableOutput {
    let pending: AtomicFile.Pending?
    private let workbook: XLSXWorkbook
    private let sheet: XLSXSheet
    private let title: String
    /// The row of the last list row written: the header is row 1 (0-based), under the title.
    private var row = 1
    private var rows = 0

    init(path: String, sheetName: String, properties: XLSXWorkbook.Properties) throws {
        let pending = try AtomicFile.Pending(path: path)
        self.pending = pending
        // libxlsxwriter's scratch files go in a hidden folder that a killed run's successor removes.
        workbook = try XLSXWorkbook(
            path: pending.temporaryPath,
            properties: properties,
            constantMemory: true,
            temporaryFolder: try pending.makeScratchFolder()
        )
        sheet = try workbook.addSheet(sheetName)
        title = properties.subject
    }

    func writeHeader(_ headers: [String]) throws {
        try sheet.writeTitle(title)
        try sheet.writeHeader(headers, row: 1)
    }

    func writeRow(_ cells: [Cell]) throws {
        row += 1
        rows += 1
        try sheet.writeRow(cells, row: row)
    }

    func writeSummary(title: String, _ figures: [(String, Cell)]) throws {
        let summary = try workbook.addSheet(title)
        try summary.writeTitle("\(title) – \(self.title)")
        try summary.writeHeader(["Measure", "Value"], row: 1)
        for (index, figure) in figures.enumerated() {
            try summary.writeRow([.text(figure.0), figure.1], row: index + 2)
        }
    }

    var warnings: [String] { workbook.warnings }

    func finish() throws -> WrittenFile {
        try workbook.close()
        return WrittenFile(path: pending?.path ?? "-", format: "xlsx", rows: rows)
    }
}
