import CPangoCairo
import Core
import Foundation

/// Text and shapes on a cairo context, with pango laying out every piece of text at 72 dpi
/// (so that sizes are points). Counts the characters no installed font can draw.
final class PDFCanvas {
    let cr: OpaquePointer
    /// The thread's context, fonts and shaped layouts, kept from one document to the next.
    private let cache: PDFLayoutCache
    /// The layout a text is shaped in when pango cannot make one to keep.
    private let spare: OpaquePointer
    private(set) var missingGlyphs: [String] = []
    private var reportedMissing = Set<String>()

    /// How much of a text is laid out: a pdf line shows at most a few hundred characters (the
    /// widest column of a landscape page at the smallest size), and shaping a 10 MB subject
    /// whole took seconds and a gigabyte. Longer texts are cut here, before anything else
    /// looks at them, and end in "…" in their cell as any long text does.
    static let maxLaidOutCharacters = 1_000

    /// The start of `text` that is laid out, in Unicode scalars.
    static func laidOut(_ text: String) -> String {
        guard text.utf8.count > maxLaidOutCharacters else { return text }  // no more bytes than scalars
        let start = text.unicodeScalars.prefix(maxLaidOutCharacters + 1)  // counts at most 1,001, not the whole text
        guard start.count > maxLaidOutCharacters else { return text }
        var cut = String.UnicodeScalarView()
        cut.append(contentsOf: start.prefix(maxLaidOutCharacters))
        return String(cut)
    }

    /// The font families, in fallback order: Latin, Greek and Cyrillic (Noto Sans); symbols
    /// such as ★ (DejaVu Sans); emoji (Symbola); CJK (Noto Sans CJK). CJK comes last because
    /// it also has ★: drawing one star from it made cairo load and subset its multi-megabyte
    /// CFF outlines for every pdf, a third of a weekly run's time.
    static let families = "Noto Sans, DejaVu Sans, Symbola, Noto Sans CJK JP"

    init(cr: OpaquePointer) throws {
        self.cr = cr
        cache = try PDFLayoutCache.forThisThread(drawingOn: cr)
        guard let spare = pango_layout_new(cache.context) else {
            throw ExportError.library(
                name: "pango",
                call: "pango_layout_new",
                message: "could not create a text layout"
            )
        }
        self.spare = spare
    }

    deinit {
        g_object_unref(UnsafeMutableRawPointer(spare))
    }

    /// A layout for one piece of text, shaped once per text and style (and kept for the
    /// thread's next documents); text that does not fit `width` wraps onto at most `lines`
    /// lines and ends in "…". A left-aligned, left-to-right text that fits `width` on one line is
    /// drawn with its unconstrained layout, the one it was measured with: a cell's width differs from one
    /// family's table to the next, and a layout made for each width would shape the same text
    /// again for every width (the same glyphs at the same places). With `warn` off
    /// (measuring), missing characters are not reported.
    private func prepare(
        _ fullText: String,
        size: Double,
        bold: Bool,
        width: Double?,
        alignRight: Bool = false,
        lines: Int = 1,
        warn: Bool = true
    ) -> OpaquePointer {
        let text = PDFCanvas.laidOut(fullText)
        let natural = PDFLayoutCache.Key(text: text, size: size, bold: bold, width: nil, alignRight: false, lines: 1)
        var entry = laidOut(natural)
        if let width {
            // The layout's width in pango's units, as configure sets it. A right-aligned text
            // keeps a layout of its width: pango places its line a unit or two from where the
            // width less the line's would (0.002 pt), and the pdfs stay as they were.
            let room = Int32(max(1, width) * Double(PANGO_SCALE))
            if !alignRight, let fitted = entry, fitted.leftToRight, fitted.logicalWidth <= room {
                return report(fitted, warn: warn)
            }
            entry = laidOut(
                PDFLayoutCache.Key(
                    text: text,
                    size: size,
                    bold: bold,
                    width: width,
                    alignRight: alignRight,
                    lines: lines
                )
            )
        }
        guard let entry else {
            let (shown, unknown) = configure(
                spare,
                text,
                size: size,
                bold: bold,
                width: width,
                alignRight: alignRight,
                lines: lines
            )
            let kept = PDFLayoutCache.Entry(layout: spare, shownText: shown, unknownGlyphs: unknown, owned: false)
            return report(kept, warn: warn)
        }
        return report(entry, warn: warn)
    }

    /// The kept layout for `key`, made and shaped when new; nil only when pango cannot make one.
    private func laidOut(_ key: PDFLayoutCache.Key) -> PDFLayoutCache.Entry? {
        if let kept = cache.entry(key) { return kept }
        guard let fresh = pango_layout_new(cache.context) else { return nil }
        let (shown, unknown) = configure(
            fresh,
            key.text,
            size: key.size,
            bold: key.bold,
            width: key.width,
            alignRight: key.alignRight,
            lines: key.lines
        )
        let entry = PDFLayoutCache.Entry(layout: fresh, shownText: shown, unknownGlyphs: unknown)
        cache.keep(entry, for: key)
        return entry
    }

    /// The entry's layout, its missing characters reported once a document when `warn` is on.
    private func report(_ entry: PDFLayoutCache.Entry, warn: Bool) -> OpaquePointer {
        if warn, entry.unknownGlyphs > 0, reportedMissing.insert(entry.shownText).inserted {
            let unknown = entry.unknownGlyphs
            missingGlyphs.append(
                "\(unknown) character\(unknown == 1 ? "" : "s") of \"\(entry.shownText.prefix(60))\" could not be drawn with the installed fonts"
            )
        }
        return entry.layout
    }

    /// Sets a layout's text and style, and returns the one-line text it shows and how many
    /// of its characters no installed font can draw.
    private func configure(
        _ layout: OpaquePointer,
        _ text: String,
        size: Double,
        bold: Bool,
        width: Double?,
        alignRight: Bool,
        lines: Int
    ) -> (shown: String, unknown: Int) {
        pango_layout_set_font_description(layout, cache.font(size: size, bold: bold))
        // One line: line breaks and tabs read as spaces, control characters go (docs/outputs.md).
        var oneLine = CellText.clean(text)
        if oneLine.contains(where: { $0.isNewline || $0 == "\t" }) {
            oneLine = oneLine.split(whereSeparator: { $0.isNewline || $0 == "\t" }).joined(separator: " ")
        }
        pango_layout_set_text(layout, oneLine, -1)
        pango_layout_set_attributes(layout, cache.features)
        if let width {
            pango_layout_set_width(layout, Int32(max(1, width) * Double(PANGO_SCALE)))
            pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_END)
            pango_layout_set_alignment(layout, alignRight ? PANGO_ALIGN_RIGHT : PANGO_ALIGN_LEFT)
        } else {
            pango_layout_set_width(layout, -1)
            pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_NONE)
            pango_layout_set_alignment(layout, PANGO_ALIGN_LEFT)
        }
        // A negative height is a number of lines: the text wraps onto at most that many.
        pango_layout_set_wrap(layout, PANGO_WRAP_WORD)
        pango_layout_set_height(layout, width == nil ? -1 : -Int32(max(1, lines)))
        return (oneLine, Int(pango_layout_get_unknown_glyphs_count(layout)))
    }

    /// The width and height of a text in points.
    func measure(_ text: String, size: Double, bold: Bool = false, warn: Bool = true) -> (width: Double, height: Double)
    {
        let layout = prepare(text, size: size, bold: bold, width: nil, warn: warn)
        var width: Int32 = 0
        var height: Int32 = 0
        pango_layout_get_pixel_size(layout, &width, &height)
        return (Double(width), Double(height))
    }

    /// Draws text with its top-left at (x, y), within `width` when given, on `background`: a
    /// colour that would read at less than 4.5:1 there is darkened until it does (`readable`).
    /// With `lines` > 1 the text wraps at word boundaries within `width` onto that many lines
    /// at most, the last ending in "…" when more would be needed.
    func text(
        _ text: String,
        x: Double,
        y: Double,
        size: Double,
        bold: Bool = false,
        color: PDFColor = .text,
        width: Double? = nil,
        alignRight: Bool = false,
        link: String? = nil,
        lines: Int = 1,
        on background: PDFColor = .white
    ) {
        let layout = prepare(text, size: size, bold: bold, width: width, alignRight: alignRight, lines: lines)
        if let link {
            let escaped = link.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'")
            cairo_tag_begin(cr, CAIRO_TAG_LINK, "uri='\(escaped)'")
        }
        setColor(color.readable(on: background))
        cairo_move_to(cr, x, y)
        pango_cairo_show_layout(cr, layout)
        if link != nil { cairo_tag_end(cr, CAIRO_TAG_LINK) }
    }

    func setColor(_ color: PDFColor) {
        cairo_set_source_rgb(cr, color.red, color.green, color.blue)
    }

    /// A filled rectangle, with rounded corners when `radius` > 0.
    func fill(x: Double, y: Double, width: Double, height: Double, color: PDFColor, radius: Double = 0) {
        setColor(color)
        if radius > 0 {
            let r = min(radius, height / 2, width / 2)
            cairo_new_sub_path(cr)
            cairo_arc(cr, x + width - r, y + r, r, -Double.pi / 2, 0)
            cairo_arc(cr, x + width - r, y + height - r, r, 0, Double.pi / 2)
            cairo_arc(cr, x + r, y + height - r, r, Double.pi / 2, Double.pi)
            cairo_arc(cr, x + r, y + r, r, Double.pi, 3 * Double.pi / 2)
            cairo_close_path(cr)
        } else {
            cairo_rectangle(cr, x, y, width, height)
        }
        cairo_fill(cr)
    }

    /// A horizontal rule.
    func rule(x: Double, y: Double, width: Double, color: PDFColor = .rule) {
        setColor(color)
        cairo_set_line_width(cr, 0.75)
        cairo_move_to(cr, x, y)
        cairo_line_to(cr, x + width, y)
        cairo_stroke(cr)
    }
}
