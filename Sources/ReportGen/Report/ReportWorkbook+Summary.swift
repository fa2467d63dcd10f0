import Aggregation
import Exporters

extension ReportWorkbook {
    /// The Summary sheet as it is written, row by row: the title, the five cards, then tables
    /// one under the other in columns A–G, charts to the right of the two-column ones, in column D.
    struct SummaryWriter {
        let run: ReportRun
        let palette: OutputPalette
        let sheet: XLSXSheet
        let workbook: XLSXWorkbook
        var row = 0
        /// The rows each chart covers, so that the print area takes them in.
        var chartRows: [ClosedRange<Int>] = []

        /// The title, the family, the dates, and the five stat cards: each a tinted block of its
        /// label, its figure, its change from the period before and what it counts.
        mutating func writeHeading(title: String) throws {
            try sheet.writeTitle(title)
            try sheet.write(.text(run.data.family.displayName), row: 1, column: 0, style: .subtitle)
            try sheet.write(
                .text("\(ReportText.rangeLine(run)) · generated \(ReportText.generatedLine(run))"),
                row: 2,
                column: 0,
                style: .subtitle
            )
            row = 4
            let changes = run.cardChangeLines
            for (column, card) in ReportText.statCards(run.figures, range: run.range, palette: palette).enumerated() {
                let look = WorkbookLook.card(card.color)
                try sheet.write(.text(card.label), row: row, column: column, style: .custom(look.label))
                try sheet.write(card.value, row: row + 1, column: column, style: .custom(look.value))
                try sheet.write(.text(changes[column] ?? ""), row: row + 2, column: column, style: .custom(look.change))
                try sheet.write(.text(card.scope), row: row + 3, column: column, style: .custom(look.scope))
                sheet.reserveWidth(17, column: column)
            }
            try sheet.setHeight(30, row: row + 1)
            try sheet.setHeight(26, row: row + 2)
            try sheet.setHeight(26, row: row + 3)
            try sheet.write(.text(ReportText.responseRateExplained), row: row + 4, column: 0, style: .note)
            row += 6
        }

        mutating func write(_ section: ReportSection, title: String) throws {
            let figures = run.figures
            switch section {
            case .followUps:
                try writeFollowUps(title: title)
            case .schoolsByStatus:
                let statuses = figures.schools.byStatus
                let rows = try table(
                    title,
                    ["Status", "Schools"],
                    statuses.map { [.text($0.key.displayName), .integer($0.count)] }
                )
                try chart(
                    .column,
                    title,
                    rows,
                    color: palette.card("schools"),
                    pointColors: statuses.map { palette.status($0.key) },
                    height: 280,
                    words: statuses.map { ($0.key.displayName, $0.count) }
                )
            case .schoolsByDivision:
                _ = try table(
                    title,
                    ["Division", "Schools"],
                    figures.schools.byDivision.map {
                        [.text($0.key?.displayName ?? Division.unknownLabel), .integer($0.count)]
                    }
                )
            case .interactionsByType:
                let rows = try table(
                    title,
                    ["Type", "Interactions"],
                    figures.interactions.byType.map { [.text($0.key.displayName), .integer($0.count)] }
                )
                // About 22 pixels a bar, so that no spreadsheet program drops every other label for room.
                try chart(
                    .bar,
                    title,
                    rows,
                    color: palette.card("interactions"),
                    height: max(260, 80 + 22 * (rows.last - rows.first + 1)),
                    words: figures.interactions.byType.map { ($0.key.displayName, $0.count) }
                )
            case .interactionsBySentiment:
                _ = try table(
                    title,
                    ["Sentiment", "Interactions"],
                    figures.interactions.bySentiment.map { [.text($0.key.displayName), .integer($0.count)] }
                )
            case .interactionsByDirection:
                _ = try table(
                    title,
                    ["Direction", "Interactions"],
                    figures.interactions.byDirection.map { [.text($0.key.displayName), .integer($0.count)] }
                )
            case .metricSummaries:
                try writeMetrics(title: title)
            case .previousPeriod:
                _ = try table(
                    "\(title) (\(ReportText.rangeText(figures.previous.range)))",
                    ["Measure", "This Period", "Previous", "Change"],
                    ReportText.comparison(figures).map { [.text($0.label), $0.current, $0.previous, $0.change] }
                )
            }
        }

        /// Each metric type with its entries and its values apart ("2 entries, no value"), in the
        /// app's label, unit and number format, its latest entry with its source and a check mark
        /// when verified; a last row of all entries, the figure on the Metrics card.
        private mutating func writeMetrics(title: String) throws {
            let summaries = run.figures.metrics.summaries
            guard !summaries.isEmpty else {
                try sheet.write(.text(title), row: row, column: 0, style: .subtitle)
                try sheet.write(.text("No metrics recorded in this period"), row: row + 1, column: 0, style: .note)
                row += 3
                return
            }
            var rows: [[Cell]] = []
            var styles: [[Int: XLSXStyle]] = []
            for summary in summaries {
                let (cells, rowStyles) = Self.metricRow(summary)
                rows.append(cells)
                styles.append(rowStyles)
            }
            rows.append([
                .text("All metrics"), .integer(summaries.map(\.rows).reduce(0, +)),
                .integer(summaries.map(\.count).reduce(0, +)),
            ])
            _ = try table(title, Self.metricHeaders, rows, cellStyles: styles)
            try sheet.write(.text(ReportText.metricMarks), row: row - 1, column: 0, style: .note)
            row += 1
        }

        static let metricHeaders = [
            "Metric", "Entries", "Values", "Average", "Min", "Max", "Unit", "Latest", "Source", "Verified", "Best",
            "Change", "New best",
        ]

        /// One metric type's row under `metricHeaders`, and the number formats of its values:
        /// one value is shown once, as the average (min and max would repeat it); none says so.
        static func metricRow(_ summary: ReportFigures.MetricSummary) -> ([Cell], [Int: XLSXStyle]) {
            let format = summary.definition.format
            let single = summary.count <= 1
            let values = [summary.avg, single ? nil : summary.min, single ? nil : summary.max].map {
                MetricCells.cell($0, format)
            }
            let latest = summary.latest
            let latestCell =
                latest.value == nil ? (Cell.text(latest.display), nil) : MetricCells.cell(latest.value, format)
            let best = MetricCells.cell(summary.progress.best?.value, format)
            let cells: [Cell] =
                [.text(ReportText.metricLabel(summary)), .integer(summary.rows), .integer(summary.count)]
                + (summary.count == 0 ? [.text("no value"), .empty, .empty] : values.map(\.0))
                + [.text(summary.shownUnit), latestCell.0, .text(latest.source), .text(latest.verified ? "✓" : nil)]
                + [best.0, .text(ReportText.changeText(summary)), .text(summary.progress.newBest ? "✓" : nil)]
            var styles: [Int: XLSXStyle] = [7: latestCell.1, 10: best.1].compactMapValues { $0 }
            if summary.count > 0 { for (offset, value) in values.enumerated() { styles[3 + offset] = value.1 } }
            return (cells, styles)
        }

        /// How many rows of a follow-up list the Summary shows, as the report's pdf does: a family
        /// with 200 schools can have 70 contact details to fix, which would print in tiny type.
        static let followUpRows = 10

        /// Each follow-up list as a small table of its first `followUpRows` rows (dates as date
        /// cells, days as numbers, a deadline within 3 days red and within 7 amber) and a line
        /// saying how many more there are and where, or a line saying it is empty.
        private mutating func writeFollowUps(title: String) throws {
            try sheet.write(
                .text("\(title) (as of \(ReportText.day(run.followUps.today)))"),
                row: row,
                column: 0,
                style: .subtitle
            )
            row += 1
            for list in ReportText.followUpTables(run.followUps) {
                if list.rows.isEmpty {
                    try sheet.write(.text(list.empty), row: row, column: 0, style: .note)
                    row += 2
                } else {
                    let shown = Self.followUpRows
                    _ = try table(
                        list.heading,
                        list.columns,
                        Array(list.rows.prefix(shown)),
                        styles: list.urgency.prefix(shown).map(WorkbookLook.urgent)
                    )
                    if list.rows.count > shown {
                        try sheet.write(
                            .text(Self.more(list.rows.count - shown)),
                            row: row - 1,
                            column: 0,
                            style: .note
                        )
                        row += 1
                    }
                }
                if let note = list.note {
                    try sheet.write(.text(note), row: row - 1, column: 0, style: .note)
                    row += 1
                }
            }
        }

        /// The line under a follow-up list cut at `followUpRows`: how many more, and where they all are.
        static func more(_ count: Int) -> String {
            "and \(count) more: the Data sheet lists every one (it is hidden so that it does not print: unhide it), and so does the app"
        }

        private mutating func table(
            _ title: String,
            _ headers: [String],
            _ rows: [[Cell]],
            styles: [XLSXStyle?] = [],
            cellStyles: [[Int: XLSXStyle]] = []
        ) throws -> (first: Int, last: Int) {
            try sheet.write(.text(title), row: row, column: 0, style: .subtitle)
            for (column, header) in headers.enumerated() {
                try sheet.write(.text(header), row: row + 1, column: column, style: .header)
            }
            let first = row + 2
            for (offset, cells) in rows.enumerated() {
                guard offset < styles.count, let style = styles[offset] else {
                    try sheet.writeRow(
                        cells,
                        row: first + offset,
                        styles: offset < cellStyles.count ? cellStyles[offset] : [:]
                    )
                    continue
                }
                for (column, cell) in cells.enumerated() {
                    try sheet.write(cell, row: first + offset, column: column, style: .custom(style))
                }
            }
            row = first + rows.count + 1
            return (first, first + rows.count - 1)
        }

        /// A native chart of a table's rows, beside it, with its alternative text in words; the
        /// next table starts under the chart, so that charts never overlap.
        private mutating func chart(
            _ kind: XLSXWorkbook.ChartKind,
            _ title: String,
            _ rows: (first: Int, last: Int),
            color: RGBColor,
            pointColors: [RGBColor] = [],
            height: Int,
            words: [(String, Int)]
        ) throws {
            let top = rows.first - 2
            try workbook.addChart(
                kind,
                title: title,
                on: sheet,
                categories: CellRange(
                    sheet: sheet.name,
                    firstRow: rows.first,
                    firstColumn: 0,
                    lastRow: rows.last,
                    lastColumn: 0
                ),
                values: CellRange(
                    sheet: sheet.name,
                    firstRow: rows.first,
                    firstColumn: 1,
                    lastRow: rows.last,
                    lastColumn: 1
                ),
                color: WorkbookLook.hex(color),
                pointColors: pointColors.map(WorkbookLook.hex),
                at: (top, ReportWorkbook.chartColumn),
                size: (ReportWorkbook.chartWidth, height),
                description: "\(title): " + words.map { "\($0.0) \($0.1)" }.joined(separator: ", ")
            )
            // A default row is 20 pixels high.
            let covered = top...(top + (height + 19) / 20)
            chartRows.append(covered)
            row = max(row, covered.upperBound + 2)
        }
    }
}
