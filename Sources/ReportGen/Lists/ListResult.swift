import Aggregation
import Core
import Exporters
import Foundation

/// What an export wrote.
package struct ListResult: Sendable {
    package let files: [WrittenFile]
    package let rows: Int
    /// "No coaches match your filters" and the like, when no row was written.
    package let emptyMessage: String?
    /// The analytics cards, for the interactions list.
    package let analytics: InteractionAnalytics?
    /// Warnings about the files (text cut at a cell limit, links written as text).
    package let warnings: [String]
}
