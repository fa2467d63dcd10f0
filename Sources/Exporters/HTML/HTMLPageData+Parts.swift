import Foundation

extension HTMLPageData {
    /// A table, captioned by the subheading it is under (else its section's heading); past
    /// `foldAfter` rows, the rest in a second table under "and N more" (the pdf's words).
    mutating func addTable(_ table: PDFTable) {
        var rows: [[PDFCell]] = []
        switch table.rows {
        case .cells(let cells): rows = cells
        // A spooled table is a long list's, which a page streams itself (ListHTML); read whole here.
        case .spool: try? table.rows.forEachRow { rows.append($0) }
        }
        let base = lastSubheading ?? heading ?? ""
        let column = table.columns.first?.title ?? ""
        var caption = base
        if !tablesUnder.isEmpty {
            for earlier in tablesUnder { recaption(earlier.parts, "\(base): \(earlier.column)") }
            caption = "\(base): \(column)"
        }
        var indices: [Int] = []
        if let fold = options.foldAfter, rows.count > fold {
            part(.table, .item(tableData(table.columns, rows[..<fold], caption: caption, details: nil)))
            indices.append(parts.count - 1)
            let more = rows.count - fold
            part(.table, .item(tableData(table.columns, rows[fold...], caption: caption, details: "and \(more) more")))
        } else {
            part(.table, .item(tableData(table.columns, rows[...], caption: caption, details: nil)))
        }
        indices.append(parts.count - 1)
        tablesUnder.append((indices, column))
    }

    /// Captions the tables of `indices` (a table and its "and N more") anew.
    private mutating func recaption(_ indices: [Int], _ caption: String) {
        for index in indices {
            guard case .item(var table) = parts[index][.table] else { continue }
            var folded: String?
            if case .text(let details) = table[.details] { folded = details }
            table[.caption] = .text(HTMLText.shown(folded.map { "\(caption) (\($0))" } ?? caption))
            parts[index][.table] = .item(table)
        }
    }

    /// A table's data: `id`, `caption`, `columns`, `rows`, and `details` (the summary of the
    /// details element it is folded under, or false).
    private mutating func tableData(
        _ columns: [PDFTable.Column],
        _ rows: ArraySlice<[PDFCell]>,
        caption: String,
        details: String?
    ) -> HTMLItem {
        [
            .id: .text(next("t")), .caption: .text(HTMLText.shown(details.map { "\(caption) (\($0))" } ?? caption)),
            .columns: .list(HTMLCells.columns(columns)),
            .rows: .list(rows.map { .item(HTMLCells.row($0, columns: columns)) }), .details: .text(or: details),
        ]
    }

    /// A breakdown's bars: the svg, titled by its section's heading, and its numbers.
    mutating func barChart(_ bars: [PDFBar]) -> HTMLItem {
        let id = next("c")
        let title = heading ?? ""
        return chartData(
            id: id,
            svg: SVGBarChart.markup(bars, title: title, id: id),
            title: title,
            heading: false,
            caption: nil,
            columns: [options.barCategory, options.barValue],
            rows: bars.map { ($0.label, [NumberText.shortest($0.value)]) }
        )
    }

    /// A line chart: its title (a heading of its own), the svg, its words under it, and its numbers.
    mutating func lineChart(_ chart: PDFLineChart) -> HTMLItem {
        let id = next("c")
        return chartData(
            id: id,
            svg: SVGLineChart.markup(chart, id: id),
            title: chart.title,
            heading: true,
            caption: chart.caption,
            columns: [options.lineCategory] + chart.series.map(\.name),
            rows: chart.labels.enumerated().map { index, label in
                (
                    label,
                    chart.series.map { series in
                        index < series.values.count ? series.values[index].map(chart.text) ?? options.missing : ""
                    }
                )
            }
        )
    }

    /// A chart: `id`, `svg` (markup made here, every text in it escaped), `title`,
    /// `title_heading` (an h3 of its own), `caption` (or false), `numbers_label`, and `numbers`
    /// (`caption`, `columns`, `rows` each with `label` and `values`).
    private func chartData(
        id: String,
        svg: String,
        title: String,
        heading: Bool,
        caption: String?,
        columns: [String],
        rows: [(String, [String])]
    ) -> HTMLItem {
        [
            .id: .text(id), .svg: .text(svg), .title: .text(HTMLText.shown(title)), .titleHeading: .flag(heading),
            .caption: .text(or: caption.map(HTMLText.shown)), .numbersLabel: .text(options.numbersLabel),
            .numbers: .item([
                .caption: .text(HTMLText.shown(title)),
                .columns: .list(
                    columns.enumerated().map { .item([.title: .text(HTMLText.shown($1)), .num: .flag($0 > 0)]) }
                ),
                .rows: .list(
                    rows.map { row in
                        .item([
                            .label: .text(HTMLText.shown(row.0)),
                            .values: .list(row.1.map { .item([.text: .text(HTMLText.shown($0))]) }),
                        ])
                    }
                ),
            ]),
        ]
    }
}
