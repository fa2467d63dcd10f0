import Exporters
import Testing

/// The system-library targets link: each C library answers with its version.
struct NativeLibrariesTests {
    @Test func theCLibrariesAreLinked() {
        #expect(NativeLibraries.xlsxwriter.split(separator: ".").count == 3)
        #expect(NativeLibraries.cairo.hasPrefix("1."))
        #expect(NativeLibraries.pango.hasPrefix("1."))
    }
}
