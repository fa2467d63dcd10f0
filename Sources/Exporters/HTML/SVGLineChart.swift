import Foundation

/// A line chart of the pdf (`PDFLineChart`) as inline svg for an html page: the same legend,
/// value axis of four round steps, week labels (every other or every third when they would
/// not fit), lines with a gap for a missing value and a dot on every point, and each line's
/// last value written beside its end in its colour. The svg scales to its box (a viewBox of
/// `width` units); it is an image with a title and a description (the pdf's caption), and the
/// page puts its numbers in a table under it (`HTMLPageData`).
public enum SVGLineChart {
    /// The drawing's width in svg units: a phone's column (about 352 px at 390) shows it at a
    /// little over a pixel a unit, so that its 16-unit labels read at 16 px or more, the page's
    /// least text size (wider screens show it larger, up to the page's 480 px).
    static let width = 340.0
    static let plotHeight = 140.0
    static let textSize = 16.0
    /// The end values' size; `PDFLineChart.spread` keeps them 17 units apart.
    static let endSize = 16.0
    /// The least room for the value axis's labels (a wider label widens it) and for the end values.
    static let valueWidth = 40.0, endWidth = 52.0

    /// About how wide a text is at `size` (an average glyph of the page's sans-serif fonts,
    /// a little wide so that labels never meet).
    static func estimate(_ text: String, size: Double) -> Double { Double(text.count) * size * 0.58 }

    /// The chart as an `<svg>` element; `id` makes its title's and description's ids unique on the page.
    public static func markup(_ chart: PDFLineChart, id: String) -> String {
        let legend = legendLines(chart)
        let plotTop = 6 + Double(legend.count) * 22 + 10
        let height = plotTop + plotHeight + 30
        var svg = """
            <svg class="chart line-chart" viewBox="0 0 \(HTMLText.number(width)) \(HTMLText.number(height))" \
            role="img" aria-labelledby="\(id)-t \(id)-d">\
            <title id="\(id)-t">\(HTMLText.escape(chart.title))</title>\
            <desc id="\(id)-d">\(HTMLText.escape(chart.caption))</desc>
            """
        for (row, indices) in legend.enumerated() {
            var left = 0.0
            let y = 6 + Double(row) * 22
            for series in indices.map({ chart.series[$0] }) {
                let color = HTMLColors.line(series.color)
                svg += "<g class=\"series\" style=\"\(HTMLColors.style(color))\">"
                svg += "<rect x=\"\(HTMLText.number(left))\" y=\"\(HTMLText.number(y + 6))\" width=\"16\" height=\"4\" "
                svg += "rx=\"2\" fill=\"\(color.light.hex)\"/></g>"
                svg += text(
                    series.name,
                    x: left + 20,
                    y: y + 12,
                    size: textSize,
                    className: "label",
                    fill: HTMLColors.light.text.hex
                )
                left += 20 + estimate(series.name, size: textSize) + 14
            }
        }
        svg += plot(chart, top: plotTop)
        return svg + "</svg>"
    }

    /// The legend's names on lines of the drawing's width, as the pdf's legend wraps.
    static func legendLines(_ chart: PDFLineChart) -> [[Int]] {
        var lines: [[Int]] = [[]]
        var left = 0.0
        for (index, series) in chart.series.enumerated() {
            let wide = 20 + estimate(series.name, size: textSize)
            if left > 0, left + wide > width {
                lines.append([])
                left = 0
            }
            lines[lines.count - 1].append(index)
            left += wide + 14
        }
        return lines
    }

    /// The grid, the axes' labels, the lines and their end values.
    private static func plot(_ chart: PDFLineChart, top: Double) -> String {
        let (axisTop, step) = chart.axis
        let axisLabels = (0...4).map { chart.text(step * Double($0)) }
        let left = max(valueWidth, (axisLabels.map { estimate($0, size: textSize) }.max() ?? 0) + 6)
        let plot = (x: left, y: top, width: width - left - endWidth, height: plotHeight)
        func yOf(_ value: Double) -> Double { plot.y + plot.height * (1 - max(0, min(value, axisTop)) / axisTop) }
        let slot = plot.width / Double(max(1, chart.labels.count))
        func xOf(_ index: Int) -> Double { plot.x + slot * (Double(index) + 0.5) }
        var svg = ""
        for index in 0...4 {
            let y = yOf(step * Double(index))
            svg += "<line class=\"\(index == 0 ? "axis" : "grid")\" x1=\"\(HTMLText.number(plot.x))\" "
            svg += "x2=\"\(HTMLText.number(plot.x + plot.width))\" y1=\"\(HTMLText.number(y))\" "
            svg += "y2=\"\(HTMLText.number(y))\" stroke=\"\(index == 0 ? "#9CA3AF" : "#E5E7EB")\" stroke-width=\"1\"/>"
            svg += text(axisLabels[index], x: plot.x - 4, y: y + 5, size: textSize, anchor: "end")
        }
        let widest = chart.labels.map { estimate($0, size: textSize) }.max() ?? 0
        let every = max(1, Int(((widest + 4) / slot).rounded(.up)))
        for (index, label) in chart.labels.enumerated() where (chart.labels.count - 1 - index) % every == 0 {
            svg += text(label, x: xOf(index), y: plot.y + plot.height + 20, size: textSize, anchor: "middle")
        }
        var ends: [(y: Double, text: String, color: PDFColor)] = []
        for series in chart.series {
            svg += line(series, x: xOf, y: yOf)
            if let last = series.values.lastIndex(where: { $0 != nil }), let value = series.values[last] {
                ends.append((yOf(value), chart.text(value), series.color))
            }
        }
        for end in PDFLineChart.spread(ends, bottom: plot.y + plot.height, gap: endSize + 1) {
            let color = HTMLColors.line(end.color)
            svg += "<g class=\"series\" style=\"\(HTMLColors.style(color))\">"
            svg += text(
                end.text,
                x: plot.x + plot.width + 5,
                y: end.y + 4,
                size: endSize,
                className: "end",
                fill: color.light.hex
            )
            svg += "</g>"
        }
        return svg
    }

    /// One series: a path through each run of values that follow one another, a dot on every point.
    private static func line(_ series: PDFLineChart.Series, x: (Int) -> Double, y: (Double) -> Double) -> String {
        let color = HTMLColors.line(series.color)
        var path = ""
        var dots = ""
        var drawing = false
        for (index, value) in series.values.enumerated() {
            guard let value, value.isFinite else {
                drawing = false
                continue
            }
            path += "\(drawing ? "L" : "M")\(HTMLText.number(x(index))) \(HTMLText.number(y(value)))"
            dots += "<circle cx=\"\(HTMLText.number(x(index)))\" cy=\"\(HTMLText.number(y(value)))\" r=\"3\" "
            dots += "fill=\"\(color.light.hex)\"/>"
            drawing = true
        }
        let stroke =
            path.isEmpty
            ? ""
            : "<path d=\"\(path)\" fill=\"none\" stroke=\"\(color.light.hex)\" stroke-width=\"2.5\" stroke-linejoin=\"round\"/>"
        return "<g class=\"series\" style=\"\(HTMLColors.style(color))\">\(stroke)\(dots)</g>"
    }

    /// A text of the drawing, muted unless it has a fill of its own.
    static func text(
        _ words: String,
        x: Double,
        y: Double,
        size: Double,
        anchor: String = "start",
        className: String = "axis",
        fill: String = HTMLColors.light.muted.hex
    ) -> String {
        "<text class=\"\(className)\" x=\"\(HTMLText.number(x))\" y=\"\(HTMLText.number(y))\" font-size=\"\(HTMLText.number(size))\""
            + (anchor == "start" ? "" : " text-anchor=\"\(anchor)\"")
            + " fill=\"\(fill)\">\(HTMLText.escape(words))</text>"
    }
}
