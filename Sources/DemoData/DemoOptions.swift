import Aggregation
import AppStore
import Core
import Foundation
import GRDB
import SeededRandom

/// What `report-batch demo` makes.
package struct DemoOptions: Sendable {
    /// How many families: the first four are the hand-made ones (large, typical, Los
    /// Angeles, empty); any more are typical families drawn from the seed.
    package var families: Int = 4
    package var seed: UInt64 = 1
    /// The day the data is relative to: interactions spread over the two years before it.
    package var today: CivilDate
    /// False writes the app's current schema, without the optional columns of docs/data-model.md.
    package var includeOptionalColumns = true
    /// Multiplies the large family's schools (and so its coaches) by K, for benchmarks.
    package var scale = 1
    /// Multiplies the large family's interactions per school; nil means `scale` again, so
    /// that `scale` 25 gives 1,000 schools and about 330,000 interactions.
    package var interactionScale: Int?

    package init(today: CivilDate) {
        self.today = today
    }
}
