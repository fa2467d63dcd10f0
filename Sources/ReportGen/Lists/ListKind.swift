import Aggregation
import Core
import Exporters
import Foundation

/// The three lists of the app's list pages.
package enum ListKind: String, CaseIterable, Sendable {
    case coaches
    case schools
    case interactions

    /// What an export says when the family has no rows of this kind at all.
    package var noneAtAll: String {
        switch self {
        case .coaches: "No coaches found"
        case .schools: "No schools found"
        case .interactions: "No interactions yet"
        }
    }

    /// The list's name in titles and sheet names.
    package var title: String { rawValue.prefix(1).uppercased() + rawValue.dropFirst() }

    /// What an export says when filters left no row.
    package var noMatch: String { "No \(rawValue) match your filters" }
}
