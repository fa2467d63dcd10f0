import CPangoCairo
import Foundation

/// What the C libraries read from the process as a whole: `LC_NUMERIC` (libxlsxwriter prints
/// numbers with the C library), `FONTCONFIG_FILE` and fontconfig's loaded configuration
/// (pango finds fonts through it). `setlocale` and `setenv` are not thread-safe, so all of it
/// is done here, once, on the main thread before any worker starts; the writers only check
/// that it was done.
public enum ProcessSetup {
    /// Sets the numeric locale and, when `fonts` is true, points fontconfig at the colour-free
    /// configuration and lays out a line of text, so that fontconfig has read its configuration
    /// and font list before a second thread can ask for a font.
    /// - Throws: `ExportError` when the configuration cannot be written or no font is found.
    public static func prepare(fonts: Bool) throws {
        _ = numericLocale
        guard fonts else { return }
        guard FontSetup.prepared else {
            throw ExportError.library(name: "fontconfig", call: "FONTCONFIG_FILE",
                                      message: "cannot write the font configuration in \(NSTemporaryDirectory())")
        }
        try fontsLoaded.get()
    }

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
                return .failure(.library(name: "pango", call: "pango_layout_set_text",
                                         message: "no installed font can draw text (scripts/install-deps.sh installs the fonts)"))
            }
            return .success(())
        } catch let error as ExportError {
            return .failure(error)
        } catch {
            return .failure(.library(name: "pango", call: "pango_cairo_create_context", message: "\(error)"))
        }
    }()
}
