import CPangoCairo
import CXlsxWriter

/// The versions of the C libraries the exporters are built on, for `--version` and manifests.
public enum NativeLibraries {
    /// libxlsxwriter's version, e.g. "1.1.4".
    public static var xlsxwriter: String { String(cString: lxw_version()) }
    /// cairo's version, e.g. "1.16.0".
    public static var cairo: String { String(cString: cairo_version_string()) }
    /// pango's version, e.g. "1.50.12".
    public static var pango: String { String(cString: pango_version_string()) }

    /// One line naming all three.
    public static var summary: String { "libxlsxwriter \(xlsxwriter), cairo \(cairo), pango \(pango)" }
}
