import Aggregation
import Exporters

/// A metric's numbers in a workbook (docs/metrics.md): real numbers, each with the Excel number
/// format that shows the app's text (".312", "6.81", "6:52.30"), not strings.
enum MetricCells {
    /// The cell of a value in `format` and the style that shows it so; a duration is written in
    /// days, as spreadsheets keep durations, so that `[m]:ss.00` reads 412.3 seconds "6:52.30".
    static func cell(_ value: Double?, _ format: MetricFormat) -> (Cell, XLSXStyle) {
        let style = XLSXStyle(numberFormat: numberFormat(format))
        guard let value, value.isFinite else { return (.empty, style) }
        if case .duration = format { return (.number(value / 86_400), style) }
        return (.number(value), style)
    }

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
