import Aggregation
import Exporters

/// A metric's numbers in a workbook (docs/metrics.md): real numbers, each with the Excel number
/// format that shows the app's text (".312", "6.81", "6:52.30"), not strings.
enum MetricCells {
    /// The cell of a value in `format` and the style that shows it so; a duration is written in
    /// days, as spreadsheets keep durations, so that `[m]:ss.00` reads 412.3 seconds "6:52.30".
    /// A spreadsheet shows a negative time, or one past its last day, as "####": such a duration
    /// (never a real one) is written as the text the pdf shows ("-2:06.50"), against the right
    /// edge as the column's numbers are.
    static func cell(_ value: Double?, _ format: MetricFormat) -> (Cell, XLSXStyle) {
        let style = XLSXStyle(numberFormat: numberFormat(format))
        guard let value, value.isFinite else { return (.empty, style) }
        guard case .duration = format else { return (.number(value), style) }
        let days = value / 86_400
        guard days >= 0, days < lastSpreadsheetDay else {
            return (.text(format.text(value)), XLSXStyle(horizontal: .right))
        }
        return (.number(days), style)
    }

    /// Excel's last day, 9999-12-31, as days from its epoch: a time of that many days or more shows "####".
    static let lastSpreadsheetDay = 2_958_466.0

    /// The Excel number format of `format`: "0.00", "#.000" (no zero before the point, as the
    /// app drops it), "0", "[m]:ss.00".
    static func numberFormat(_ format: MetricFormat) -> String {
        switch format {
        case .decimal(let places, true), .percent(let places): places == 0 ? "0" : "0." + zeros(places)
        case .decimal(let places, false): places == 0 ? "0" : "#." + zeros(places) + ";-0." + zeros(places)
        case .integer: "0"
        case .duration: "[m]:ss.00"
        }
    }

    private static func zeros(_ count: Int) -> String { String(repeating: "0", count: count) }
}
