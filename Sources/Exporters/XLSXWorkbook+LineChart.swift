import CXlsxWriter
import Core

extension XLSXWorkbook {
    /// One line of a line chart: its name in the legend, its values, its colour.
    public struct LineSeries: Sendable {
        public let name: String
        public let values: CellRange
        public let color: UInt32

        public init(name: String, values: CellRange, color: UInt32) {
            self.name = name
            self.values = values
            self.color = color
        }
    }

    /// Adds a native line chart of one or more series over the same categories (the weeks), with
    /// a legend under it, a marker on every point, and a gap where a value is blank (never a 0).
    /// - Parameters:
    ///   - valueFormat: the value axis's number format (`0"%"` for a percentage that is the value itself).
    ///   - xOffset: pixels right of the anchor cell's left edge (charts side by side, whatever the columns' widths).
    ///   - description: the chart in words, its alternative text.
    public func addLineChart(
        title: String,
        on sheet: XLSXSheet,
        categories: CellRange,
        series lines: [LineSeries],
        valueFormat: String? = nil,
        at anchor: (row: Int, column: Int),
        size: (width: Int, height: Int),
        xOffset: Int = 0,
        description: String
    ) throws {
        guard let chart = workbook_add_chart(try open(), UInt8(LXW_CHART_LINE.rawValue)) else {
            throw ExportError.library(
                name: "libxlsxwriter",
                call: "workbook_add_chart",
                message: "could not add a chart"
            )
        }
        for line in lines {
            guard let series = chart_add_series(chart, retain(categories.formula), retain(line.values.formula)) else {
                throw ExportError.library(
                    name: "libxlsxwriter",
                    call: "chart_add_series",
                    message: "could not add a series to '\(title)'"
                )
            }
            // A name starting with `=` would be read as a formula: names are the caller's words, never data.
            chart_series_set_name(series, retain(line.name))
            var stroke = lxw_chart_line()
            stroke.color = line.color
            stroke.width = 2.25
            chart_series_set_line(series, &stroke)
            chart_series_set_marker_type(series, UInt8(LXW_CHART_MARKER_CIRCLE.rawValue))
            chart_series_set_marker_size(series, 5)
            var fill = lxw_chart_fill()
            fill.color = line.color
            chart_series_set_marker_fill(series, &fill)
            var edge = lxw_chart_line()
            edge.color = line.color
            chart_series_set_marker_line(series, &edge)
        }
        chart_axis_set_interval_unit(chart.pointee.x_axis, 1)
        chart_axis_set_min(chart.pointee.y_axis, 0)
        if let valueFormat { chart_axis_set_num_format(chart.pointee.y_axis, valueFormat) }
        chart_show_blanks_as(chart, UInt8(LXW_CHART_BLANKS_AS_GAP.rawValue))
        try setTitle(title, of: chart)
        chart_legend_set_position(
            chart,
            UInt8(lines.count > 1 ? LXW_CHART_LEGEND_BOTTOM.rawValue : LXW_CHART_LEGEND_NONE.rawValue)
        )
        try insert(chart, on: sheet, at: anchor, size: size, xOffset: xOffset, description: description)
    }
}
