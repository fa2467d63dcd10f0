import CPangoCairo
import Core
import Foundation

/// The pango context, fonts and shaped layouts of one thread, kept from one pdf to the next:
/// a batch draws the same headings, badges, statuses, dates and school names in every
/// family's pdfs, and laying out and shaping a text once instead of once per document is
/// most of what drawing it costs (BENCHMARKS.md, "What the profiles showed").
///
/// Pango objects belong to one thread, so each thread has its own cache (`forThisThread`).
/// A layout made for one document draws the same glyphs in the next: every document's
/// context is a PDF surface's, at the same resolution, and pango lays a layout out again by
/// itself when its context changes (`pango_cairo_update_context`).
final class PDFLayoutCache {
    let context: OpaquePointer
    /// No ligatures: a reader of the structure tree (poppler's -struct-text) stopped at "ﬀ",
    /// and copied or spoken text should have the letters as typed.
    let features: OpaquePointer
    private var fonts: [FontKey: OpaquePointer] = [:]
    /// Layouts by text and style, in two generations: when the current one is full the
    /// previous one is let go and the current one takes its place; a layout found in the
    /// previous one moves back to the current. At most twice `generationSize` layouts are
    /// kept, so a long list of unique texts cannot grow memory without end, and the texts
    /// every pdf repeats stay.
    private var current: [Key: Entry] = [:]
    private var previous: [Key: Entry] = [:]
    static let generationSize = 2_048

    struct Key: Hashable {
        let text: String
        let size: Double
        let bold: Bool
        let width: Double?
        let alignRight: Bool
        let lines: Int
    }

    private struct FontKey: Hashable {
        let size: Double
        let bold: Bool
    }

    /// A shaped layout with what its shaping found: the one-line text it shows and how many
    /// of its characters no installed font has.
    final class Entry {
        let layout: OpaquePointer
        let shownText: String
        let unknownGlyphs: Int
        /// The width of its logical extents in pango units: for a layout without a width, the
        /// width it needs on one line.
        let logicalWidth: Int32
        /// Whether its first line runs left to right: pango aligns a right-to-left line to the
        /// right of a width even when told to align left.
        let leftToRight: Bool
        /// Whether the entry releases the layout (a spare layout is the canvas's).
        private let owned: Bool

        init(layout: OpaquePointer, shownText: String, unknownGlyphs: Int, owned: Bool = true) {
            self.layout = layout
            self.shownText = shownText
            self.unknownGlyphs = unknownGlyphs
            self.owned = owned
            var width: Int32 = 0
            pango_layout_get_size(layout, &width, nil)
            logicalWidth = width
            leftToRight = pango_layout_get_direction(layout, 0) == PANGO_DIRECTION_LTR
        }

        deinit { if owned { g_object_unref(UnsafeMutableRawPointer(layout)) } }
    }

    private init() throws {
        guard let fontMap = pango_cairo_font_map_get_default(),
            let context = pango_font_map_create_context(fontMap)
        else {
            throw ExportError.library(
                name: "pango",
                call: "pango_font_map_create_context",
                message: "could not create a text context"
            )
        }
        // Pango's default is 96 dpi; on a surface in points every size would come out a third too large.
        pango_cairo_context_set_resolution(context, 72)
        self.context = context
        guard let features = pango_attr_list_new(), let noLigatures = pango_attr_font_features_new("liga 0, clig 0")
        else {
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
        current.removeAll()
        previous.removeAll()
        pango_attr_list_unref(features)
        surfaceOptions.map(cairo_font_options_destroy)
        drawingOptions.map(cairo_font_options_destroy)
        for font in fonts.values { pango_font_description_free(font) }
        g_object_unref(UnsafeMutableRawPointer(context))
    }

    private static let threadKey = "report-batch.PDFLayoutCache"

    /// The calling thread's cache, made on first use, with its context set up for `cr`'s surface.
    static func forThisThread(drawingOn cr: OpaquePointer) throws -> PDFLayoutCache {
        let dictionary = Thread.current.threadDictionary
        let cache: PDFLayoutCache
        if let kept = dictionary[threadKey] as? PDFLayoutCache {
            cache = kept
        } else {
            cache = try PDFLayoutCache()
            dictionary[threadKey] = cache
        }
        cache.use(cr)
        return cache
    }

    /// What the context was last set up from: the surface's and the drawing's font options and
    /// the transformation, the inputs of `pango_cairo_update_context`.
    private var surfaceOptions: OpaquePointer?
    private var drawingOptions: OpaquePointer?
    private var matrix: [Double] = []

    /// Sets the context up for `cr`, unless it already is. `pango_cairo_update_context` marks
    /// the context changed whatever it finds (it sets the matrix again), and every kept
    /// layout is then laid out and shaped again when drawn; one pdf's surface is set up as the
    /// last one's, so the update is made only when one of its inputs differs.
    private func use(_ cr: OpaquePointer) {
        guard let surface = cairo_font_options_create(), let drawing = cairo_font_options_create() else {
            return pango_cairo_update_context(cr, context)
        }
        cairo_surface_get_font_options(cairo_get_target(cr), surface)
        cairo_get_font_options(cr, drawing)
        var transform = cairo_matrix_t()
        cairo_get_matrix(cr, &transform)
        let values = [transform.xx, transform.yx, transform.xy, transform.yy, transform.x0, transform.y0]
        if let surfaceOptions, let drawingOptions, cairo_font_options_equal(surfaceOptions, surface) != 0,
            cairo_font_options_equal(drawingOptions, drawing) != 0, values == matrix
        {
            cairo_font_options_destroy(surface)
            cairo_font_options_destroy(drawing)
            return
        }
        surfaceOptions.map(cairo_font_options_destroy)
        drawingOptions.map(cairo_font_options_destroy)
        (surfaceOptions, drawingOptions, matrix) = (surface, drawing, values)
        pango_cairo_update_context(cr, context)
    }

    /// The font of a size and weight; nil only if pango cannot allocate one (then pango's default is used).
    func font(size: Double, bold: Bool) -> OpaquePointer? {
        let key = FontKey(size: size, bold: bold)
        if let font = fonts[key] { return font }
        guard let font = pango_font_description_from_string("\(PDFCanvas.families) \(bold ? "Bold " : "")\(size)")
        else { return nil }
        fonts[key] = font
        return font
    }

    /// The layout kept for `key`, if any.
    func entry(_ key: Key) -> Entry? {
        if let entry = current[key] { return entry }
        guard let entry = previous.removeValue(forKey: key) else { return nil }
        keep(entry, for: key)
        return entry
    }

    /// Keeps `entry` for `key`, letting the previous generation go when the current one is full.
    func keep(_ entry: Entry, for key: Key) {
        if current.count >= PDFLayoutCache.generationSize {
            previous = current
            current = [:]
            current.reserveCapacity(PDFLayoutCache.generationSize)
        }
        current[key] = entry
    }
}
