import Aggregation
import Exporters
import Foundation

/// The report as a workbook (report.md §4, outputs.md): a Summary sheet laid out for
/// people, with native charts of schools by status and interactions by type, and a Data
/// sheet holding the tidy table of the csv with real numbers.
enum ReportWorkbook {
    /// Writes the workbook to `path` (a temporary file the caller renames into place).
    /// - Returns: the workbook's warnings.
    static func write(_ run: ReportRun, to path: String) throws -> [String] {
        let family = run.data.family.displayName
        let properties = XLSXWorkbook.Properties(
            title: ReportText.title, subject: "\(ReportText.title) – \(family)", creator: ToolVersion.creator,
            created: Date(timeIntervalSince1970: Double(run.generatedAt.seconds)))
        let folder = (path as NSString).deletingLastPathComponent
        let workbook = try XLSXWorkbook(path: path, properties: properties, constantMemory: false, temporaryFolder: folder)
        let summary = try workbook.addSheet("Summary")
        try writeSummary(run, on: summary, workbook: workbook)
        let data = try workbook.addSheet("Data")
        try data.writeHeader(ReportCSV.header)
        for (index, row) in ReportCSV.rows(run).enumerated() { try data.writeRow(row, row: index + 1) }
        try workbook.close()
        return workbook.warnings
    }

    private static func writeSummary(_ run: ReportRun, on sheet: XLSXSheet, workbook: XLSXWorkbook) throws {
        let figures = run.figures
        try sheet.write(.text(ReportText.title), row: 0, column: 0, style: .title)
        try sheet.write(.text(run.data.family.displayName), row: 1, column: 0, style: .subtitle)
        try sheet.write(.text("\(ReportText.rangeLine(run)) · generated \(ReportText.generatedLine(run))"), row: 2, column: 0, style: .subtitle)

        // The five stat cards, as a labelled row of figures.
        var row = 4
        for (column, card) in ReportText.statCards(figures).enumerated() {
            try sheet.write(.text(card.label), row: row, column: column, style: .header)
            try sheet.write(card.value, row: row + 1, column: column)
        }
        row += 3

        // Tables, one under the other in columns A–F; charts to their right.
        func table(_ title: String, _ headers: [String], _ rows: [[Cell]]) throws -> (first: Int, last: Int) {
            try sheet.write(.text(title), row: row, column: 0, style: .subtitle)
            for (column, header) in headers.enumerated() { try sheet.write(.text(header), row: row + 1, column: column, style: .header) }
            let first = row + 2
            for (offset, cells) in rows.enumerated() { try sheet.writeRow(cells, row: first + offset) }
            row = first + rows.count + 1
            return (first, first + rows.count - 1)
        }

        let statuses = try table("Schools by Status", ["Status", "Schools"],
                                 figures.schools.byStatus.map { [.text($0.key.displayName), .integer($0.count)] })
        try workbook.addChart(.column, title: "Schools by Status", on: sheet,
                              categories: CellRange(sheet: sheet.name, firstRow: statuses.first, firstColumn: 0, lastRow: statuses.last, lastColumn: 0),
                              values: CellRange(sheet: sheet.name, firstRow: statuses.first, firstColumn: 1, lastRow: statuses.last, lastColumn: 1),
                              color: 0x0066FF, at: (statuses.first - 1, 7), size: (560, 300))
        _ = try table("Schools by Division", ["Division", "Schools"],
                      figures.schools.byDivision.map { [.text($0.key?.displayName ?? Division.unknownLabel), .integer($0.count)] })
        let types = try table("Interactions by Type", ["Type", "Interactions"],
                              figures.interactions.byType.map { [.text($0.key.displayName), .integer($0.count)] })
        try workbook.addChart(.bar, title: "Interactions by Type", on: sheet,
                              categories: CellRange(sheet: sheet.name, firstRow: types.first, firstColumn: 0, lastRow: types.last, lastColumn: 0),
                              values: CellRange(sheet: sheet.name, firstRow: types.first, firstColumn: 1, lastRow: types.last, lastColumn: 1),
                              color: 0x00CC66, at: (types.first - 1, 7), size: (560, 340))
        _ = try table("Interactions by Sentiment", ["Sentiment", "Interactions"],
                      figures.interactions.bySentiment.map { [.text($0.key.displayName), .integer($0.count)] })
        _ = try table("Interactions by Direction", ["Direction", "Interactions"],
                      figures.interactions.byDirection.map { [.text($0.key.displayName), .integer($0.count)] })
        _ = try table("Metric Summaries", ["Metric", "Count", "Average", "Min", "Max", "Unit"],
                      figures.metrics.summaries.map {
                          [.text($0.type), .integer($0.count), .number($0.avg), .number($0.min), .number($0.max), .text($0.unit)]
                      })
        _ = try table("Previous Period (\(ReportText.rangeText(figures.previous.range)))", ["Measure", "This Period", "Previous", "Change"],
                      ReportText.comparison(figures).map { [.text($0.label), $0.current, $0.previous, $0.change] })
    }
}
