import Aggregation
import Core
import Exporters
import Foundation

/// Writes a report in each format asked for, atomically: all the formats appear together or none does.
package enum ReportFiles {
    /// `report_<family slug>_<from>_<to>.<format>`.
    package static func fileName(_ run: ReportRun, _ format: ReportFormat) -> String {
        fileName(family: run.data.family, range: run.range, format: format)
    }

    /// `report_<family slug>_<from>_<to>.<format>`, for any family and range.
    package static func fileName(family: FamilyUnit, range: DateRange, format: ReportFormat) -> String {
        "report_\(family.slug)_\(range.from)_\(range.to).\(format.rawValue)"
    }

    /// Writes `run` in `formats` to `target`.
    /// - Throws: `UsageError` for standard output with more than one format; `OutputError`
    ///   or `ExportError` when a file cannot be written (nothing is left under a final name).
    package static func write(
        _ run: ReportRun,
        formats: [ReportFormat],
        to target: OutputTarget,
        csv options: CSVWriter.Options = CSVWriter.Options(),
        templates: OutputTemplates? = nil
    ) throws -> [WrittenFile] {
        let templates = templates ?? OutputTemplates.builtIn
        switch target {
        case .standardOutput:
            guard formats.count == 1, let format = formats.first, format.isText else {
                throw UsageError(
                    "--out - writes one text format to standard output; give a single --format (json or csv)"
                )
            }
            let sink = ByteSink.standardOutput()
            let rows = try render(run, format, to: sink, csv: options, title: templates.reportTitle)
            try sink.close()
            return [WrittenFile(path: "-", format: format.rawValue, rows: rows)]
        case .folder(let folder):
            try AtomicFile.ensureWritableFolder(folder)
            // Every format is written to its temporary file first; they appear together or not at all.
            var pending: [AtomicFile.Pending] = []
            var written: [WrittenFile] = []
            do {
                for format in formats {
                    let file = try AtomicFile.Pending(
                        path: (folder as NSString).appendingPathComponent(fileName(run, format))
                    )
                    pending.append(file)
                    do {
                        written.append(try write(run, format, to: file, csv: options, templates: templates))
                    } catch {
                        throw file.translate(error)
                    }
                }
                try AtomicFile.commitAll(pending)
            } catch {
                for file in pending { file.discard() }
                throw error
            }
            return written
        }
    }

    /// Writes one format into its pending file's temporary path.
    private static func write(
        _ run: ReportRun,
        _ format: ReportFormat,
        to file: AtomicFile.Pending,
        csv options: CSVWriter.Options,
        templates: OutputTemplates
    ) throws -> WrittenFile {
        let temporary = file.temporaryPath
        switch format {
        case .pdf:
            let result = try PDFRenderer.render(ReportPDF.document(run, templates: templates), to: temporary)
            return WrittenFile(path: file.path, format: format.rawValue, rows: nil, warnings: result.warnings)
        case .xlsx:
            let workbook = try ReportWorkbook.write(run, templates: templates, to: temporary)
            return WrittenFile(
                path: file.path,
                format: format.rawValue,
                rows: workbook.dataRows,
                warnings: workbook.warnings
            )
        case .html:
            let sink = try ByteSink(path: temporary)
            try sink.write(try ReportHTML.page(run, templates: templates))
            try sink.close()
            return WrittenFile(path: file.path, format: format.rawValue, rows: nil)
        case .json, .csv:
            let sink = try ByteSink(path: temporary)
            let rows = try render(run, format, to: sink, csv: options, title: templates.reportTitle)
            try sink.close()
            return WrittenFile(path: file.path, format: format.rawValue, rows: rows)
        }
    }

    /// Renders one format into a sink; returns the data rows written, where that applies.
    private static func render(
        _ run: ReportRun,
        _ format: ReportFormat,
        to sink: ByteSink,
        csv options: CSVWriter.Options,
        title: String
    ) throws -> Int? {
        switch format {
        case .json:
            try sink.write(ReportJSON.document(run, title: title).serialized())
            return nil
        case .csv:
            let writer = try CSVWriter(sink: sink, options: options)
            try writer.writeHeader(ReportCSV.header)
            for row in ReportCSV.rows(run) { try writer.writeRow(row) }
            try writer.finish()
            return writer.rowsWritten
        case .xlsx, .pdf, .html:
            throw UsageError("\(format.rawValue) is not a text format")
        }
    }
}
