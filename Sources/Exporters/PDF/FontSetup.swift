import CPangoCairo
import Core
import Foundation

/// Fonts for the pdf: fontconfig as the system has it, with colour (bitmap) fonts rejected.
/// cairo 1.16 writes colour-emoji glyphs as images under duplicated resource keys, which
/// qpdf reports as damage, and a text extractor cannot read them; with colour fonts out of
/// the way, emoji come from an outline font (Symbola) and stay real, searchable text.
enum FontSetup {
    /// Points fontconfig at a configuration that includes the usual one and rejects colour
    /// fonts. Runs once, before pango first asks fontconfig for a font.
    static let prepared: Bool = {
        let path = (NSTemporaryDirectory() as NSString).appendingPathComponent("report-batch-fonts-\(getuid()).conf")
        // A child of a process that did this already inherits our file: never include it in itself.
        // An empty FONTCONFIG_FILE is not set, as for fontconfig itself.
        var base =
            ProcessInfo.processInfo.environment["FONTCONFIG_FILE"].flatMap { $0.isEmpty ? nil : $0 }
            ?? "/etc/fonts/fonts.conf"
        if base == path || (base as NSString).lastPathComponent.hasPrefix("report-batch-fonts-") {
            base = "/etc/fonts/fonts.conf"
        }
        let config = """
            <?xml version="1.0"?>
            <!DOCTYPE fontconfig SYSTEM "fonts.dtd">
            <fontconfig>
              <include ignore_missing="yes">\(base)</include>
              <selectfont>
                <rejectfont>
                  <pattern><patelt name="color"><bool>true</bool></patelt></pattern>
                </rejectfont>
              </selectfont>
            </fontconfig>

            """
        let existing = try? String(contentsOfFile: path, encoding: .utf8)
        if existing != config {
            guard (try? config.write(toFile: path, atomically: true, encoding: .utf8)) != nil else { return false }
        }
        setenv("FONTCONFIG_FILE", path, 1)
        return true
    }()

    /// Points fontconfig at the colour-free configuration and lays out a line of text, so that
    /// fontconfig has read its configuration and font list (`CLibraryEnvironment.prepare`).
    /// - Throws: `ExportError` when the configuration cannot be written or no font is found.
    static func prepare() throws {
        guard prepared else {
            throw ExportError.library(
                name: "fontconfig",
                call: "FONTCONFIG_FILE",
                message: "cannot write the font configuration in \(NSTemporaryDirectory())"
            )
        }
        try fontsLoaded.get()
    }

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
