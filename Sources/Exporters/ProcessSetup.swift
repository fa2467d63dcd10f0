import CPangoCairo
import Core
import Foundation

/// What the C libraries read from the process as a whole: `LC_NUMERIC` (libxlsxwriter prints
/// numbers with the C library), `FONTCONFIG_FILE` and fontconfig's loaded configuration
/// (pango finds fonts through it), `CAIRO_DEBUG_PDF` (cairo writes its page streams plain).
/// `setlocale` and `setenv` are not thread-safe, so all of it is done here, once, on the main
/// thread before any worker starts; the writers only check that it was done.
public enum ProcessSetup {
    /// Sets the numeric locale and, when `fonts` is true, points fontconfig at the colour-free
    /// configuration and lays out a line of text, so that fontconfig has read its configuration
    /// and font list before a second thread can ask for a font.
    /// - Throws: `ExportError` when the configuration cannot be written or no font is found.
    public static func prepare(fonts: Bool) throws {
        _ = numericLocale
        _ = glibWriter
        guard fonts else { return }
        _ = plainPDFStreams
        guard FontSetup.prepared else {
            throw ExportError.library(
                name: "fontconfig",
                call: "FONTCONFIG_FILE",
                message: "cannot write the font configuration in \(NSTemporaryDirectory())"
            )
        }
        try fontsLoaded.get()
    }

    /// What to do when a C library (GLib, for pango) reports a fatal error, just before it would
    /// abort the process: the command line removes its temporary files and exits with one line.
    /// Set once at start, before any thread.
    nonisolated(unsafe) public static var fatalLibraryError: ((String) -> Void)?

    /// Routes GLib's messages through a writer of ours, once: a fatal one (GLib aborts after
    /// it, e.g. when no thread can be created) first goes to `fatalLibraryError`; every
    /// message is then written as GLib would.
    private static let glibWriter: Void = {
        g_log_set_writer_func(
            { level, fields, count, _ in
                if level.rawValue & (G_LOG_LEVEL_ERROR.rawValue | G_LOG_FLAG_FATAL.rawValue) != 0, let fields {
                    var message = "a fatal error"
                    for index in 0..<Int(count) where String(cString: fields[index].key) == "MESSAGE" {
                        if let value = fields[index].value {
                            let length = fields[index].length
                            message =
                                length < 0
                                ? String(cString: value.assumingMemoryBound(to: CChar.self))
                                : String(
                                    decoding: UnsafeRawBufferPointer(start: value, count: Int(length)),
                                    as: UTF8.self
                                )
                        }
                    }
                    ProcessSetup.fatalLibraryError?(message)
                }
                return g_log_writer_default(level, fields, count, nil)
            },
            nil,
            nil
        )
    }()

    /// The address-space limit (`ulimit -v`) in bytes, or nil when there is none.
    static var addressSpaceLimit: UInt64? {
        var limit = rlimit()
        guard getrlimit(__rlimit_resource_t(RLIMIT_AS.rawValue), &limit) == 0, limit.rlim_cur != rlim_t.max else {
            return nil
        }  // rlim_t.max is RLIM_INFINITY
        return UInt64(limit.rlim_cur)
    }

    /// Under an address-space limit, caps glibc's malloc arenas at two: every thread would
    /// otherwise reserve an arena of 64 MiB or more, and two workers needed over 500 MiB of
    /// address space where one needed under 300. Call first thing in `main`, before any thread
    /// exists (arenas already made stay).
    public static func limitArenas() {
        guard addressSpaceLimit != nil else { return }
        _ = mallopt(M_ARENA_MAX, 2)
    }

    /// Under an address-space limit (`ulimit -v`), checks that the workers' stacks and pango's
    /// font threads can still be mapped (`limitArenas` has capped the heap's share). Call on the
    /// main thread before the workers start. Without a limit it does nothing.
    /// - Throws: `ExportError.library` naming the limit when the room is not there.
    public static func prepareWorkers(_ workers: Int, stackSize: Int) throws {
        guard workers > 1, let limit = addressSpaceLimit else { return }
        // Each worker maps its own stack and, through pango, a font-sorting thread's (8 MiB by default).
        let needed = workers * (stackSize + (8 << 20))
        let probe = mmap(nil, needed, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0)
        // mmap's failure value is (void *)-1.
        let failed = UnsafeMutableRawPointer(bitPattern: -1)
        guard let probe, probe != failed else {
            throw ExportError.library(
                name: "the system",
                call: "mmap",
                message: "the address-space limit (ulimit -v \(limit / 1024)) leaves no room for \(workers) workers; "
                    + "use --workers 1 or raise the limit"
            )
        }
        munmap(probe, needed)
    }

    /// Sets what the C libraries read from the environment, first thing in `main`, while the
    /// process has one thread (before the signal handlers' and any reader's threads).
    public static func setEnvironment() {
        _ = plainPDFStreams
    }

    /// Asks cairo to write its page streams plain (`CAIRO_DEBUG_PDF`, read by cairo 1.16 each time
    /// it creates a PDF surface; it also leaves the ToUnicode maps plain and changes nothing else):
    /// PDFRewrite marks each page stream and deflates it once, where cairo would deflate it, the
    /// post-step inflate it and deflate it again (BENCHMARKS.md, "One deflate a stream"). A cairo
    /// that ignores the variable still gives the same pdf, more slowly.
    static let plainPDFStreams: Void = { setenv("CAIRO_DEBUG_PDF", "1", 1) }()

    /// Sets `LC_NUMERIC` to "C" once.
    static let numericLocale: Void = { setlocale(LC_NUMERIC, "C") }()

    /// Lays out "Aa" once through pango (which makes fontconfig load its configuration and
    /// fonts); fails when no installed font has those letters.
    private static let fontsLoaded: Result<Void, ExportError> = {
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_A8, 1, 1) else {
            return .failure(.library(name: "cairo", call: "cairo_image_surface_create", message: "out of memory"))
        }
        defer { cairo_surface_destroy(surface) }
        guard let cr = cairo_create(surface) else {
            return .failure(.library(name: "cairo", call: "cairo_create", message: "out of memory"))
        }
        defer { cairo_destroy(cr) }
        do {
            let canvas = try PDFCanvas(cr: cr)
            let size = canvas.measure("Aa", size: 10)
            guard size.width > 0, canvas.missingGlyphs.isEmpty else {
                return .failure(
                    .library(
                        name: "pango",
                        call: "pango_layout_set_text",
                        message: "no installed font can draw text (scripts/install-deps.sh installs the fonts)"
                    )
                )
            }
            return .success(())
        } catch let error as ExportError {
            return .failure(error)
        } catch {
            return .failure(.library(name: "pango", call: "pango_cairo_create_context", message: "\(error)"))
        }
    }()
}
