/// The family has nothing to report for the range (exit 3).
package struct NoDataError: Error, Sendable, CustomStringConvertible {
    package let familyID: String
    package init(familyID: String) { self.familyID = familyID }
    package var description: String { "No data found for selected date range" }
}
