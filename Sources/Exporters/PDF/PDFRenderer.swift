import CPangoCairo
import Core
import Foundation

/// Renders a `PDFDocument` to a pdf file through cairo's PDF surface, with pango for every
/// piece of text: US Letter pages, a footer with "Page N of M" and the generation time on
/// each, tables that break across pages with their header repeated, an outline entry per
/// section, and metadata from the run's clock. Every cairo status is checked.
public enum PDFRenderer {
    public static func render(_ document: PDFDocument, to path: String) throws -> PDFResult {
        try render(document, to: path, marking: true)
    }

    /// With `marking` off, cairo's page streams are copied without artifact marks (the tests compare the two);
    /// past `memoryLimit` bytes, what cairo writes goes to a scratch file.
    static func render(
        _ document: PDFDocument,
        to path: String,
        marking: Bool,
        memoryLimit: Int = 16 << 20
    ) throws -> PDFResult {
        // Done by CLibraryEnvironment.prepare before any worker; here for a single-threaded caller.
        _ = FontSetup.prepared
        _ = CLibraryEnvironment.plainPDFStreams
        let size = document.orientation == .portrait ? (width: 612.0, height: 792.0) : (width: 792.0, height: 612.0)
        // cairo writes through our stream, which checks every write: cairo's own file output
        // lets a full disk pass unnoticed and leaves a truncated file. It holds the bytes in
        // memory, or for a large pdf in a scratch file beside the output; PDFRewrite copies them
        // to the output.
        let stream = PDFStream(output: path, memoryLimit: memoryLimit)
        defer { stream.close() }
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
        try PDFRewrite.write(from: try stream.bytes(), length: stream.written, to: output, marking: marking)
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
        let measure = try WrappedTextMeasure(canvas: canvas)
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
                    // cairo calls this for every few bytes it prints (an operator, a number): it
                    // only copies into the stream's memory.
                    guard let closure, let data else { return CAIRO_STATUS_WRITE_ERROR }
                    let stream = Unmanaged<PDFStream>.fromOpaque(closure).takeUnretainedValue()
                    return stream.append(data, count: Int(length)) ? CAIRO_STATUS_SUCCESS : CAIRO_STATUS_WRITE_ERROR
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

/// Where cairo's PDF bytes go: memory up to `memoryLimit`, then a scratch file beside the
/// output (a list of thousands of pages), and the first write error, if any. cairo calls
/// `append` for every few bytes it prints (an operator, a number), so it only copies.
private final class PDFStream {
    private let output: String
    private(set) var error: Error?
    /// How many bytes cairo has written.
    private(set) var written = 0
    private var memory: PDFMemory? = PDFMemory()
    private var scratch: ByteSink?
    private let memoryLimit: Int

    init(output: String, memoryLimit: Int) {
        self.output = output
        self.memoryLimit = memoryLimit
    }

    /// Copies `count` bytes at `data`; false once a write has failed.
    func append(_ data: UnsafePointer<UInt8>, count: Int) -> Bool {
        written += count
        if let memory, memory.count + count <= memoryLimit {
            memory.append(data, count: count)
            return true
        }
        guard error == nil else { return false }
        do {
            try spill().write(bytes: UnsafeBufferPointer(start: data, count: count))
            return true
        } catch {
            self.error = error
            return false
        }
    }

    /// The scratch file, made on first use with what memory held.
    private func spill() throws -> ByteSink {
        if let scratch { return scratch }
        let folder = PathText.folder(of: output)
        let sink = try ByteSink.scratch(in: folder.isEmpty ? "." : folder, for: output, capacity: 1 << 20)
        scratch = sink
        if let memory { try sink.write(bytes: UnsafeBufferPointer(start: memory.start, count: memory.count)) }
        memory = nil
        return sink
    }

    /// What cairo wrote, to read back; throws the first write error.
    func bytes() throws -> any PDFBytes {
        if let error { throw error }
        if let scratch { return scratch }
        return memory ?? PDFMemory()
    }

    func close() {
        try? scratch?.close()
        memory = nil
    }
}

/// A pdf cairo wrote, held in memory: a buffer that doubles as it fills, so that each of
/// cairo's writes is one copy.
private final class PDFMemory: PDFBytes {
    private(set) var start = UnsafeMutablePointer<UInt8>.allocate(capacity: 1 << 16)
    private(set) var count = 0
    private var capacity = 1 << 16

    deinit { start.deallocate() }

    /// Copies `length` bytes at `data`.
    func append(_ data: UnsafePointer<UInt8>, count length: Int) {
        if count + length > capacity {
            var grown = capacity
            while count + length > grown { grown *= 2 }
            let larger = UnsafeMutablePointer<UInt8>.allocate(capacity: grown)
            larger.update(from: start, count: count)
            start.deallocate()
            (start, capacity) = (larger, grown)
        }
        (start + count).update(from: data, count: length)
        count += length
    }

    func read(at offset: Int, count wanted: Int) throws -> [UInt8] {
        let from = min(max(0, offset), count)
        return Array(UnsafeBufferPointer(start: start + from, count: min(count - from, max(0, wanted))))
    }
}
