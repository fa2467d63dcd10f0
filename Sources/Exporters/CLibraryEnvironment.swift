import CPangoCairo
import Core
import Foundation

/// What the C libraries read from the process as a whole: `LC_NUMERIC` (libxlsxwriter prints
/// numbers with the C library), `CAIRO_DEBUG_PDF` (cairo writes its page streams plain), GLib's
/// log writer, and through `FontSetup` fontconfig's configuration and fonts (pango finds fonts
/// through it). `setlocale` and `setenv` are not thread-safe, so all of it is done once, on the
/// main thread before any worker starts: `setEnvironment` first thing in `main`
/// (Sources/report-batch/ReportBatch.swift), `prepare` before the workers; the writers only
/// check that it was done.
public enum CLibraryEnvironment {
    /// Sets the numeric locale and GLib's log writer and, when `fonts` is true, has fontconfig
    /// read its configuration and font list (`FontSetup.prepare`) before a second thread can
    /// ask for a font.
    /// - Throws: `ExportError` when the configuration cannot be written or no font is found.
    public static func prepare(fonts: Bool) throws {
        _ = numericLocale
        _ = glibWriter
        guard fonts else { return }
        _ = plainPDFStreams
        try FontSetup.prepare()
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
                    CLibraryEnvironment.fatalLibraryError?(message)
                }
                return g_log_writer_default(level, fields, count, nil)
            },
            nil,
            nil
        )
    }()

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
}
