import Aggregation
import Exporters

extension SeasonSheet {
    /// The three line charts side by side under the weekly table, drawn from its columns, each
    /// with its words: for every line, the first and last week's values and the highest week.
    mutating func writeCharts(_ table: WeekTable) throws -> WeekTable {
        let labels = run.trend.weeks.map { ReportText.shortRange($0.start, $0.start) }
        let top = row
        try addInteractionsChart(table, top: top, labels: labels)
        try addResponseRateChart(table, top: top, labels: labels)
        try addStagesChart(table, top: top, labels: labels)
        // A default row is 20 pixels high.
        row = top + (Self.chartHeight + 19) / 20 + 1
        var done = table
        done.chartsEnd = row
        return done
    }

    /// One column of the weekly table, its weeks' rows, as a chart's categories or values.
    private func column(_ column: Int, of table: WeekTable) -> CellRange {
        CellRange(
            sheet: sheet.name,
            firstRow: table.first,
            firstColumn: column,
            lastRow: table.last,
            lastColumn: column
        )
    }

    /// The first chart, at the left: outbound and inbound interactions per week.
    private func addInteractionsChart(_ table: WeekTable, top: Int, labels: [String]) throws {
        let weeks = run.trend.weeks
        let outbound = palette.direction(.outbound)
        let inbound = palette.direction(.inbound)
        try workbook.addLineChart(
            title: "Interactions per week",
            on: sheet,
            categories: column(0, of: table),
            series: [
                .init(name: "Outbound", values: column(table.outbound, of: table), color: WorkbookLook.hex(outbound)),
                .init(name: "Inbound", values: column(table.inbound, of: table), color: WorkbookLook.hex(inbound)),
            ],
            at: (top, 0),
            size: (Self.chartWidth, Self.chartHeight),
            description: Self.words(
                "Interactions per week",
                [("outbound", weeks.map { Double($0.outbound) }), ("inbound", weeks.map { Double($0.inbound) })],
                labels: labels,
                unit: ""
            )
        )
    }

    /// The second chart, in the middle: the response rate per week.
    private func addResponseRateChart(_ table: WeekTable, top: Int, labels: [String]) throws {
        try workbook.addLineChart(
            title: "Response rate per week",
            on: sheet,
            categories: column(0, of: table),
            series: [
                .init(
                    name: "Response rate",
                    values: column(table.rate, of: table),
                    color: WorkbookLook.hex(palette.card("response_rate"))
                )
            ],
            valueFormat: "0\"%\"",
            at: (top, 0),
            size: (Self.chartWidth, Self.chartHeight),
            xOffset: Self.chartWidth + 20,
            description: Self.words(
                "Response rate per week",
                [("response rate", run.trend.weeks.map(\.responseRate))],
                labels: labels,
                unit: "%"
            )
        )
    }

    /// The third chart, at the right: the schools in each active stage at each week's end.
    private func addStagesChart(_ table: WeekTable, top: Int, labels: [String]) throws {
        let weeks = run.trend.weeks
        try workbook.addLineChart(
            title: "Schools per stage",
            on: sheet,
            categories: column(0, of: table),
            series: Self.charted.enumerated().map { index, status in
                .init(
                    name: status.displayName,
                    values: column(table.stages.lowerBound + index, of: table),
                    color: WorkbookLook.hex(lineColor(status))
                )
            },
            at: (top, 0),
            size: (Self.chartWidth, Self.chartHeight),
            xOffset: 2 * (Self.chartWidth + 20),
            description: Self.words(
                "Schools per stage at each week's end",
                Self.charted.map { status in
                    (
                        status.displayName.lowercased(),
                        weeks.map { week in Double(week.pipeline.first { $0.key == status }?.count ?? 0) }
                    )
                },
                labels: labels,
                unit: ""
            )
        )
    }

    /// A stage's line: its status's colour, but purple for Committed where the palette gives it
    /// Offer Received's colour (the built-in one gives both emerald), so that the two lines differ.
    func lineColor(_ status: SchoolStatus) -> RGBColor {
        let shared = status == .committed && palette.status(.committed) == palette.status(.offerReceived)
        return shared ? Palette.purple : palette.status(status)
    }

    /// "Interactions per week, Aug 31 to Nov 16 (weeks starting): outbound 3 in the first week, 5 in
    /// the last, highest 9 in the week of Oct 5; …". A week without a value is left out of the
    /// highest and said as "none".
    static func words(
        _ title: String,
        _ lines: [(name: String, values: [Double?])],
        labels: [String],
        unit: String
    ) -> String {
        func text(_ value: Double?) -> String {
            guard let value else { return "none" }
            let rounded = (value * 10).rounded() / 10
            let number = rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
            return number + unit
        }
        let span = labels.isEmpty ? "" : " (weeks of \(labels[0]) to \(labels[labels.count - 1]))"
        let parts = lines.map { line -> String in
            var best: (index: Int, value: Double)?
            for (index, value) in line.values.enumerated() {
                if let value, value > (best?.value ?? -1) { best = (index, value) }
            }
            let highest =
                best.map { "highest \(text($0.value)) in the week of \(labels[$0.index])" } ?? "no value in any week"
            return
                "\(line.name) \(text(line.values.first ?? nil)) in the first week, \(text(line.values.last ?? nil)) in the last, \(highest)"
        }
        return "\(title)\(span): " + parts.joined(separator: "; ")
    }
}
