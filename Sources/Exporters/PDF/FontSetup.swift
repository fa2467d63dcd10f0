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
}
