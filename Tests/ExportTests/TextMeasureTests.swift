import Testing

@testable import Exporters

/// The byte-level helpers that replaced String's character counting on the hot paths.
struct TextMeasureTests {
    /// A column's width is its longest line in Unicode scalars.
    @Test(arguments: [
        ("", 0), ("abc", 3), ("ab\nabcde\nx", 5), ("Montréal", 8), ("田中 Tanaka", 9), ("🏈 Hawks", 7),
        ("line\n", 4), ("\n\n", 0), ("Ωμέγα\nab", 5),
    ])
    func widestLineCountsScalarsPerLine(text: String, width: Int) {
        #expect(XLSXSheet.widestLine(text) == width)
        #expect(
            XLSXSheet.widestLine(text) == text.split(separator: "\n", omittingEmptySubsequences: false)
                .map { $0.unicodeScalars.count }.max().map { max($0, 0) } ?? 0
        )
    }

    /// An integer cell's width is its decimal text's length, sign included, counted without the text.
    @Test func anIntegersWidthIsItsDecimalTextsLength() {
        var values = [0, 9, 10, -1, -10, 99, 100, Int.max, Int.min, Int.min + 1]
        for power in 0..<19 {
            let ten = (0..<power).reduce(1) { total, _ in total * 10 }
            values += [ten - 1, ten, ten + 1, -ten, -(ten - 1)]
        }
        for value in values { #expect(XLSXSheet.digits(value) == String(value).count, "\(value)") }
    }

    /// Cells clean exactly the control characters outputs.md names, whatever bytes surround them.
    @Test(arguments: [
        ("plain", "plain"), ("tab\there", "tab\there"), ("a\u{0}b\u{1F}c\u{7F}d", "abcd"), ("x\u{85}y\u{9F}z", "xyz"),
        ("é ¡ ¿ ©", "é ¡ ¿ ©"), ("line\r\nbreak", "line\r\nbreak"),
    ])
    func cleaningRemovesOnlyControlCharacters(raw: String, clean: String) {
        #expect(CellText.clean(raw) == clean)
    }
}
