import CPangoCairo
import Foundation

/// A line chart drawn as vectors: a title, a caption that says the chart in words, a legend,
/// a value axis with light grid lines, a label under each point of the category axis, and
/// one line per series with its last value written beside its end. A missing value (nil)
/// is a gap in its line, never 0; a point with no neighbour is drawn as a dot.
public struct PDFLineChart: Sendable {
    public struct Series: Sendable {
        public let name: String
        /// One value per category label; nil is a gap.
        public let values: [Double?]
        public let color: PDFColor

        public init(name: String, values: [Double?], color: PDFColor) {
            self.name = name
            self.values = values
            self.color = color
        }
    }

    public let title: String
    /// The chart in words, drawn under the title and tagged as the figure's caption.
    public let caption: String
    public let labels: [String]
    public let series: [Series]
    /// Written after every value on the axis and beside the lines, e.g. "%".
    public let unit: String
    /// The top of the value axis at least (100 for a share); the axis grows past it to fit.
    public let ceiling: Double

    public init(
        title: String,
        caption: String,
        labels: [String],
        series: [Series],
        unit: String = "",
        ceiling: Double = 1
    ) {
        self.title = title
        self.caption = caption
        self.labels = labels
        self.series = series
        self.unit = unit
        self.ceiling = ceiling
    }

    /// The plot's height; the chart is as tall as its caption and legend make it above that.
    static let plotHeight = 84.0
    /// The most lines a caption takes; a longer one ends in "…".
    static let captionLines = 10
    /// Text of the chart: the title at 10.5 points, everything else at 9 (docs/outputs.md).
    static let textSize = 9.0

    /// The top of the value axis and its step: a round step (1, 2 or 5 times a power of ten)
    /// that divides the axis into four parts and reaches the largest value.
    var axis: (top: Double, step: Double) {
        let peak = max(ceiling, series.flatMap { $0.values.compactMap { $0 } }.filter(\.isFinite).max() ?? 0)
        let rough = peak / 4
        let power = pow(10, (log10(rough)).rounded(.down))
        let step = [1.0, 2, 2.5, 5, 10].map { $0 * power }.first { $0 >= rough } ?? rough
        return (step * 4, step)
    }

    /// A value as the chart writes it: at most one decimal, then the unit.
    func text(_ value: Double) -> String {
        NumberText.shortest((value * 10).rounded() / 10) + unit
    }
}

extension PDFLineChart {
    /// Where the chart's parts go in a width: the caption's height as pango wraps it, the series
    /// on each line of the legend, and from them the plot's top and the height the chart takes on
    /// the page (a gap under it included).
    struct Layout {
        let captionHeight: Double
        let legend: [[Int]]
        /// Room above the legend, so that the plot starts as low as a chart's beside it.
        var padding = 0.0
        var legendTop: Double { 16 + captionHeight + 5 + padding }
        var plotTop: Double { legendTop + Double(legend.count) * 14 + 8 }
        var height: Double { plotTop + PDFLineChart.plotHeight + 16 + 12 }

        /// The same layout with its plot starting at `plotTop` when that is lower than its own.
        func aligned(to plotTop: Double?) -> Layout {
            var layout = self
            layout.padding = max(0, (plotTop ?? 0) - self.plotTop)
            return layout
        }
    }

    /// The layout in `width`, measured at the chart's text size (the measure's, 9 points).
    func layout(width: Double, measure: WrappedTextMeasure) -> Layout {
        let caption = measure.height(caption, bold: false, width: width, lines: Self.captionLines).height
        var legend: [[Int]] = [[]]
        var left = 0.0
        for (index, line) in series.enumerated() {
            let wide = 18 + measure.width(line.name, bold: false) + 2
            if left > 0, left + wide > width {
                legend.append([])
                left = 0
            }
            legend[legend.count - 1].append(index)
            left += wide + 12
        }
        return Layout(captionHeight: caption, legend: legend)
    }

    /// Draws the chart with its top-left at (x, y) across `width`, tagged: the title an H3, then
    /// a Figure holding the caption (Caption), the legend's names (P), and the axes' labels and
    /// the lines' end values (P), so that no text is outside the structure.
    func draw(on canvas: PDFCanvas, x: Double, y: Double, width: Double, layout: Layout) {
        canvas.tagged(.heading(3)) { $0.text(title, x: x, y: y, size: 10.5, bold: true, width: width) }
        canvas.begin(.figure)
        canvas.tagged(.caption) {
            $0.text(
                caption,
                x: x,
                y: y + 16,
                size: Self.textSize,
                color: .muted,
                width: width,
                lines: Self.captionLines
            )
        }
        canvas.tagged(.paragraph) { drawLegend(on: $0, x: x, y: y + layout.legendTop, lines: layout.legend) }
        let valueWidth = 34.0
        let endWidth = 44.0
        let plot = (
            x: x + valueWidth, y: y + layout.plotTop, width: width - valueWidth - endWidth, height: Self.plotHeight
        )
        let (top, step) = axis
        func yOf(_ value: Double) -> Double { plot.y + plot.height * (1 - max(0, min(value, top)) / top) }
        let slot = plot.width / Double(max(1, labels.count))
        func xOf(_ index: Int) -> Double { plot.x + slot * (Double(index) + 0.5) }
        canvas.begin(.paragraph)
        for index in 0...4 {
            let value = step * Double(index)
            let lineY = yOf(value)
            canvas.rule(x: plot.x, y: lineY, width: plot.width, color: index == 0 ? PDFColor(0x9CA3AF) : .rule)
            canvas.text(
                text(value),
                x: x,
                y: lineY - 6,
                size: Self.textSize,
                color: .muted,
                width: valueWidth - 4,
                alignRight: true
            )
        }
        // Every label when they fit at 9 points, else every other one, or every third… (the last always).
        let widest = labels.map { canvas.measure($0, size: Self.textSize).width }.max() ?? 0
        let every = max(1, Int(((widest + 4) / slot).rounded(.up)))
        for (index, label) in labels.enumerated() where (labels.count - 1 - index) % every == 0 {
            let labelWidth = min(canvas.measure(label, size: Self.textSize).width, slot * Double(every))
            canvas.text(
                label,
                x: xOf(index) - labelWidth / 2,
                y: plot.y + plot.height + 4,
                size: Self.textSize,
                color: .muted,
                width: labelWidth + 1
            )
        }
        var ends: [(y: Double, text: String, color: PDFColor)] = []
        for line in series {
            stroke(line, on: canvas, x: xOf, y: yOf)
            if let last = line.values.lastIndex(where: { $0 != nil }), let value = line.values[last] {
                ends.append((yOf(value), text(value), line.color))
            }
        }
        for end in Self.spread(ends, bottom: plot.y + plot.height) {
            canvas.text(
                end.text,
                x: plot.x + plot.width + 4,
                y: end.y - 6,
                size: Self.textSize,
                bold: true,
                color: end.color,
                width: endWidth - 4
            )
        }
        canvas.end(.paragraph)
        canvas.end(.figure)
    }

    /// One series: a line through each run of consecutive values, a dot on every point.
    private func stroke(_ line: Series, on canvas: PDFCanvas, x: (Int) -> Double, y: (Double) -> Double) {
        let cr = canvas.cr
        canvas.setColor(line.color)
        cairo_set_line_width(cr, 2)
        cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
        var drawing = false
        for (index, value) in line.values.enumerated() {
            guard let value, value.isFinite else {
                drawing = false
                continue
            }
            if drawing { cairo_line_to(cr, x(index), y(value)) } else { cairo_move_to(cr, x(index), y(value)) }
            drawing = true
        }
        cairo_stroke(cr)
        for (index, value) in line.values.enumerated() {
            guard let value, value.isFinite else { continue }
            cairo_new_sub_path(cr)
            cairo_arc(cr, x(index), y(value), 2.5, 0, 2 * Double.pi)
        }
        cairo_fill(cr)
    }

    /// The legend on its lines (`Layout.legend`): a short stroke of each series' colour, then its name.
    private func drawLegend(on canvas: PDFCanvas, x: Double, y: Double, lines: [[Int]]) {
        for (row, indices) in lines.enumerated() {
            var left = x
            let top = y + Double(row) * 14
            for line in indices.map({ series[$0] }) {
                canvas.fill(x: left, y: top + 5, width: 14, height: 3, color: line.color, radius: 1.5)
                let name = canvas.measure(line.name, size: Self.textSize).width
                canvas.text(line.name, x: left + 18, y: top, size: Self.textSize, width: name + 2)
                left += 18 + name + 2 + 12
            }
        }
    }

    /// The end labels moved apart, so that two lines ending on one value do not write over
    /// each other: at least `gap` points between labels (11, the pdf's), top to bottom, and none
    /// below the axis.
    static func spread(
        _ ends: [(y: Double, text: String, color: PDFColor)],
        bottom: Double,
        gap: Double = 11
    ) -> [(y: Double, text: String, color: PDFColor)] {
        var sorted = ends.sorted { $0.y < $1.y }
        for index in sorted.indices.dropFirst() where sorted[index].y - sorted[index - 1].y < gap {
            sorted[index].y = sorted[index - 1].y + gap
        }
        if let last = sorted.indices.last, sorted[last].y > bottom {
            sorted[last].y = bottom
            for index in sorted.indices.dropLast().reversed() {
                sorted[index].y = min(sorted[index].y, sorted[index + 1].y - gap)
            }
        }
        return sorted
    }
}
