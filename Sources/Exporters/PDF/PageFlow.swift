import CPangoCairo
import Core
import Foundation

/// Places blocks down the page, starting a new page when the next piece does not fit.
/// Without a canvas it only counts pages.
struct PageFlow {
    static let margin = 36.0
    static let rowHeight = 18.0
    static let headerHeight = 20.0
    static let cellPadding = 4.0
    /// Table text: no text is smaller than 9 points but the footer's (docs/outputs.md).
    static let cellText = 9.0
    static let badgeText = 9.0
    /// What a second line of cell text adds to a row.
    static let extraLine = 10.5
    /// What each further line of a wrapped badge adds to its pill.
    static let badgeLine = 12.5
    /// The longest track of a bar in a table cell, in points.
    static let barTrack = 36.0
    /// A row of a bar chart (`PDFBlock.bars`): its 9-point label, a bar 10 points high, its value.
    static let barRow = 16.0

    let size: (width: Double, height: Double)
    let canvas: PDFCanvas?
    let surface: OpaquePointer?
    /// Lays out the text whose lines decide a height (a chart's caption), in both passes alike.
    let measure: WrappedTextMeasure
    var footer: (Int) -> Void = { _ in }
    private(set) var page = 1
    var y = PageFlow.margin
    /// The left edge and the width blocks are placed in: the page's, or a column's (PageFlow+Columns.swift).
    var left = PageFlow.margin
    var contentWidth: Double
    /// False while columns are placed: they were given their room on the page as a whole.
    var breaks = true
    /// Where a line chart's plot starts below its top while two charts are placed side by side:
    /// the lower of the two, so that their plots line up (PageFlow+Columns.swift).
    var chartPlotTop: Double?
    private var started = false
    /// A structure element with content that stays open across a page break (a chart's
    /// caption): closed before the footer and opened again on the next page.
    private var openLeaf: PDFStructure?
    /// The fill under the table row being drawn.
    private var rowFill = PDFColor.white

    init(
        size: (width: Double, height: Double),
        canvas: PDFCanvas?,
        surface: OpaquePointer?,
        measure: WrappedTextMeasure
    ) {
        self.size = size
        self.canvas = canvas
        self.surface = surface
        self.measure = measure
        contentWidth = size.width - 2 * PageFlow.margin
    }

    var bottom: Double { size.height - PageFlow.margin - 16 }

    mutating func startPage() {
        y = PageFlow.margin
        started = true
    }

    mutating func endPage() {
        guard let canvas else { return }
        footer(page)
        cairo_show_page(canvas.cr)
    }

    private mutating func newPage() {
        if let openLeaf { canvas?.end(openLeaf) }
        endPage()
        page += 1
        startPage()
        if let openLeaf { canvas?.begin(openLeaf) }
    }

    /// Makes room for `height` points, breaking the page when needed.
    mutating func reserve(_ height: Double) {
        if breaks, y + height > bottom, y > PageFlow.margin { newPage() }
    }

    /// Places a block; a table by its `plan`, made once for both passes (a table inside a
    /// group or a column is planned where it is placed).
    mutating func place(_ block: PDFBlock, plan: TablePlan?) throws {
        switch block {
        case .title(let title, let lines):
            placeTitle(title, lines: lines)

        case .section(let title):
            placeSection(title)

        case .subheading(let title):
            // With room for a table's header and first rows, or the line that says it is empty.
            reserve(20 + 50)
            canvas?.tagged(.heading(3)) {
                $0.text(title, x: left, y: y + 4, size: 10.5, bold: true, width: contentWidth)
            }
            y += 20

        case .cards(let cards):
            placeCards(cards)

        case .bars(let bars):
            placeBars(bars)

        case .table(let table):
            try placeTable(table, plan: try plan ?? TablePlan(table, width: contentWidth, measure: measure))

        case .lineChart(let chart):
            let layout = chart.layout(width: contentWidth, measure: measure).aligned(to: chartPlotTop)
            reserve(layout.height)
            canvas.map { chart.draw(on: $0, x: left, y: y, width: contentWidth, layout: layout) }
            y += layout.height

        case .together(let blocks):
            try placeTogether(blocks)

        case .columns(let first, let second):
            try placeColumns(first, second)

        case .note(let text, let color):
            placeNote(text, color: color)
        }
    }

    private mutating func placeTitle(_ title: String, lines: [String]) {
        reserve(32 + Double(lines.count) * 16)
        canvas?.tagged(.heading(1)) { $0.text(title, x: left, y: y, size: 22, bold: true, width: contentWidth) }
        y += 32
        for line in lines {
            canvas?.tagged(.paragraph) { $0.text(line, x: left, y: y, size: 11, color: .muted, width: contentWidth) }
            y += 16
        }
        y += 10
    }

    /// An H2 with its outline entry, kept with at least the start of what follows it.
    private mutating func placeSection(_ title: String) {
        reserve(26 + 60)
        if let canvas, let surface {
            let attributes = "page=\(page) pos=[\(left) \(y)]"
            cairo_pdf_surface_add_outline(
                surface,
                Int32(CAIRO_PDF_OUTLINE_ROOT),
                title,
                attributes,
                cairo_pdf_outline_flags_t(rawValue: 0)
            )
            canvas.tagged(.heading(2)) { $0.text(title, x: left, y: y + 4, size: 13, bold: true, width: contentWidth) }
        }
        y += 26
    }

    /// Up to three lines; how many is estimated from the length (about 5.2 points a character
    /// at this size), the same in the pass that counts pages and the one that draws.
    private mutating func placeNote(_ text: String, color: PDFColor?) {
        let lines = max(1, min(3, Int((Double(text.count) * 5.2 / contentWidth).rounded(.up))))
        let height = 20 + Double(lines - 1) * 13
        reserve(height)
        canvas?.tagged(.paragraph) {
            $0.text(text, x: left, y: y + 3, size: 10, color: color ?? .muted, width: contentWidth, lines: lines)
        }
        y += height
    }

    /// A row of stat cards, tagged as a list a listener can follow: each card an item whose
    /// label comes first ("Schools"), then its figure and what it counts ("40", "on your list").
    private mutating func placeCards(_ cards: [PDFCard]) {
        guard !cards.isEmpty else { return }
        let hasNotes = cards.contains { $0.note != nil }
        let hasChanges = cards.contains { $0.change != nil }
        let gap = 10.0
        let width = (contentWidth - gap * Double(cards.count - 1)) / Double(cards.count)
        // A note takes two lines, or three when one needs them ("22 of 40 coaches you
        // contacted replied" on a narrow card), so that none ends in "…".
        let noteLines =
            cards.compactMap(\.note).map { measure.height($0, bold: false, width: width - 18, lines: 3).lines }.max()
            ?? 0
        let extraLine = noteLines > 2 ? 16.0 : 0
        let height = (hasNotes ? 84.0 + extraLine : 62.0) + (hasChanges ? 26 : 0)
        reserve(height + 12)
        if let canvas {
            canvas.begin(.list)
            for (index, card) in cards.enumerated() {
                let x = left + Double(index) * (width + gap)
                let tint = card.color.tint(0.08)
                canvas.fill(x: x, y: y, width: width, height: height, color: tint, radius: 6)
                canvas.fill(x: x, y: y, width: 4, height: height, color: card.color, radius: 2)
                canvas.begin(.listItem)
                canvas.tagged(.label) {
                    $0.text(
                        card.label,
                        x: x + 12,
                        y: y + 40,
                        size: 9,
                        bold: hasNotes,
                        color: .muted,
                        width: width - 18,
                        on: tint
                    )
                }
                canvas.tagged(.listBody) {
                    $0.text(
                        card.value,
                        x: x + 12,
                        y: y + 9,
                        size: 22,
                        bold: true,
                        color: card.color,
                        width: width - 18,
                        on: tint
                    )
                    if let note = card.note {
                        $0.text(
                            note,
                            x: x + 12,
                            y: y + 55,
                            size: 9,
                            color: .muted,
                            width: width - 18,
                            lines: max(2, noteLines),
                            on: tint
                        )
                    }
                    if let change = card.change {
                        for (line, words) in change.split(separator: "\n", maxSplits: 1).enumerated() {
                            $0.text(
                                String(words),
                                x: x + 12,
                                y: y + height - 28 + Double(line) * 12,
                                size: 9,
                                color: .text,
                                width: width - 18,
                                on: tint
                            )
                        }
                    }
                }
                canvas.end(.listItem)
            }
            canvas.end(.list)
        }
        y += height + 12
    }

    /// Horizontal bars, tagged as a figure whose caption is the chart in words: each label
    /// followed by its value ("Email 4 Phone Call 1"), in the order the bars are drawn.
    private mutating func placeBars(_ bars: [PDFBar]) {
        let peak = bars.map(\.value).max() ?? 0
        guard !bars.isEmpty else { return }
        // The labels and the values as wide as the widest of them (the labels up to half the
        // width, past which one ends in "…"), the track the rest.
        let widest = bars.map { measure.width($0.label, bold: false) }.max() ?? 0
        let labelWidth = min(contentWidth * 0.5, max(contentWidth * 0.28, widest + 10))
        let valueWidth = max(
            24,
            (bars.map { measure.width(NumberText.shortest($0.value), bold: false) }.max() ?? 0) + 6
        )
        let track = contentWidth - labelWidth - valueWidth - 6
        // The figure starts on the page of its first bar, so that a page break above it does
        // not leave an empty caption behind.
        reserve(PageFlow.barRow)
        canvas?.begin(.figure)
        canvas?.begin(.caption)
        openLeaf = .caption
        for bar in bars {
            reserve(PageFlow.barRow)
            if let canvas {
                canvas.text(bar.label, x: left, y: y + 2, size: 9, width: labelWidth - 6)
                let fraction = peak > 0 ? max(0, min(1, bar.value / peak)) : 0
                canvas.fill(x: left + labelWidth, y: y + 3, width: track, height: 10, color: .headerFill, radius: 3)
                if fraction > 0 {
                    canvas.fill(
                        x: left + labelWidth,
                        y: y + 3,
                        width: max(3, track * fraction),
                        height: 10,
                        color: bar.color,
                        radius: 3
                    )
                }
                canvas.text(
                    NumberText.shortest(bar.value),
                    x: left + labelWidth + track,
                    y: y + 2,
                    size: 9,
                    width: valueWidth,
                    alignRight: true
                )
            }
            y += PageFlow.barRow
        }
        openLeaf = nil
        canvas?.end(.caption)
        canvas?.end(.figure)
        y += 8
    }

    /// How many of a table's rows are tagged as rows of cells: cairo keeps every structure
    /// element in memory until the file is finished (about 2 KB a row of nine cells), so a list
    /// of half a million interactions would take a gigabyte. The rows past this are, on each
    /// page, one P element after the table, read in drawing order; memory stays flat
    /// (docs/outputs.md, "Accessible pdfs").
    static let taggedRowLimit = 2_000

    /// A table: one Table element, its first header row of TH cells, a TR of TD cells per row.
    /// The header drawn again on a later page is outside the structure (not a new row).
    private mutating func placeTable(_ table: PDFTable, plan: TablePlan) throws {
        reserve(plan.headerHeight + plan.height(ofRow: 0))
        guard let canvas else {
            // Counting pages: the plan has every row's height, so the rows are not read back.
            drawHeader(table, plan: plan, tagged: false)
            for index in 0..<table.rows.count {
                let height = plan.height(ofRow: index)
                if y + height > bottom {
                    newPage()
                    drawHeader(table, plan: plan, tagged: false)
                }
                y += height
            }
            y += 10
            return
        }
        canvas.begin(.table)
        drawHeader(table, plan: plan, tagged: true)
        var index = 0
        // The page's rows past the limit, when they have begun: one P element.
        var pastLimit = false
        try table.rows.forEachRow { row in
            let height = plan.height(ofRow: index)
            if y + height > bottom {
                if pastLimit { canvas.end(.paragraph) }
                pastLimit = false
                newPage()
                drawHeader(table, plan: plan, tagged: false)
            }
            let tagged = index < Self.taggedRowLimit
            if index == Self.taggedRowLimit { canvas.end(.table) }
            if !tagged, !pastLimit {
                canvas.begin(.paragraph)
                pastLimit = true
            }
            // Every other row on a light stripe, which the cells' text colours are made to read on.
            rowFill = index % 2 == 1 ? .cardFill : .white
            if index % 2 == 1 { canvas.fill(x: left, y: y, width: contentWidth, height: height, color: .cardFill) }
            if tagged { canvas.begin(.tableRow) }
            var x = left
            for (column, cell) in row.enumerated() where column < plan.widths.count {
                let spec = table.columns[column]
                draw(
                    cell,
                    on: canvas,
                    x: x,
                    width: plan.widths[column],
                    alignRight: spec.alignRight,
                    lines: plan.lines(of: spec, row: index),
                    tagged: tagged
                )
                x += plan.widths[column]
            }
            if tagged { canvas.end(.tableRow) }
            y += height
            index += 1
        }
        canvas.end(pastLimit ? .paragraph : .table)
        y += 10
    }

    /// The header row; titles wider than their column wrap onto a second line (`TablePlan.headerLines`).
    private mutating func drawHeader(_ table: PDFTable, plan: TablePlan, tagged: Bool) {
        if let canvas {
            canvas.fill(x: left, y: y, width: contentWidth, height: plan.headerHeight, color: .headerFill)
            if tagged { canvas.begin(.tableRow) }
            var x = left
            let top = y + 5
            for (column, spec) in table.columns.enumerated() {
                if tagged { canvas.begin(.headerCell) }
                canvas.text(
                    spec.title,
                    x: x + PageFlow.cellPadding,
                    y: top,
                    size: PageFlow.cellText,
                    bold: true,
                    width: plan.widths[column] - 2 * PageFlow.cellPadding,
                    alignRight: spec.alignRight,
                    lines: plan.headerLines,
                    on: .headerFill
                )
                if tagged { canvas.end(.headerCell) }
                x += plan.widths[column]
            }
            if tagged { canvas.end(.tableRow) }
            canvas.rule(x: left, y: y + plan.headerHeight, width: contentWidth, color: PDFColor(0xD1D5DB))
        }
        y += plan.headerHeight
    }

    /// One cell as a TD element: its text is the TD's content, a link a Link inside it, and
    /// in a stack each part a Link or a Span of its own (cairo marks only the innermost
    /// element's content, so a TD's own text beside a Link would be lost to a reader).
    /// A row past the tagged limit is the page's P element's own content, which cairo marks only
    /// while the P has no child element: its links are drawn as their text, without a Link.
    private mutating func draw(
        _ cell: PDFCell,
        on canvas: PDFCanvas,
        x: Double,
        width: Double,
        alignRight: Bool,
        lines: Int,
        tagged: Bool
    ) {
        if tagged { canvas.begin(.tableCell) }
        defer { if tagged { canvas.end(.tableCell) } }
        let cell = tagged ? cell : Self.unlinked(cell)
        if case .stack(let cells) = cell {
            // Each part a line lower than the one before, as a wrapped text's lines are.
            let top = y
            defer { y = top }
            for part in cells {
                if case .link = part {
                    drawContent(part, on: canvas, x: x, width: width, alignRight: alignRight, lines: 1)
                } else if !tagged {
                    drawContent(part, on: canvas, x: x, width: width, alignRight: alignRight, lines: 1)
                } else {
                    canvas.begin(.span)
                    drawContent(part, on: canvas, x: x, width: width, alignRight: alignRight, lines: 1)
                    canvas.end(.span)
                }
                y += PageFlow.extraLine
            }
            return
        }
        drawContent(cell, on: canvas, x: x, width: width, alignRight: alignRight, lines: lines)
    }

    private static func unlinked(_ cell: PDFCell) -> PDFCell {
        switch cell {
        case .link(let text, _): .text(text)
        case .stack(let parts): .stack(parts.map(unlinked))
        default: cell
        }
    }

    /// How many lines a badge's words take within `width`, filled greedily as pango wraps them.
    private static func badgeLines(_ text: String, width: Double, on canvas: PDFCanvas) -> Int {
        let space =
            canvas.measure("a b", size: PageFlow.badgeText, bold: true).width
            - canvas.measure("ab", size: PageFlow.badgeText, bold: true).width
        var lines = 1
        var line = 0.0
        for word in text.split(separator: " ") {
            let wide = canvas.measure(String(word), size: PageFlow.badgeText, bold: true).width
            if line > 0, line + space + wide > width {
                lines += 1
                line = wide
            } else {
                line += (line > 0 ? space : 0) + wide
            }
        }
        return min(lines, TablePlan.maxCellLines)
    }

    /// One cell's content (not a stack's: stacks do not nest) at the row's top, inset by the
    /// cell padding from `x`, within `width`.
    private func drawContent(
        _ cell: PDFCell,
        on canvas: PDFCanvas,
        x: Double,
        width: Double,
        alignRight: Bool,
        lines: Int
    ) {
        let inner = width - 2 * PageFlow.cellPadding
        let left = x + PageFlow.cellPadding
        switch cell {
        case .empty, .stack:
            return  // stacks do not nest
        case .text(let text, let color, let bold):
            canvas.text(
                text,
                x: left,
                y: y + 4,
                size: PageFlow.cellText,
                bold: bold,
                color: color ?? .text,
                width: inner,
                alignRight: alignRight,
                lines: lines,
                on: rowFill
            )
        case .link(let text, let url):
            canvas.text(
                text,
                x: left,
                y: y + 4,
                size: PageFlow.cellText,
                color: .link,
                width: inner,
                link: url,
                lines: lines,
                on: rowFill
            )
        case .badge(let text, let color):
            drawBadge(text, color: color, on: canvas, x: left, width: inner, lines: lines)
        case .bar(let fraction, let color, let label):
            drawBar(fraction, color: color, label: label, on: canvas, x: left, width: inner)
        }
    }

    /// A badge: its text in a pill as wide as the text, at most `width`; in a `grow` column
    /// (`lines` > 1) a badge wider than its column wraps inside a taller pill (TablePlan made
    /// the row tall enough).
    private func drawBadge(
        _ text: String,
        color: PDFColor,
        on canvas: PDFCanvas,
        x left: Double,
        width inner: Double,
        lines: Int
    ) {
        let measured = canvas.measure(text, size: PageFlow.badgeText, bold: true).width
        let badgeWidth = min(inner, measured + 10)
        let count =
            lines > 1 && measured + 10 > inner ? Self.badgeLines(text, width: badgeWidth - 10, on: canvas) : 1
        canvas.fill(
            x: left,
            y: y + 2,
            width: badgeWidth,
            height: 14 + Double(count - 1) * PageFlow.badgeLine,
            color: color.tint(PDFColor.badgeTint),
            radius: 7
        )
        canvas.text(
            text,
            x: left + 5,
            y: y + 2.5,
            size: PageFlow.badgeText,
            bold: true,
            color: color.badgeText,
            width: badgeWidth - 10,
            lines: count
        )
    }

    /// A bar in a cell: its track (half the cell, at most `barTrack`), the filled `fraction`
    /// of it, and its label to the right.
    private func drawBar(
        _ fraction: Double,
        color: PDFColor,
        label: String,
        on canvas: PDFCanvas,
        x left: Double,
        width inner: Double
    ) {
        let track = min(inner * 0.5, PageFlow.barTrack)
        canvas.fill(x: left, y: y + 5, width: track, height: 8, color: .headerFill, radius: 3)
        if fraction > 0 {
            canvas.fill(
                x: left,
                y: y + 5,
                width: max(3, track * min(1, fraction)),
                height: 8,
                color: color,
                radius: 3
            )
        }
        canvas.text(
            label,
            x: left + track + 4,
            y: y + 4,
            size: PageFlow.cellText,
            width: inner - track - 4,
            on: rowFill
        )
    }
}
