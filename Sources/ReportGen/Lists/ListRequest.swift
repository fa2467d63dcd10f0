import Aggregation
import Core
import Exporters
import Foundation

/// One list export: which list, its filters and sort, who views it.
package struct ListRequest: Sendable {
    package enum Filters: Sendable {
        case coaches(CoachFilters)
        case schools(SchoolFilters)
        /// The interactions' filters, with a preset or custom range when one was given.
        case interactions(InteractionFilters, range: RangeSelection?)
    }

    package var filters: Filters
    /// `--as`: a member's user id, or nil for the family as a whole.
    package var viewerID: String?
    /// `--home LAT,LON`, for distances.
    package var home: Coordinate?
    package var today: CivilDate?
    package var zone: Zone?
    package var formats: [ListFormat] = [.csv]
    /// A job output's `name`, which replaces the list's name at the start of its file names.
    package var name: String?

    package init(filters: Filters) {
        self.filters = filters
    }

    package var kind: ListKind {
        switch filters {
        case .coaches: .coaches
        case .schools: .schools
        case .interactions: .interactions
        }
    }
}
