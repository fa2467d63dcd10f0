import Aggregation
import Exporters

/// "The season": the twelve weeks of the trend (docs/season.md §5) as three line charts,
/// interactions (and profile views) per week, the response rate per week, and the schools at
/// each active stage at each week's end. Each chart's caption says it in words: for every
/// line its first and last values and its highest week.
package enum ReportPDFCharts {
    /// The lines' colours, each readable as text on white (their last values are written in them).
    static let outbound = PDFColor(0x1D4ED8), inbound = PDFColor(0x047857), views = PDFColor(0x6D28D9)
    static let rate = PDFColor(0xB45309)
    /// The pipeline's active stages: Contacted, Visiting, Offer Received, Committed.
    static let stages: [(status: SchoolStatus, color: PDFColor)] = [
        (.contacted, PDFColor(0x1D4ED8)), (.visiting, PDFColor(0xC2410C)),
        (.offerReceived, PDFColor(0x047857)), (.committed, PDFColor(0x6D28D9)),
    ]
    package static var lineColors: [PDFColor] { [outbound, inbound, views, rate] + stages.map(\.color) }

    static func season(_ trend: SeasonTrend) -> [PDFBlock] {
        guard let first = trend.weeks.first, let last = trend.weeks.last else { return [] }
        let labels = trend.weeks.map { ReportText.shortRange($0.start, $0.start) }
        var lines = [
            PDFLineChart.Series(name: "Outbound", values: trend.weeks.map { Double($0.outbound) }, color: outbound),
            PDFLineChart.Series(name: "Inbound", values: trend.weeks.map { Double($0.inbound) }, color: inbound),
        ]
        if trend.weeks.allSatisfy({ $0.profileViews != nil }) {
            lines.append(
                PDFLineChart.Series(
                    name: "Profile views",
                    values: trend.weeks.map { $0.profileViews.map { Double($0) } },
                    color: views
                )
            )
        }
        let interactions = chart("Interactions per week", lines, labels: labels)
        let rateLine = PDFLineChart.Series(name: "Response rate", values: trend.weeks.map(\.responseRate), color: rate)
        var rateChart = chart("Response rate per week", [rateLine], labels: labels, unit: "%", ceiling: 100)
        let gaps = trend.weeks.count { $0.responseRate == nil }
        if gaps > 0 {
            rateChart = chart(
                "Response rate per week",
                [rateLine],
                labels: labels,
                unit: "%",
                ceiling: 100,
                after: " No coach was contacted in \(gaps) of the \(trend.weeks.count) weeks: a gap in the line."
            )
        }
        let stageLines = stages.map { stage in
            PDFLineChart.Series(
                name: stage.status.displayName,
                values: trend.weeks.map { week in Double(week.pipeline.first { $0.key == stage.status }?.count ?? 0) },
                color: stage.color
            )
        }
        // The heading with the first two charts, side by side; each chart whole on a page. (All
        // three kept on one page left the page before a tenth full for the demo's Tanaka family.)
        // The stages' chart, with four lines and the longest caption, takes the page's width.
        return [
            .together([
                .section("The season"),
                .note(
                    "The twelve weeks \(ReportText.shortRange(first.start, last.end)), each labelled by its first day"
                ),
                .columns([.lineChart(interactions)], [.lineChart(rateChart)]),
            ]),
            .lineChart(chart("Schools at each stage at the week's end", stageLines, labels: labels)),
        ]
    }

    private static func chart(
        _ title: String,
        _ lines: [PDFLineChart.Series],
        labels: [String],
        unit: String = "",
        ceiling: Double = 4,
        after: String = ""
    ) -> PDFLineChart {
        let words = lines.map { describe($0, labels: labels, unit: unit) }.joined(separator: " ")
        return PDFLineChart(
            title: title,
            caption: words + after,
            labels: labels,
            series: lines,
            unit: unit,
            ceiling: ceiling
        )
    }

    /// A line in words, short enough for five lines in a caption: "Outbound: 3 (week of Aug 31)
    /// to 5 (Nov 16), highest 9 (Oct 12)." The first highest week when several tie; "none in any
    /// week" without values; "0 every week" when every week has the same value.
    static func describe(_ line: PDFLineChart.Series, labels: [String], unit: String) -> String {
        let points = line.values.enumerated().compactMap { index, value in
            value.map { (label: labels[index], value: $0) }
        }
        guard let first = points.first, let last = points.last, let peak = points.map(\.value).max(),
            let highest = points.first(where: { $0.value == peak })
        else {
            return "\(line.name): none in any week."
        }
        func value(_ number: Double) -> String { ReportText.decimal(number, places: 1) + unit }
        if points.count == line.values.count, points.allSatisfy({ $0.value == first.value }) {
            return "\(line.name): \(value(first.value)) every week."
        }
        return "\(line.name): \(value(first.value)) (week of \(first.label)) to \(value(last.value)) (\(last.label)), "
            + "highest \(value(highest.value)) (\(highest.label))."
    }
}
