import Aggregation
import Exporters
import Foundation

/// The report as a workbook (docs/report.md §3, docs/outputs.md): a Summary sheet laid out for
/// people, with native charts of schools by status and interactions by type, and a Data
/// sheet holding the tidy table of the csv with real numbers.
enum ReportWorkbook {
    /// Writes the workbook to `path` (a temporary file the caller renames into place).
    /// - Returns: the workbook's warnings.
    static func write(_ run: ReportRun, templates: OutputTemplates, to path: String) throws -> [String] {
        let family = run.data.family.displayName
        let properties = XLSXWorkbook.Properties(
            title: templates.reportTitle, subject: "\(templates.reportTitle) – \(family)", creator: ToolVersion.creator,
            created: Date(timeIntervalSince1970: Double(run.generatedAt.seconds)))
        // `path` is an `AtomicFile` temporary: its `.d` scratch folder is removed on commit or discard.
        let scratch = path + ".d"
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        let workbook = try XLSXWorkbook(path: path, properties: properties, constantMemory: false, temporaryFolder: scratch)
        let summary = try workbook.addSheet("Summary")
        try writeSummary(run, templates: templates, on: summary, workbook: workbook)
        let data = try workbook.addSheet("Data")
        try data.writeHeader(ReportCSV.header)
        for (index, row) in ReportCSV.rows(run).enumerated() { try data.writeRow(row, row: index + 1) }
        try workbook.close()
        return workbook.warnings
    }

    private static func writeSummary(_ run: ReportRun, templates: OutputTemplates, on sheet: XLSXSheet, workbook: XLSXWorkbook) throws {
        let figures = run.figures, palette = templates.palette
        try sheet.write(.text(templates.reportTitle), row: 0, column: 0, style: .title)
        try sheet.write(.text(run.data.family.displayName), row: 1, column: 0, style: .subtitle)
        try sheet.write(.text("\(ReportText.rangeLine(run)) · generated \(ReportText.generatedLine(run))"), row: 2, column: 0, style: .subtitle)

        // The five stat cards, as a labelled row of figures.
        var row = 4
        for (column, card) in ReportText.statCards(figures, palette: palette).enumerated() {
            try sheet.write(.text(card.label), row: row, column: column, style: .header)
            try sheet.write(card.value, row: row + 1, column: column)
        }
        row += 3

        // Tables, one under the other in columns A–F, in the template's order; charts to their right.
        func table(_ title: String, _ headers: [String], _ rows: [[Cell]]) throws -> (first: Int, last: Int) {
            try sheet.write(.text(title), row: row, column: 0, style: .subtitle)
            for (column, header) in headers.enumerated() { try sheet.write(.text(header), row: row + 1, column: column, style: .header) }
            let first = row + 2
            for (offset, cells) in rows.enumerated() { try sheet.writeRow(cells, row: first + offset) }
            row = first + rows.count + 1
            return (first, first + rows.count - 1)
        }
        func chart(_ kind: XLSXWorkbook.ChartKind, _ title: String, _ rows: (first: Int, last: Int), color: RGBColor, height: Int) throws {
            try workbook.addChart(kind, title: title, on: sheet,
                                  categories: CellRange(sheet: sheet.name, firstRow: rows.first, firstColumn: 0, lastRow: rows.last, lastColumn: 0),
                                  values: CellRange(sheet: sheet.name, firstRow: rows.first, firstColumn: 1, lastRow: rows.last, lastColumn: 1),
                                  color: UInt32(color.red) << 16 | UInt32(color.green) << 8 | UInt32(color.blue),
                                  at: (rows.first - 1, 7), size: (560, height))
        }

        for (section, title) in templates.reportSections {
            switch section {
            case .schoolsByStatus:
                let rows = try table(title, ["Status", "Schools"], figures.schools.byStatus.map { [.text($0.key.displayName), .integer($0.count)] })
                try chart(.column, title, rows, color: palette.card("schools"), height: 300)
            case .schoolsByDivision:
                _ = try table(title, ["Division", "Schools"],
                              figures.schools.byDivision.map { [.text($0.key?.displayName ?? Division.unknownLabel), .integer($0.count)] })
            case .interactionsByType:
                let rows = try table(title, ["Type", "Interactions"], figures.interactions.byType.map { [.text($0.key.displayName), .integer($0.count)] })
                try chart(.bar, title, rows, color: palette.card("interactions"), height: 340)
            case .interactionsBySentiment:
                _ = try table(title, ["Sentiment", "Interactions"], figures.interactions.bySentiment.map { [.text($0.key.displayName), .integer($0.count)] })
            case .interactionsByDirection:
                _ = try table(title, ["Direction", "Interactions"], figures.interactions.byDirection.map { [.text($0.key.displayName), .integer($0.count)] })
            case .metricSummaries:
                _ = try table(title, ["Metric", "Count", "Average", "Min", "Max", "Unit"],
                              figures.metrics.summaries.map {
                                  // One value is shown once, as the average (min and max would repeat it).
                                  [.text(ReportText.metricName($0.type)), .integer($0.count), .number($0.avg),
                                   $0.count == 1 ? .empty : .number($0.min), $0.count == 1 ? .empty : .number($0.max), .text($0.unit)]
                              })
            case .previousPeriod:
                _ = try table("\(title) (\(ReportText.rangeText(figures.previous.range)))", ["Measure", "This Period", "Previous", "Change"],
                              ReportText.comparison(figures).map { [.text($0.label), $0.current, $0.previous, $0.change] })
            }
        }
    }
}
