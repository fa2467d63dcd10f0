import CPangoCairo
import Core
import Foundation

/// What rendering a document produced.
public struct PDFResult: Sendable {
    public let pages: Int
    /// Characters no installed font could draw, one warning per text.
    public let warnings: [String]
}

/// Renders a `PDFDocument` to a pdf file through cairo's PDF surface, with pango for every
/// piece of text: US Letter pages, a footer with "Page N of M" and the generation time on
/// each, tables that break across pages with their header repeated, an outline entry per
/// section, and metadata from the run's clock. Every cairo status is checked.
public enum PDFRenderer {
    public static func render(_ document: PDFDocument, to path: String) throws -> PDFResult {
        try render(document, to: path, marking: true)
    }

    /// With `marking` off, cairo's page streams are copied without artifact marks (the tests compare the two).
    static func render(_ document: PDFDocument, to path: String, marking: Bool) throws -> PDFResult {
        _ = FontSetup.prepared  // done by ProcessSetup.prepare before any worker; here for a single-threaded caller
        let size = document.orientation == .portrait ? (width: 612.0, height: 792.0) : (width: 792.0, height: 612.0)
        // cairo writes through our sink, which checks every write and the close: cairo's own
        // file output lets a full disk pass unnoticed and leaves a truncated file. It writes to
        // a scratch file beside the output, which PDFRewrite copies to the output.
        let folder = (path as NSString).deletingLastPathComponent
        let stream = PDFStream(sink: try ByteSink.scratch(in: folder.isEmpty ? "." : folder, for: path))
        defer { try? stream.sink.close() }
        let context = Unmanaged.passRetained(stream).toOpaque()
        defer { Unmanaged<PDFStream>.fromOpaque(context).release() }
        let surface = try makeSurface(stream: context, size: size)
        defer { cairo_surface_destroy(surface) }
        setMetadata(document, on: surface)
        guard let cr = cairo_create(surface) else {
            throw ExportError.library(
                name: "cairo",
                call: "cairo_create",
                message: "could not create a drawing context"
            )
        }
        defer { cairo_destroy(cr) }
        let canvas = try PDFCanvas(cr: cr)
        let pages = try draw(document, size: size, on: canvas, surface: surface)
        try check(cairo_status(cr), "drawing")
        cairo_surface_finish(surface)
        if let error = stream.error { throw error }
        try check(cairo_surface_status(surface), "cairo_surface_finish")
        // The artifact marks, the language and the title display, which cairo does not write
        // (PDFRewrite). The output is created this late: through the gate, so that a stopping
        // process's removal of its temporary files comes after it (WriteGate.swift).
        let output = try WriteGate.pass { try ByteSink(path: path) }
        try PDFRewrite.write(from: stream.sink, length: stream.written, to: output, marking: marking)
        try output.close()
        return PDFResult(pages: pages, warnings: canvas.missingGlyphs)
    }

    /// Lays the document out and draws it, page by page; returns how many pages it took.
    private static func draw(
        _ document: PDFDocument,
        size: (width: Double, height: Double),
        on canvas: PDFCanvas,
        surface: OpaquePointer
    ) throws -> Int {
        // Each table laid out once (TablePlan): its widths, and the height of each row that a
        // `grow` cell makes taller, measured with pango before anything is drawn.
        let measure = try WrappedTextMeasure(cr: canvas.cr)
        let width = size.width - 2 * PageFlow.margin
        let plans = try document.blocks.map { block -> TablePlan? in
            guard case .table(let table) = block else { return nil }
            return try TablePlan(table, width: width, measure: measure)
        }
        // First pass: count the pages, so that every footer can say "of M". It places blocks
        // from their plans without drawing; only a chart's caption and legend are measured.
        var counter = PageFlow(size: size, canvas: nil, surface: nil, measure: measure)
        for (block, plan) in zip(document.blocks, plans) { try counter.place(block, plan: plan) }
        let pages = counter.page

        var flow = PageFlow(size: size, canvas: canvas, surface: surface, measure: measure)
        flow.footer = { page in
            let y = size.height - PageFlow.margin + 8
            canvas.rule(x: PageFlow.margin, y: y - 4, width: size.width - 2 * PageFlow.margin)
            canvas.text(document.footer, x: PageFlow.margin, y: y, size: 8, color: .muted, width: size.width / 2)
            canvas.text(
                "Page \(page) of \(pages)",
                x: size.width / 2,
                y: y,
                size: 8,
                color: .muted,
                width: size.width / 2 - PageFlow.margin,
                alignRight: true
            )
        }
        // The structure tree (PDFStructure.swift): one Document element holds every block's
        // elements in reading order; footers and repeated table headers stay outside it, and
        // PDFRewrite marks them as artifacts.
        canvas.begin(.document)
        flow.startPage()
        for (block, plan) in zip(document.blocks, plans) { try flow.place(block, plan: plan) }
        canvas.end(.document)
        flow.endPage()
        return flow.page
    }

    /// A PDF surface writing to `stream` (a retained `PDFStream`), its status checked.
    private static func makeSurface(
        stream context: UnsafeMutableRawPointer,
        size: (width: Double, height: Double)
    ) throws -> OpaquePointer {
        guard
            let surface = cairo_pdf_surface_create_for_stream(
                { closure, data, length in
                    guard let closure else { return CAIRO_STATUS_WRITE_ERROR }
                    let stream = Unmanaged<PDFStream>.fromOpaque(closure).takeUnretainedValue()
                    guard stream.error == nil, let data else { return CAIRO_STATUS_WRITE_ERROR }
                    do {
                        try stream.sink.write(bytes: UnsafeBufferPointer(start: data, count: Int(length)))
                        stream.written += Int(length)
                        return CAIRO_STATUS_SUCCESS
                    } catch {
                        stream.error = error
                        return CAIRO_STATUS_WRITE_ERROR
                    }
                },
                context,
                size.width,
                size.height
            )
        else {
            throw ExportError.library(
                name: "cairo",
                call: "cairo_pdf_surface_create_for_stream",
                message: "could not create a PDF surface"
            )
        }
        do {
            try check(cairo_surface_status(surface), "cairo_pdf_surface_create")
        } catch {
            cairo_surface_destroy(surface)
            throw error
        }
        return surface
    }

    private static func setMetadata(_ document: PDFDocument, on surface: OpaquePointer) {
        let date = PDFDateText.utc(document.created)
        cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_TITLE, document.title)
        cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_SUBJECT, document.subject)
        cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATOR, document.creator)
        cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_AUTHOR, document.creator)
        cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATE_DATE, date)
        cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_MOD_DATE, date)
    }

    static func check(_ status: cairo_status_t, _ call: String) throws {
        guard status != CAIRO_STATUS_SUCCESS else { return }
        throw ExportError.library(name: "cairo", call: call, message: String(cString: cairo_status_to_string(status)))
    }
}

/// Where cairo's PDF bytes go, and the first write error, if any.
private final class PDFStream {
    let sink: ByteSink
    var error: Error?
    /// How many bytes cairo has written.
    var written = 0

    init(sink: ByteSink) {
        self.sink = sink
    }
}
