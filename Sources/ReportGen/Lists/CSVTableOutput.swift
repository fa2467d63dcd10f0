import Core
import Exporters
import Foundation

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
