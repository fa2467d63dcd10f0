import Aggregation
import Exporters
import Testing

@testable import ReportGen

/// A metric's cells in a workbook (docs/metrics.md, "xlsx"): numbers with the format that shows
/// the app's text, and a duration no spreadsheet can show as a time written as the pdf's text.
struct MetricCellsTests {
    @Test func aDurationIsDaysUnderItsTimeFormat() {
        let (cell, style) = MetricCells.cell(412.3, .duration)
        #expect(cell == .number(412.3 / 86_400))
        #expect(style.numberFormat == "[m]:ss.00")
        #expect(MetricCells.cell(0, .duration).0 == .number(0))
    }

    /// Each of these shows "####" in Excel as a time; as text it reads as the pdf reads it.
    @Test(
        arguments: [
            (-126.5, "-2:06.50"), (-0.004, "0:00.00"), (-1e14, "-100000000000000.00"),
            (255_611_462_400, "4260191040:00.00"), (1e298, "1e+298"),
        ] as [(Double, String)]
    )
    func aDurationNoSpreadsheetShowsAsATimeIsItsText(value: Double, text: String) {
        let (cell, style) = MetricCells.cell(value, .duration)
        #expect(cell == .text(text))
        #expect(style.numberFormat == nil && style.horizontal == .right)
    }

    @Test func otherFormatsKeepTheirNumbers() {
        #expect(MetricCells.cell(-2.5, .integer).0 == .number(-2.5))
        #expect(MetricCells.cell(0.312, .decimal(places: 3, leadingZero: false)).1.numberFormat == "#.000;-0.000")
        #expect(MetricCells.cell(nil, .duration).0 == .empty)
        #expect(MetricCells.cell(.infinity, .integer).0 == .empty)
    }
}
