/// Words of the report shared by every format.
package enum ReportText {
    package static let title = "Recruiting Report"
    package static let noData = "No data found for selected date range"
}
