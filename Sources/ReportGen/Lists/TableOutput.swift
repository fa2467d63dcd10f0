import Core
import Exporters
import Foundation

/// A list file being written row by row in one format. Several outputs can be fed from
/// one pass over the rows, so that streamed rows are read once for every format.
protocol TableOutput: AnyObject {
    func writeHeader(_ headers: [String]) throws
    func writeRow(_ cells: [Cell]) throws
    /// Completes the file under its temporary name and says what was written.
    func finish() throws -> WrittenFile
    var pending: AtomicFile.Pending? { get }
    /// Adds the list's summary figures (the interactions' analytics) where the format has room.
    func writeSummary(title: String, _ figures: [(String, Cell)]) throws
    /// Warnings about the file (text cut, links written as text).
    var warnings: [String] { get }
}

/// An output that is given the list's rows themselves (pdf, html: they draw their cells from
/// them, `ListPDFSpec`), rather than the columns' cells.
protocol RowOutput<Row>: TableOutput {
    associatedtype Row
    func add(_ row: Row) throws
}

extension TableOutput {
    func writeSummary(title: String, _ figures: [(String, Cell)]) throws {}
    var warnings: [String] { [] }
}

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

/// A csv list, to a file or to standard output.
final class CSVTableOutput: TableOutput {
    private let sink: ByteSink
    private let writer: CSVWriter
    let pending: AtomicFile.Pending?
    private let format = "csv"

    init(path: String?, options: CSVWriter.Options) throws {
        if let path {
            let pending = try AtomicFile.Pending(path: path)
            self.pending = pending
            sink = try ByteSink(path: pending.temporaryPath)
        } else {
            pending = nil
            sink = ByteSink.standardOutput()
        }
        writer = try CSVWriter(sink: sink, options: options)
    }

    func writeHeader(_ headers: [String]) throws { try writer.writeHeader(headers) }
    func writeRow(_ cells: [Cell]) throws { try writer.writeRow(cells) }

    func finish() throws -> WrittenFile {
        try writer.finish()
        try sink.close()
        return WrittenFile(path: pending?.path ?? "-", format: format, rows: writer.rowsWritten)
    }
}
