import CPangoCairo
import Core
import Foundation

/// How wide a cell's text is on one line, and how tall once wrapped to its column, laid out
/// by pango exactly as `PDFCanvas.text` draws it (the same fonts, no ligatures, the same
/// one-line cleaning, word wrapping within the width, at most `lines` lines), so that a row can
/// be made as tall as its longest text before the pages are counted. Widths come from the
/// canvas's kept layouts; heights from a pango context of its own on the document's cairo
/// context (so the same font options as the drawing). It keeps the widths and heights it
/// measured in its thread's `Measured`, from one document to the next: a school's name repeats
/// on every interaction of the school, and a status, a date or a heading in every family's pdfs.
final class WrappedTextMeasure {
    private let context: OpaquePointer
    private let layout: OpaquePointer
    private let features: OpaquePointer
    private var fonts: [Bool: OpaquePointer] = [:]
    private let measured = Measured.forThisThread()

    fileprivate struct Key: Hashable {
        let text: String
        let bold: Bool
        let width: Double
        let lines: Int
    }

    /// The measurements of one thread, kept across its documents: every document's context is a
    /// PDF surface's at the same resolution and font options (as PDFLayoutCache's layouts), so
    /// a text measures the same in each. Each table is bounded: when full it starts again, so
    /// that a long list of unique texts cannot grow it without end.
    fileprivate final class Measured {
        var heights: [Key: (height: Double, lines: Int)] = [:]
        var widths: [WidthKey: Double] = [:]
        static let limit = 16_384

        struct WidthKey: Hashable {
            let text: String
            let bold: Bool
        }

        private static let threadKey = "report-batch.WrappedTextMeasure"

        static func forThisThread() -> Measured {
            let dictionary = Thread.current.threadDictionary
            if let kept = dictionary[threadKey] as? Measured { return kept }
            let made = Measured()
            dictionary[threadKey] = made
            return made
        }
    }

    /// Widths come from the canvas's kept layouts: the one a text that fits its cell is drawn
    /// with (PDFCanvas.prepare), so that it is shaped once for both.
    private let canvas: PDFCanvas

    init(canvas: PDFCanvas) throws {
        self.canvas = canvas
        guard let context = pango_cairo_create_context(canvas.cr) else {
            throw ExportError.library(
                name: "pango",
                call: "pango_cairo_create_context",
                message: "could not create a text context"
            )
        }
        pango_cairo_context_set_resolution(context, 72)  // points, as PDFCanvas
        self.context = context
        guard let layout = pango_layout_new(context) else {
            g_object_unref(UnsafeMutableRawPointer(context))
            throw ExportError.library(
                name: "pango",
                call: "pango_layout_new",
                message: "could not create a text layout"
            )
        }
        self.layout = layout
        guard let features = pango_attr_list_new(), let noLigatures = pango_attr_font_features_new("liga 0, clig 0")
        else {
            g_object_unref(UnsafeMutableRawPointer(layout))
            g_object_unref(UnsafeMutableRawPointer(context))
            throw ExportError.library(
                name: "pango",
                call: "pango_attr_font_features_new",
                message: "could not make a text attribute"
            )
        }
        pango_attr_list_insert(features, noLigatures)
        self.features = features
    }

    deinit {
        g_object_unref(UnsafeMutableRawPointer(layout))
        g_object_unref(UnsafeMutableRawPointer(context))
        pango_attr_list_unref(features)
        for font in fonts.values { pango_font_description_free(font) }
    }

    /// The height in points of `text` at table cell size wrapped within `width`, on at most
    /// `lines` lines, and how many lines it takes.
    func height(_ text: String, bold: Bool, width: Double, lines: Int) -> (height: Double, lines: Int) {
        let key = Key(text: text, bold: bold, width: width, lines: lines)
        if let known = measured.heights[key] { return known }
        pango_layout_set_font_description(layout, font(bold: bold))
        pango_layout_set_text(layout, Self.drawn(text), -1)
        pango_layout_set_attributes(layout, features)
        pango_layout_set_width(layout, Int32(max(1, width) * Double(PANGO_SCALE)))
        pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_END)
        pango_layout_set_wrap(layout, PANGO_WRAP_WORD)
        pango_layout_set_height(layout, -Int32(max(1, lines)))
        var pixelWidth: Int32 = 0
        var pixelHeight: Int32 = 0
        pango_layout_get_pixel_size(layout, &pixelWidth, &pixelHeight)
        let result = (height: Double(pixelHeight), lines: Int(max(1, pango_layout_get_line_count(layout))))
        if measured.heights.count >= Measured.limit { measured.heights.removeAll(keepingCapacity: true) }
        measured.heights[key] = result
        return result
    }

    /// The width in points of `text` on one line, as `PDFCanvas.measure` gives it.
    func width(_ text: String, bold: Bool) -> Double {
        let key = Measured.WidthKey(text: text, bold: bold)
        if let known = measured.widths[key] { return known }
        let result = measuredWidth(text, bold: bold)
        if measured.widths.count >= Measured.limit { measured.widths.removeAll(keepingCapacity: true) }
        measured.widths[key] = result
        return result
    }

    private func measuredWidth(_ text: String, bold: Bool) -> Double {
        canvas.measure(text, size: PageFlow.cellText, bold: bold, warn: false).width
    }

    /// The width a cell's content takes as `PageFlow` draws it, padding not included.
    func width(of cell: PDFCell) -> Double {
        switch cell {
        case .empty: 0
        case .text(let text, _, let bold): width(text, bold: bold)
        case .link(let text, _): width(text, bold: false)
        case .badge(let text, _): width(text, bold: true) + 10
        case .bar(_, _, let label): PageFlow.barTrack + 4 + width(label, bold: false)
        case .stack(let parts): parts.map { width(of: $0) }.max() ?? 0
        }
    }

    /// The text as `PDFCanvas` lays it out: its first characters, control characters removed,
    /// line breaks and tabs as spaces.
    static func drawn(_ text: String) -> String {
        let oneLine = CellText.clean(PDFCanvas.laidOut(text))
        guard oneLine.contains(where: { $0.isNewline || $0 == "\t" }) else { return oneLine }
        return oneLine.split(whereSeparator: { $0.isNewline || $0 == "\t" }).joined(separator: " ")
    }

    private func font(bold: Bool) -> OpaquePointer? {
        if let font = fonts[bold] { return font }
        let font = pango_font_description_from_string(
            "\(PDFCanvas.families) \(bold ? "Bold " : "")\(PageFlow.cellText)"
        )
        fonts[bold] = font
        return font
    }
}
