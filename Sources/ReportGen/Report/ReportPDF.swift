import Aggregation
import Core
import Exporters
import Foundation

extension PDFColor {
    /// The pdf colour of a domain colour.
    init(_ color: RGBColor) {
        self.init(UInt32(color.red) << 16 | UInt32(color.green) << 8 | UInt32(color.blue))
    }
}

/// The report on paper (docs/report.md §3): title block, five stat cards with their change,
/// the previous-period comparison, "This week" and "Coming up" (ReportPDFSeason), the
/// template's sections (follow-ups, schools by status, bar charts of interactions, metric
/// summaries), and "The season", three line charts (ReportPDFCharts).
enum ReportPDF {
    static func document(_ run: ReportRun, templates: OutputTemplates) -> PDFDocument {
        let title = templates.reportTitle
        var document = PDFDocument(
            title: title,
            subject: "\(title) – \(run.data.family.displayName)",
            creator: ToolVersion.creator,
            created: Date(timeIntervalSince1970: Double(run.generatedAt.seconds)),
            footer: ReportText.footer(zone: run.zone, generatedAt: run.generatedAt),
            orientation: .portrait
        )
        document.blocks.append(.title(title, lines: [run.data.family.displayName, ReportText.rangeLine(run)]))
        document.blocks.append(.cards(cards(run, palette: templates.palette)))
        document.blocks.append(.note(ReportText.responseRateExplained))
        // The comparison next to the cards it compares (docs/outputs.md, "The report's pdf").
        for (section, heading) in templates.reportSections where section == .previousPeriod {
            document.blocks += [
                .section(heading), .note("Compared with \(ReportText.rangeText(run.figures.previous.range))"),
                comparisonTable(run.figures),
            ]
        }
        document.blocks += ReportPDFSeason.thisWeek(run) + ReportPDFSeason.comingUp(run.ahead, today: run.today)
        // The breakdowns side by side (`columns`), and with them the metric summaries when there
        // are none (a line); the other sections across the page.
        var breakdowns: [[PDFBlock]] = []
        for (section, heading) in templates.reportSections where section != .previousPeriod {
            let sectionBlocks = [PDFBlock.section(heading)] + blocks(of: section, run, palette: templates.palette)
            switch section {
            case .schoolsByStatus, .schoolsByDivision, .interactionsByType, .interactionsBySentiment,
                .interactionsByDirection:
                breakdowns.append(sectionBlocks)
            case .metricSummaries where run.figures.metrics.summaries.isEmpty:
                breakdowns.append(sectionBlocks)
            case .followUps, .metricSummaries, .previousPeriod:
                document.blocks += columns(breakdowns) + sectionBlocks
                breakdowns = []
            }
        }
        document.blocks += columns(breakdowns)
        document.blocks += ReportPDFCharts.season(run.trend)
        // Rows a job with `bad_rows: skip` left out, on the last page, so that the family and
        // the operator know the figures are without them.
        if !run.leftOutRows.isEmpty {
            document.blocks.append(.section("Rows left out"))
            document.blocks.append(
                .note(
                    ReportText.leftOutLine(run.leftOutRows) + "; the figures above are without them:",
                    color: PDFColor(0x92400E)
                )
            )
            for issue in run.leftOutRows.prefix(20) {
                document.blocks.append(.note(Display.oneLine(issue.description)))
            }
            if run.leftOutRows.count > 20 {
                document.blocks.append(
                    .note("and \(run.leftOutRows.count - 20) more problems (manifest.json lists every one)")
                )
            }
        }
        return document
    }

    /// Breakdowns (each a heading and its bars, or the line saying there are none) in two
    /// columns, in the template's order: the next one starts the first column, the one after it
    /// the second, and more go under that while the second column stays no taller than the
    /// first (Schools by Status | by Division; Interactions by Type | by Sentiment, by Direction).
    static func columns(_ sections: [[PDFBlock]]) -> [PDFBlock] {
        // A heading is about two bars high, a line of text one.
        func rows(_ blocks: [PDFBlock]) -> Int {
            blocks.reduce(0) { rows, block in
                switch block {
                case .section: rows + 2
                case .bars(let bars): rows + bars.count
                default: rows + 1
                }
            }
        }
        var result: [PDFBlock] = []
        var next = sections.startIndex
        while next < sections.endIndex {
            let first = sections[next]
            var second: [PDFBlock] = []
            next += 1
            while next < sections.endIndex, second.isEmpty || rows(second) + rows(sections[next]) <= rows(first) {
                second += sections[next]
                next += 1
            }
            result.append(.columns(first, second))
        }
        return result
    }

    /// The five stat cards, each with its change from the period before in words.
    private static func cards(_ run: ReportRun, palette: OutputPalette) -> [PDFCard] {
        let changes = run.cardChangeLines
        return zip(ReportText.statCards(run.figures, range: run.range, palette: palette), changes).map { card, change in
            let value: String =
                switch card.value {
                case .integer(let count): String(count)
                case .percent(let rate): ReportText.percent(rate)
                default: "N/A"
                }
            // The change on two lines in a card's narrow column: "+4" over "on Nov 9 – Nov 15",
            // "no change" over "since Nov 15".
            let lines = change.map { words in
                (words.range(of: " on ") ?? words.range(of: " since ")).map {
                    words.replacingCharacters(in: $0, with: "\n" + words[$0].dropFirst())
                } ?? words
            }
            return PDFCard(
                label: card.label,
                value: value,
                color: PDFColor(card.color),
                note: card.scope,
                change: lines
            )
        }
    }

    /// The blocks of one of the template's sections, under its heading.
    private static func blocks(of section: ReportSection, _ run: ReportRun, palette: OutputPalette) -> [PDFBlock] {
        let figures = run.figures
        let noSchools = PDFBlock.note("No schools on the list yet")
        let noInteractions = PDFBlock.note("No interactions in this period")
        switch section {
        case .followUps:
            return followUps(run.followUps)
        case .schoolsByStatus:
            let statuses = figures.schools.byStatus.filter { $0.count > 0 }
            return [
                statuses.isEmpty
                    ? noSchools
                    : bars(statuses, label: { $0.displayName }, color: { palette.status($0) })
            ]
        case .schoolsByDivision:
            let divisions = figures.schools.byDivision.filter { $0.count > 0 }
            return [
                divisions.isEmpty
                    ? noSchools
                    : bars(
                        divisions,
                        label: { $0?.displayName ?? Division.unknownLabel },
                        color: { $0.map(palette.division) ?? Palette.gray }
                    )
            ]
        case .interactionsByType:
            let types = figures.interactions.byType.filter { $0.count > 0 }
            return [
                figures.interactions.total == 0
                    ? noInteractions
                    : bars(types, label: { $0.displayName }, color: { palette.type($0) })
            ]
        case .interactionsBySentiment:
            let sentiments = figures.interactions.bySentiment
            return [
                figures.interactions.total == 0
                    ? noInteractions
                    : bars(sentiments, label: { $0.displayName }, color: { palette.sentiment($0) })
            ]
        case .interactionsByDirection:
            let directions = figures.interactions.byDirection
            return [
                figures.interactions.total == 0
                    ? noInteractions
                    : bars(directions, label: { $0.displayName }, color: { palette.direction($0) })
            ]
        case .metricSummaries:
            return metricTable(figures)
        case .previousPeriod:
            return [.note("Compared with \(ReportText.rangeText(figures.previous.range))"), comparisonTable(figures)]
        }
    }

    /// A breakdown as bars: one a tally, in its key's colour, as long as its count.
    private static func bars<Key>(
        _ tallies: [Tally<Key>],
        label: (Key) -> String,
        color: (Key) -> RGBColor
    ) -> PDFBlock {
        .bars(tallies.map { PDFBar(label: label($0.key), value: Double($0.count), color: PDFColor(color($0.key))) })
    }

    /// The four follow-up lists, each under its subheading: the first 10 rows, or what an empty one says.
    private static func followUps(_ followUps: FollowUps) -> [PDFBlock] {
        var blocks: [PDFBlock] = [.note("As of \(ReportText.day(followUps.today))")]
        for table in ReportText.followUpTables(followUps) {
            blocks.append(.subheading(table.heading))
            if table.rows.isEmpty {
                blocks.append(.note(table.empty))
            } else {
                blocks.append(followUpTable(table))
                let limit = ReportPDFSeason.listLimit
                if table.rows.count > limit { blocks.append(.note("and \(table.rows.count - limit) more")) }
            }
            if let note = table.note { blocks.append(.note(note)) }
        }
        return blocks
    }

    /// A follow-up list on paper: its first 10 rows, a deadline within 3 days red and within 7
    /// amber, "Never contacted" grey.
    private static func followUpTable(_ table: ReportText.FollowUpTable) -> PDFBlock {
        let red = PDFColor(0xDC2626)
        let amber = PDFColor(0xD97706)
        let gray = PDFColor(0x6B7280)
        let rows = zip(table.rows, table.urgency).prefix(ReportPDFSeason.listLimit).map { cells, urgency -> [PDFCell] in
            let color: PDFColor? =
                switch urgency {
                case .urgent: red
                case .soon: amber
                case .none: nil
                }
            return cells.enumerated().map { index, cell -> PDFCell in
                switch cell {
                case .text(let text) where text == "Never contacted": .text(text, color: gray)
                case .text(let text): .text(text, color: color, bold: index == 0)
                case .date(let day): .text("\(ReportText.months[day.month - 1]) \(day.day), \(day.year)", color: color)
                case .integer(let value): .text(String(value), color: color, bold: urgency != .none)
                default: .empty
                }
            }
        }
        var pdfTable = PDFTable(
            columns: table.columns.enumerated().map { index, title in
                .init(title, alignRight: title.hasPrefix("Days"), fit: index < 2 ? .wrap : .whole)
            },
            rows: rows
        )
        pdfTable.sizedByContent = true
        pdfTable.measuresContent = true  // measured, as the season's tables (ReportPDFSeason.sized)
        return .table(pdfTable)
    }

    /// The metric summaries in the app's labels, units and formats, the headline stat first,
    /// each with its latest entry (a check mark when verified) over where it was measured.
    private static func metricTable(_ figures: ReportFigures) -> [PDFBlock] {
        let summaries = figures.metrics.summaries
        guard !summaries.isEmpty else { return [.note("No metrics recorded in this period")] }
        let gray = PDFColor(0x6B7280)
        var table = PDFTable(
            columns: [
                .init("Metric", weight: 2), .init("Latest", weight: 1.6), .init("Best", weight: 1.3),
                .init("Change", weight: 1.3), .init("Entries", weight: 1.5),
                .init("Average", weight: 1, alignRight: true),
                .init("Min", weight: 0.9, alignRight: true), .init("Max", weight: 0.9, alignRight: true),
            ],
            rows: summaries.map { summary in
                let number: (Double?) -> PDFCell = {
                    .text($0.map { summary.text($0) } ?? "N/A", color: $0 == nil ? gray : nil)
                }
                let latest = PDFCell.text(ReportText.latest(summary.latest))
                // One value is shown once, as the average; min and max would only repeat it (or N/A).
                let single = summary.count <= 1
                return [
                    .text(ReportText.metricLabel(summary), bold: true),
                    summary.latest.source.map { .stack([latest, .text($0, color: gray)]) } ?? latest,
                    best(summary), change(summary),
                    .text(ReportText.entries(summary), color: summary.count == 0 ? gray : nil),
                    number(summary.avg), single ? .empty : number(summary.min),
                    single ? .empty : number(summary.max),
                ]
            }
        )
        table.sizedByContent = true
        table.measuresContent = true
        return [.table(table), .note(ReportText.metricMarks)]
    }

    /// The best value, and "new best" under it when the range set it.
    private static func best(_ summary: ReportFigures.MetricSummary) -> PDFCell {
        let value = PDFCell.text(summary.progress.best?.display ?? "")
        guard summary.progress.newBest else { return value }
        return .stack([value, .text("new best", color: ReportPDFSeason.forward, bold: true)])
    }

    /// The change since the entry before the range: "▲ 0.11 faster" in green, "▼ 2 mph" in amber.
    private static func change(_ summary: ReportFigures.MetricSummary) -> PDFCell {
        guard let text = ReportText.changeText(summary) else {
            let why = summary.progress.previous == nil ? "no earlier entry" : "no value in this period"
            return .text(why, color: PDFColor(0x6B7280))
        }
        let color: PDFColor? = summary.progress.improved.map { $0 ? ReportPDFSeason.forward : ReportPDFSeason.back }
        return .text(text, color: color)
    }

    private static func comparisonTable(_ figures: ReportFigures) -> PDFBlock {
        .table(
            PDFTable(
                columns: [
                    .init("Measure", weight: 2.2), .init("This period", weight: 1, alignRight: true),
                    .init("Previous", weight: 1, alignRight: true), .init("Change", weight: 1, alignRight: true),
                ],
                rows: ReportText.comparison(figures).map { row in
                    func text(_ cell: Cell) -> String {
                        switch cell {
                        case .integer(let value): String(value)
                        case .percent(let value): ReportText.percent(value)
                        case .points(let value):
                            (value > 0 ? "+" : value < 0 ? "−" : "") + ReportText.decimal(abs(value), places: 1)
                                + " pts"
                        case .text(let value): value
                        default: "N/A"
                        }
                    }
                    let change: String =
                        if case .integer(let value) = row.change { ReportText.change(value) } else { text(row.change) }
                    return [
                        .text(row.label), .text(text(row.current)), .text(text(row.previous)),
                        .text(change, bold: true),
                    ]
                }
            )
        )
    }
}
