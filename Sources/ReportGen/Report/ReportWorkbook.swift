import Aggregation
import Core
import Exporters
import Foundation

/// The report as a workbook (docs/report.md §3, docs/outputs.md): a Summary sheet laid out for
/// people (cards with their change, native charts of schools by status and interactions by
/// type beside their tables), a Season sheet (the twelve weeks with line charts, what the
/// range changed and what is coming, docs/season.md §6), and a Data sheet holding the tidy
/// table of the csv with real numbers, hidden so that it prints only when asked.
enum ReportWorkbook {
    /// Writes the workbook to `path` (a temporary file the caller renames into place).
    /// - Returns: the workbook's warnings, and the rows of its Data sheet (the csv's rows).
    static func write(
        _ run: ReportRun,
        templates: OutputTemplates,
        to path: String
    ) throws -> (warnings: [String], dataRows: Int) {
        let family = run.data.family.displayName
        let properties = XLSXWorkbook.Properties(
            title: templates.reportTitle,
            subject: "\(templates.reportTitle) – \(family)",
            creator: ToolVersion.creator,
            created: Date(timeIntervalSince1970: Double(run.generatedAt.seconds))
        )
        // `path` is an `AtomicFile` temporary: its `.d` scratch folder is removed on commit or discard.
        let scratch = path + ".d"
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        let workbook = try XLSXWorkbook(
            path: path,
            properties: properties,
            constantMemory: false,
            temporaryFolder: scratch
        )
        let summary = try workbook.addSheet("Summary")
        try writeSummary(run, templates: templates, on: summary, workbook: workbook)
        let season = try workbook.addSheet("Season")
        var seasonSheet = SeasonSheet(run: run, palette: templates.palette, sheet: season, workbook: workbook)
        try seasonSheet.write()
        let dataRows = try writeData(
            run,
            title: "\(templates.reportTitle) – \(family): every figure as the csv's rows",
            on: try workbook.addSheet("Data")
        )
        try workbook.close()
        return (workbook.warnings, dataRows)
    }

    /// The csv's rows under a title row, with a percentage (a row whose unit is `%`) shown as one.
    /// - Returns: the rows written below the header.
    private static func writeData(_ run: ReportRun, title: String, on data: XLSXSheet) throws -> Int {
        try data.writeTitle(title)
        try data.writeHeader(ReportCSV.header, row: 1)
        let rows = ReportCSV.rows(run)
        for (index, row) in rows.enumerated() {
            var cells = row
            if cells.count == 5, case .text("%") = cells[4], case .number(let value) = cells[3] {
                cells[3] = .percent(value)
            }
            try data.writeRow(cells, row: index + 2)
        }
        try data.hide()
        return rows.count
    }

    private static func writeSummary(
        _ run: ReportRun,
        templates: OutputTemplates,
        on sheet: XLSXSheet,
        workbook: XLSXWorkbook
    ) throws {
        var writer = SummaryWriter(run: run, palette: templates.palette, sheet: sheet, workbook: workbook)
        try writer.writeHeading(title: templates.reportTitle)
        for (section, title) in summaryOrder(templates.reportSections) { try writer.write(section, title: title) }
        try sheet.write(
            .text(
                "Every figure, by its key, is on the Data sheet (hidden so that it does not print: unhide it to see it)."
            ),
            row: writer.row,
            column: 0,
            style: .note
        )
        let lastRow = max(writer.row, writer.chartRows.map(\.upperBound).max() ?? 0)
        try sheet.setPrint(
            landscape: true,
            pagesWide: 1,
            pagesTall: 2,
            lastRow: lastRow,
            lastColumn: max(6, chartColumn + 8)
        )
    }

    /// The template's sections with the two that have a chart first, in the template's order,
    /// so that the charts and their tables are on the sheet's first screen, under the cards.
    static func summaryOrder(
        _ sections: [(section: ReportSection, title: String)]
    ) -> [(section: ReportSection, title: String)] {
        let charted: Set<ReportSection> = [.schoolsByStatus, .interactionsByType]
        return sections.filter { charted.contains($0.section) } + sections.filter { !charted.contains($0.section) }
    }

    /// Where the Summary's charts go: column D, beside the two-column tables they draw (no wider
    /// table shares their rows: the next section starts under the chart), 520 pixels wide.
    static let chartColumn = 3, chartWidth = 520
}
