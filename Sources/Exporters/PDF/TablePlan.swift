/// A table's layout, made once before the pages are counted and used again to draw them, so
/// that both passes agree: its columns' widths, its header's lines, and, when a `grow` column
/// makes rows of different heights, each row's height.
struct TablePlan {
    let widths: [Double]
    /// The lines of a `wrap` column's cells and of the tallest stack: the height of a row that
    /// no `grow` cell makes taller.
    let lines: Int
    let headerLines: Int
    /// Each row's height, when some differ from `rowHeight`; nil when all are alike. A `Float` a
    /// row (4 bytes): the only part of a long list's table kept in memory.
    let heights: [Float]?

    /// The most lines a `grow` cell takes; a text longer still ends in "…" (at most the first
    /// 1,000 characters are laid out, and a row must fit a page).
    static let maxCellLines = 12

    var rowHeight: Double { PageFlow.rowHeight + Double(lines - 1) * PageFlow.extraLine }
    /// A second line of titles adds a line of bold text (Noto Sans's line is 1.36 em).
    var headerHeight: Double { PageFlow.headerHeight + Double(headerLines - 1) * 12.5 }

    func height(ofRow index: Int) -> Double {
        guard let heights, heights.indices.contains(index) else { return rowHeight }
        return Double(heights[index])
    }

    /// How many lines a cell of a column may take in a row.
    func lines(of column: PDFTable.Column, row index: Int) -> Int {
        switch column.fit {
        case .wrap: lines
        case .grow: height(ofRow: index) > rowHeight ? Self.maxCellLines : lines
        case .whole, .shrink: 1
        }
    }

    /// Lays out a table `width` points wide; `measure` lays out the `grow` cells that may need
    /// more than one line (reading a spooled table's rows once).
    init(_ table: PDFTable, width: Double, measure: WrappedTextMeasure?) throws {
        guard table.sizedByContent else {
            let total = table.columns.map(\.weight).reduce(0, +)
            (widths, lines, headerLines, heights) = (
                table.columns.map { width * $0.weight / max(total, 0.0001) }, 1, 1, nil
            )
            return
        }
        var extent = table.rows.extent
        var titles: [Double]?
        if table.measuresContent, let measure {
            titles = table.columns.map { measure.width($0.title, bold: true) }
            Self.measureWidest(&extent, with: measure)
        }
        (widths, lines) = ColumnSizing.layout(table.columns, extent: extent, titles: titles, total: width)
        headerLines = ColumnSizing.headerLines(table.columns, widths: widths, titles: titles)
        let growing = table.columns.indices.filter { table.columns[$0].fit == .grow }
        guard let measure, !growing.isEmpty else {
            heights = nil
            return
        }
        let baseLines = lines
        let base = PageFlow.rowHeight + Double(lines - 1) * PageFlow.extraLine
        let inner = widths.map { $0 - 2 * PageFlow.cellPadding }
        var rows: [Float] = []
        rows.reserveCapacity(table.rows.count)
        var differ = false
        try table.rows.forEachRow { row in
            var height = base
            for column in growing where column < row.count {
                height = max(
                    height,
                    Self.height(of: row[column], width: inner[column], lines: baseLines, measure: measure)
                )
            }
            differ = differ || height != base
            rows.append(Float(height))
        }
        heights = differ ? rows : nil
    }

    /// Replaces each column's estimated widest content by the widest of its sampled cells as
    /// pango lays them out, and scales its typical width alike.
    private static func measureWidest(_ extent: inout ColumnSizing.Extent, with measure: WrappedTextMeasure) {
        for (column, samples) in extent.widestCells.enumerated() where !samples.isEmpty && column < extent.widest.count
        {
            let measured = samples.map { measure.width(of: $0.cell) }.max() ?? 0
            let ratio = extent.widest[column] > 0 ? measured / extent.widest[column] : 1
            // The longest word keeps its estimate, a text's with a tenth to spare (a badge's has it):
            // the estimate errs wide, but not for every word ("Papadopoulos"), and a word is never cut.
            let spare = samples.allSatisfy { if case .badge = $0.cell { true } else { false } } ? 1 : 1.1
            extent.longestWord[column] = min(measured, extent.longestWord[column] * spare)
            extent.widest[column] = measured
            extent.scale[column] = ratio
        }
    }

    /// The height of a row holding a `grow` cell, in a table whose rows hold `base` lines: a text that
    /// the estimate (`ColumnSizing`, which errs wide) puts well within the column is one line,
    /// unmeasured; else pango measures it, and the row is as tall as its lines as pango lays them
    /// out (a CJK line is taller).
    private static func height(of cell: PDFCell, width: Double, lines base: Int, measure: WrappedTextMeasure) -> Double
    {
        let row = PageFlow.rowHeight + Double(base - 1) * PageFlow.extraLine
        let text: String
        let bold: Bool
        switch cell {
        case .text(let value, _, let isBold): (text, bold) = (value, isBold)
        case .link(let value, _): (text, bold) = (value, false)
        case .badge(let value, _):
            // A pill: wrapped within its padding, each further line adding `PageFlow.badgeLine`; it
            // starts 2 points under the row's top and may end at its bottom, as a text does.
            guard measure.width(value, bold: true) + 10 > width else { return row }
            let lines = measure.height(value, bold: true, width: width - 10, lines: maxCellLines).lines
            return max(row, PageFlow.rowHeight - 2 + Double(lines - 1) * PageFlow.badgeLine)
        default: return row
        }
        if ColumnSizing.width(text, size: PageFlow.cellText, bold: bold) <= width * 0.9 { return row }
        let measured = measure.height(text, bold: bold, width: width, lines: maxCellLines)
        guard measured.lines > base else { return row }
        // The text starts 4 points under the row's top (`PageFlow.drawContent`) and may end at its
        // bottom, as a `wrap` column's second line does.
        return max(row, 4 + measured.height)
    }
}
