import Aggregation
import Exporters
import Foundation
import ReportCore

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
        var writer = SummaryWriter(run: run, palette: templates.palette, sheet: sheet, workbook: workbook)
        try writer.writeHeading(title: templates.reportTitle)
        for (section, title) in templates.reportSections {
            writer.sectionStarts.append(writer.row)
            try writer.write(section, title: title)
        }
        let lastRow = max(writer.row - 1, writer.chartRows.map(\.upperBound).max() ?? 0)
        try printSetup(sheet, lastRow: lastRow, sectionStarts: writer.sectionStarts, chartRows: writer.chartRows)
    }

    /// The Summary sheet as it is written, row by row: tables one under the other in columns
    /// A–F, in the template's order, charts to their right.
    private struct SummaryWriter {
        let run: ReportRun
        let palette: OutputPalette
        let sheet: XLSXSheet
        let workbook: XLSXWorkbook
        var row = 0
        /// Where a page may start (a section's title row) and the rows each chart covers: a
        /// page break never falls inside a chart.
        var sectionStarts: [Int] = []
        var chartRows: [ClosedRange<Int>] = []

        /// The title, the family, the dates, and the five stat cards as a labelled row of
        /// figures with what each counts under it.
        mutating func writeHeading(title: String) throws {
            try sheet.write(.text(title), row: 0, column: 0, style: .title)
            try sheet.write(.text(run.data.family.displayName), row: 1, column: 0, style: .subtitle)
            try sheet.write(.text("\(ReportText.rangeLine(run)) · generated \(ReportText.generatedLine(run))"), row: 2, column: 0, style: .subtitle)
            row = 4
            for (column, card) in ReportText.statCards(run.figures, range: run.range, palette: palette).enumerated() {
                try sheet.write(.text(card.label), row: row, column: column, style: .header)
                try sheet.write(card.value, row: row + 1, column: column)
                try sheet.write(.text(card.scope), row: row + 2, column: column, style: .wrappedNote)
            }
            try sheet.setHeight(26, row: row + 2)
            try sheet.write(.text(ReportText.responseRateExplained), row: row + 3, column: 0, style: .note)
            row += 5
        }

        mutating func write(_ section: ReportSection, title: String) throws {
            let figures = run.figures
            switch section {
            case .followUps:
                try writeFollowUps(title: title)
            case .schoolsByStatus:
                let statuses = figures.schools.byStatus
                let rows = try table(title, ["Status", "Schools"], statuses.map { [.text($0.key.displayName), .integer($0.count)] })
                try chart(.column, title, rows, color: palette.card("schools"), pointColors: statuses.map { palette.status($0.key) }, height: 300,
                          words: statuses.map { ($0.key.displayName, $0.count) })
            case .schoolsByDivision:
                _ = try table(title, ["Division", "Schools"],
                              figures.schools.byDivision.map { [.text($0.key?.displayName ?? Division.unknownLabel), .integer($0.count)] })
            case .interactionsByType:
                let rows = try table(title, ["Type", "Interactions"], figures.interactions.byType.map { [.text($0.key.displayName), .integer($0.count)] })
                // About 24 pixels a bar, so that no spreadsheet program drops every other label for room.
                try chart(.bar, title, rows, color: palette.card("interactions"), height: max(300, 90 + 24 * (rows.last - rows.first + 1)),
                          words: figures.interactions.byType.map { ($0.key.displayName, $0.count) })
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

        /// Each follow-up list as a small table (dates as date cells, days as numbers), or a line saying it is empty.
        private mutating func writeFollowUps(title: String) throws {
            try sheet.write(.text("\(title) (as of \(ReportText.day(run.followUps.today)))"), row: row, column: 0, style: .subtitle)
            row += 1
            for list in ReportText.followUpTables(run.followUps) {
                if list.rows.isEmpty {
                    try sheet.write(.text(list.empty), row: row, column: 0, style: .note)
                    row += 2
                } else {
                    _ = try table(list.heading, list.columns, list.rows)
                }
                if let note = list.note {
                    try sheet.write(.text(note), row: row - 1, column: 0, style: .note)
                    row += 1
                }
            }
        }

        private mutating func table(_ title: String, _ headers: [String], _ rows: [[Cell]]) throws -> (first: Int, last: Int) {
            try sheet.write(.text(title), row: row, column: 0, style: .subtitle)
            for (column, header) in headers.enumerated() { try sheet.write(.text(header), row: row + 1, column: column, style: .header) }
            let first = row + 2
            for (offset, cells) in rows.enumerated() { try sheet.writeRow(cells, row: first + offset) }
            row = first + rows.count + 1
            return (first, first + rows.count - 1)
        }

        /// A native chart of a table's rows, with its alternative text in words.
        private mutating func chart(_ kind: XLSXWorkbook.ChartKind, _ title: String, _ rows: (first: Int, last: Int), color: RGBColor,
                                    pointColors: [RGBColor] = [], height: Int, words: [(String, Int)]) throws {
            func rgb(_ color: RGBColor) -> UInt32 { UInt32(color.red) << 16 | UInt32(color.green) << 8 | UInt32(color.blue) }
            try workbook.addChart(kind, title: title, on: sheet,
                                  categories: CellRange(sheet: sheet.name, firstRow: rows.first, firstColumn: 0, lastRow: rows.last, lastColumn: 0),
                                  values: CellRange(sheet: sheet.name, firstRow: rows.first, firstColumn: 1, lastRow: rows.last, lastColumn: 1),
                                  color: rgb(color), pointColors: pointColors.map(rgb), at: (rows.first - 1, ReportWorkbook.chartColumn),
                                  size: (ReportWorkbook.chartWidth, height),
                                  description: "\(title): " + words.map { "\($0.0) \($0.1)" }.joined(separator: ", "))
            // A default row is 20 pixels high.
            chartRows.append((rows.first - 1)...(rows.first - 1 + (height + 19) / 20))
        }
    }

    /// Where the charts go: column H, 560 pixels wide.
    static let chartColumn = 7, chartWidth = 560

    /// The Summary prints on US Letter, landscape, scaled so that the tables and the charts
    /// beside them fit the page's width, with a new page before a section that would not fit
    /// whole, and never inside a chart. (A print scale, not "fit to width": Excel ignores
    /// manual page breaks on a sheet set to fit.)
    private static func printSetup(_ sheet: XLSXSheet, lastRow: Int, sectionStarts: [Int], chartRows: [ClosedRange<Int>]) throws {
        // Column widths in characters are about 7 pixels each plus 5 of padding (Calibri 11).
        let tableWidth = (0..<chartColumn).map { sheet.fittedWidth(column: $0) * 7 + 5 }.reduce(0, +)
        let sheetWidth = tableWidth + Double(chartWidth) + 20
        // Letter landscape less Excel's default margins (0.7 in at the sides, 0.75 in above and below), in pixels at 96 per inch.
        let pageWidth = (11 - 1.4) * 96, pageHeight = (8.5 - 1.5) * 96
        // A quarter to spare: spreadsheet programs measure columns with their own fonts (LibreOffice draws them about a fifth wider).
        let scale = min(100, Int(pageWidth / (sheetWidth * 1.25) * 100))
        // Rows per page at that scale (20 pixels a row), less one for the taller card row.
        let rowsPerPage = max(10, Int(pageHeight / (20 * Double(scale) / 100)) - 1)
        let breakable = sectionStarts.filter { start in !chartRows.contains { $0.lowerBound < start && start <= $0.upperBound } }
        var pageStarts: [Int] = []
        var pageStart = 0
        for (index, start) in breakable.enumerated() {
            let end = index + 1 < breakable.count ? breakable[index + 1] : lastRow + 1
            if end - pageStart > rowsPerPage, start > pageStart {
                pageStarts.append(start)
                pageStart = start
            }
        }
        try sheet.setPrint(landscape: true, scale: scale, lastRow: lastRow, lastColumn: chartColumn + 9, pageStarts: pageStarts)
    }
}
