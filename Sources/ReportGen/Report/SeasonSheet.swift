import Aggregation
import Exporters

/// The report workbook's "Season" sheet (docs/season.md §6, docs/outputs.md): the twelve weeks
/// as a table, one row a week; three native line charts under it (interactions out and in, the
/// response rate, schools per active stage), each with its words as alternative text; then what
/// the range changed and what the coming 14 days hold, as tables. A part whose table the
/// database lacks says so in a line; personal reminders and deadlines are never read here.
struct SeasonSheet {
    let run: ReportRun
    let palette: OutputPalette
    let sheet: XLSXSheet
    let workbook: XLSXWorkbook
    var row = 0

    init(run: ReportRun, palette: OutputPalette, sheet: XLSXSheet, workbook: XLSXWorkbook) {
        self.run = run
        self.palette = palette
        self.sheet = sheet
        self.workbook = workbook
    }

    /// The pipeline's columns: the six statuses in the app's order; the active stages
    /// (contacted to committed) charted.
    static let stages: [SchoolStatus] = SchoolStatus.allCases
    static let charted: [SchoolStatus] = [.contacted, .visiting, .offerReceived, .committed]
    static let stageNote =
        "Each school counts in its status at the week's end as the app shows it today (an older status read "
        + "by the app's map). A blank response rate is a week in which no coach was contacted."
    static let chartWidth = 420, chartHeight = 300

    mutating func write() throws {
        let weeks = run.trend.weeks
        try sheet.writeTitle("The season – \(run.data.family.displayName)")
        if let first = weeks.first, let last = weeks.last {
            try sheet.write(
                .text(
                    "12 weeks, \(ReportText.day(first.start)) – \(ReportText.day(last.end)) · generated \(ReportText.generatedLine(run))"
                ),
                row: 1,
                column: 0,
                style: .subtitle
            )
        }
        row = 3
        let table = try writeWeeks()
        let charted = try writeCharts(table)
        try SeasonLists(run: run, sheet: sheet).write(from: &row)
        try sheet.setPrint(
            landscape: true,
            pagesWide: 1,
            pagesTall: 0,
            lastRow: max(row, charted.chartsEnd),
            lastColumn: max(table.lastColumn, 17)
        )
    }

    /// Where the weekly table's columns are, for the charts.
    struct WeekTable {
        let first: Int, last: Int
        let outbound: Int, inbound: Int, rate: Int
        let stages: ClosedRange<Int>
        let lastColumn: Int
        var chartsEnd = 0
    }

    private mutating func writeWeeks() throws -> WeekTable {
        let weeks = run.trend.weeks
        let views = weeks.first?.profileViews != nil
        let metricTypes = weeks.first?.metrics.map(\.type) ?? []
        var headers =
            ["Week of", "Start", "End", "Outbound", "Inbound", "Response rate"] + (views ? ["Profile views"] : [])
        let firstStage = headers.count
        headers += Self.stages.map(\.displayName)
        let definitions = metricTypes.map { MetricRegistry.app.definition($0) }
        headers += definitions.map { definition in
            let unit = definition.isRegistered ? definition.unit : run.trend.metricUnits[definition.key] ?? ""
            return "\(definition.label) avg" + (unit.isEmpty ? "" : " (\(unit))")
        }
        try sheet.write(.text("Week by week"), row: row, column: 0, style: .subtitle)
        try sheet.writeHeader(headers, row: row + 1)
        let first = row + 2
        for (offset, week) in weeks.enumerated() {
            var cells: [Cell] = [
                .text(ReportText.shortRange(week.start, week.start)), Self.date(week.start), Self.date(week.end),
                .integer(week.outbound), .integer(week.inbound), Cell.percent(week.responseRate),
            ]
            if views { cells.append(Cell.integer(week.profileViews)) }
            cells += Self.stages.map { status in .integer(week.pipeline.first { $0.key == status }?.count ?? 0) }
            var styles: [Int: XLSXStyle] = [:]
            for (definition, metric) in zip(definitions, week.metrics) {
                let (cell, style) = MetricCells.cell(metric.average, definition.format)
                styles[cells.count] = style
                cells.append(cell)
            }
            try sheet.writeRow(cells, row: first + offset, styles: styles)
        }
        let last = first + weeks.count - 1
        try sheet.write(.text(Self.stageNote), row: last + 1, column: 0, style: .note)
        row = last + 3
        return WeekTable(
            first: first,
            last: last,
            outbound: 3,
            inbound: 4,
            rate: 5,
            stages: (firstStage + 1)...(firstStage + Self.charted.count),
            lastColumn: headers.count - 1
        )
    }

    static func date(_ day: CivilDate) -> Cell { .date(ExportDate(year: day.year, month: day.month, day: day.day)) }
}
