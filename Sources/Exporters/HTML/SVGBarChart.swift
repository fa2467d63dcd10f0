import Foundation

/// A breakdown of the pdf (`PDFBlock.bars`) as inline svg for an html page: a row a bar, its
/// label and value on a line over a track filled to its share of the largest value in its
/// colour. Drawn in CSS pixels across the width of its box (no scaling: the labels keep their
/// size on a phone). An image whose title is the breakdown's heading and whose description
/// is the pdf's caption ("Email 4 Phone Call 1"); its numbers are also a table under it.
public enum SVGBarChart {
    static let rowHeight = 40.0
    /// The labels' size in CSS pixels: the page's least text size (16 px).
    static let textSize = 16.0

    /// The pdf's caption of bars, each label followed by its value, in the bars' order.
    public static func caption(_ bars: [PDFBar]) -> String {
        bars.map { "\($0.label) \(NumberText.shortest($0.value))" }.joined(separator: " ")
    }

    /// The bars as an `<svg>` element; `id` makes its title's and description's ids unique on the page.
    public static func markup(_ bars: [PDFBar], title: String, id: String) -> String {
        let peak = bars.map(\.value).max() ?? 0
        let height = rowHeight * Double(bars.count)
        var svg = """
            <svg class="chart bar-chart" width="100%" height="\(HTMLText.number(height))" role="img" \
            aria-labelledby="\(id)-t \(id)-d"><title id="\(id)-t">\(HTMLText.escape(title))</title>\
            <desc id="\(id)-d">\(HTMLText.escape(caption(bars)))</desc>
            """
        let ink = HTMLColors.light.text.hex
        for (index, bar) in bars.enumerated() {
            let top = Double(index) * rowHeight
            let baseline = HTMLText.number(top + 17)
            svg += "<text class=\"label\" x=\"0\" y=\"\(baseline)\" font-size=\"\(HTMLText.number(textSize))\" "
            svg += "fill=\"\(ink)\">\(HTMLText.escape(bar.label))</text>"
            svg +=
                "<text class=\"label value\" x=\"100%\" y=\"\(baseline)\" font-size=\"\(HTMLText.number(textSize))\" "
            svg += "text-anchor=\"end\" font-weight=\"bold\" fill=\"\(ink)\">\(NumberText.shortest(bar.value))</text>"
            let barTop = HTMLText.number(top + 24)
            svg +=
                "<rect class=\"track\" x=\"0\" y=\"\(barTop)\" width=\"100%\" height=\"10\" rx=\"3\" fill=\"#F3F4F6\"/>"
            let fraction = peak > 0 ? max(0, min(1, bar.value / peak)) : 0
            if fraction > 0 {
                // The pdf's colour as it is (a bar is no text), lightened in the dark.
                let color = (light: bar.color, dark: HTMLColors.line(bar.color).dark)
                let percent = HTMLText.number(max(1, fraction * 100))
                svg += "<g class=\"series\" style=\"\(HTMLColors.style(color))\"><rect x=\"0\" y=\"\(barTop)\" "
                svg += "width=\"\(percent)%\" height=\"10\" rx=\"3\" fill=\"\(bar.color.hex)\"/></g>"
            }
        }
        return svg + "</svg>"
    }
}
