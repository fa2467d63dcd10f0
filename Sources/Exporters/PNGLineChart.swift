import CPangoCairo
import Core
import Foundation

/// A small line chart as PNG bytes, drawn with cairo and pango (as the PDF's drawing in
/// Sources/Exporters/PDF/PDFCanvas.swift): a white card, one line per series over the same
/// labelled points, the highest value on the axis, a legend, and the last value of each series
/// written beside its end. Formats only: it knows numbers and labels, nothing of what they
/// count. The same input gives the same bytes (no time or randomness enters the image).
public enum PNGLineChart {
    public struct Series: Sendable {
        public let name: String
        public let values: [Double]
        /// 0…1 each.
        public let color: (red: Double, green: Double, blue: Double)
        public let dashed: Bool

        public init(
            name: String,
            values: [Double],
            color: (red: Double, green: Double, blue: Double),
            dashed: Bool = false
        ) {
            self.name = name
            self.values = values
            self.color = color
            self.dashed = dashed
        }
    }

    /// Colours of the card: background, text and grid lines (text is 12.6:1 on the background).
    static let background = (1.0, 1.0, 1.0), ink = (0.067, 0.094, 0.153), grid = (0.82, 0.84, 0.86)

    /// The chart of `series` over `labels` (one label per point; the first, middle and last are
    /// written), `width` × `height` in CSS pixels, drawn at `scale` device pixels each.
    /// - Throws: `ExportError.library` when cairo or pango fails.
    public static func render(
        series: [Series],
        labels: [String],
        width: Int = 280,
        height: Int = 100,
        scale: Double = 2
    ) throws -> Data {
        let pixelsWide = Int32(Double(width) * scale)
        let pixelsHigh = Int32(Double(height) * scale)
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, pixelsWide, pixelsHigh) else {
            throw ExportError.library(
                name: "cairo",
                call: "cairo_image_surface_create",
                message: "could not create an image"
            )
        }
        defer { cairo_surface_destroy(surface) }
        try check(cairo_surface_status(surface), "cairo_image_surface_create")
        guard let cr = cairo_create(surface) else {
            throw ExportError.library(
                name: "cairo",
                call: "cairo_create",
                message: "could not create a drawing context"
            )
        }
        defer { cairo_destroy(cr) }
        cairo_scale(cr, scale, scale)
        cairo_set_source_rgb(cr, background.0, background.1, background.2)
        cairo_paint(cr)
        let text = try ChartText(cr: cr)
        let plot = Plot(width: Double(width), height: Double(height), top: series.map(\.values).joined().max() ?? 0)
        drawAxes(cr, plot: plot, labels: labels, text: text)
        for (index, line) in series.enumerated() {
            drawLine(cr, line, plot: plot)
            if let last = line.values.last {
                text.draw(number(last), x: plot.right + 4, y: plot.y(last) - 6, size: 9, color: line.color, bold: true)
            }
            // The legend, top left: a short stroke in the series' colour, then its name.
            let legendX = plot.left + Double(index) * 70
            stroke(cr, from: (legendX, 7), to: (legendX + 14, 7), color: line.color, dashed: line.dashed)
            text.draw(line.name, x: legendX + 18, y: 1, size: 9, color: ink, bold: false)
        }
        try check(cairo_status(cr), "drawing")
        cairo_surface_flush(surface)
        return try png(surface)
    }

    /// Where values and points fall: the plot's box in CSS pixels and its vertical scale.
    struct Plot {
        let left = 26.0, top = 18.0
        let right: Double, bottom: Double
        /// The axis' highest value: the data's, at least 1, rounded up to a whole number.
        let maxValue: Double

        init(width: Double, height: Double, top: Double) {
            right = width - 22
            bottom = height - 16
            maxValue = max(1, top.rounded(.up))
        }

        func x(_ index: Int, of count: Int) -> Double {
            count <= 1 ? left : left + (right - left) * Double(index) / Double(count - 1)
        }

        func y(_ value: Double) -> Double { bottom - (bottom - top) * max(0, value) / maxValue }
    }

    private static func drawAxes(_ cr: OpaquePointer, plot: Plot, labels: [String], text: ChartText) {
        stroke(cr, from: (plot.left, plot.bottom), to: (plot.right, plot.bottom), color: grid, dashed: false)
        stroke(cr, from: (plot.left, plot.top), to: (plot.right, plot.top), color: grid, dashed: false)
        text.draw(number(plot.maxValue), x: 2, y: plot.top - 6, size: 9, color: ink, bold: false)
        text.draw("0", x: 2, y: plot.bottom - 6, size: 9, color: ink, bold: false)
        let shown = Set([0, labels.count / 2, labels.count - 1])
        for index in labels.indices where shown.contains(index) {
            let width = text.width(labels[index], size: 9)
            let x = min(max(plot.x(index, of: labels.count) - width / 2, 0), plot.right + 20 - width)
            text.draw(labels[index], x: x, y: plot.bottom + 2, size: 9, color: ink, bold: false)
        }
    }

    private static func drawLine(_ cr: OpaquePointer, _ series: Series, plot: Plot) {
        guard !series.values.isEmpty else { return }
        cairo_new_path(cr)
        for (index, value) in series.values.enumerated() {
            let point = (plot.x(index, of: series.values.count), plot.y(value))
            index == 0 ? cairo_move_to(cr, point.0, point.1) : cairo_line_to(cr, point.0, point.1)
        }
        setLine(cr, series.color, dashed: series.dashed, width: 2)
        cairo_stroke(cr)
        if let last = series.values.last {
            cairo_arc(cr, plot.x(series.values.count - 1, of: series.values.count), plot.y(last), 2.5, 0, 2 * Double.pi)
            cairo_fill(cr)
        }
    }

    private static func stroke(
        _ cr: OpaquePointer,
        from: (Double, Double),
        to: (Double, Double),
        color: (Double, Double, Double),
        dashed: Bool
    ) {
        cairo_new_path(cr)
        cairo_move_to(cr, from.0, from.1)
        cairo_line_to(cr, to.0, to.1)
        setLine(cr, color, dashed: dashed, width: dashed ? 2 : 1)
        cairo_stroke(cr)
    }

    private static func setLine(_ cr: OpaquePointer, _ color: (Double, Double, Double), dashed: Bool, width: Double) {
        cairo_set_source_rgb(cr, color.0, color.1, color.2)
        cairo_set_line_width(cr, width)
        if dashed {
            let dashes: [Double] = [4, 3]
            cairo_set_dash(cr, dashes, 2, 0)
        } else {
            cairo_set_dash(cr, nil, 0, 0)
        }
    }

    /// "12", "3.5".
    static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15
            ? String(Int(value)) : String(format: "%.1f", locale: Locale(identifier: "en_US_POSIX"), value)
    }

    static func check(_ status: cairo_status_t, _ call: String) throws {
        guard status != CAIRO_STATUS_SUCCESS else { return }
        throw ExportError.library(name: "cairo", call: call, message: String(cString: cairo_status_to_string(status)))
    }

    /// The image as PNG bytes, through cairo's stream writer.
    private static func png(_ surface: OpaquePointer) throws -> Data {
        final class Buffer { var data = Data() }
        let buffer = Buffer()
        let status = cairo_surface_write_to_png_stream(
            surface,
            { closure, bytes, length in
                guard let closure, let bytes else { return CAIRO_STATUS_WRITE_ERROR }
                Unmanaged<Buffer>.fromOpaque(closure).takeUnretainedValue().data.append(bytes, count: Int(length))
                return CAIRO_STATUS_SUCCESS
            },
            Unmanaged.passUnretained(buffer).toOpaque()
        )
        try check(status, "cairo_surface_write_to_png_stream")
        return buffer.data
    }
}

/// Pango text on the chart, at 72 dpi so that sizes are CSS pixels, with hinting off so that
/// glyphs land where the layout puts them at any scale.
private final class ChartText {
    private let cr: OpaquePointer
    private let layout: OpaquePointer

    init(cr: OpaquePointer) throws {
        self.cr = cr
        guard let layout = pango_cairo_create_layout(cr) else {
            throw ExportError.library(
                name: "pango",
                call: "pango_cairo_create_layout",
                message: "could not create a text layout"
            )
        }
        self.layout = layout
        if let context = pango_layout_get_context(layout) {
            pango_cairo_context_set_resolution(context, 72)
            if let options = cairo_font_options_create() {
                cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
                cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
                cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
                pango_cairo_context_set_font_options(context, options)
                cairo_font_options_destroy(options)
            }
            pango_layout_context_changed(layout)
        }
    }

    deinit { g_object_unref(UnsafeMutableRawPointer(layout)) }

    private func set(_ text: String, size: Double, bold: Bool) {
        if let font = pango_font_description_from_string("Noto Sans, DejaVu Sans \(bold ? "Bold " : "")\(size)") {
            pango_layout_set_font_description(layout, font)
            pango_font_description_free(font)
        }
        pango_layout_set_text(layout, text, -1)
    }

    func width(_ text: String, size: Double) -> Double {
        set(text, size: size, bold: false)
        var width: Int32 = 0
        var height: Int32 = 0
        pango_layout_get_pixel_size(layout, &width, &height)
        return Double(width)
    }

    func draw(
        _ text: String,
        x: Double,
        y: Double,
        size: Double,
        color: (red: Double, green: Double, blue: Double),
        bold: Bool
    ) {
        set(text, size: size, bold: bold)
        cairo_set_source_rgb(cr, color.red, color.green, color.blue)
        cairo_move_to(cr, x, y)
        pango_cairo_show_layout(cr, layout)
    }
}
