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

/// Row counts of a demo database.
package struct DemoSummary: Sendable, CustomStringConvertible {
    package var families = 0, users = 0, schools = 0, coaches = 0, interactions = 0, metrics = 0, offers = 0

    package var description: String {
        "\(families) families, \(users) users, \(schools) schools, \(coaches) coaches, "
            + "\(interactions) interactions, \(metrics) metrics, \(offers) offers"
    }
}

/// Writes a realistic, deterministic demo database: the same options give the same rows.
package enum DemoDatabase {
    /// Creates the database at `path` (replacing it only once complete).
    /// - Throws: `OutputError` when the file cannot be written.
    package static func write(to path: String, options: DemoOptions) throws -> DemoSummary {
        try AtomicFile.write(to: path) { temporaryPath in
            do {
                let database = try DatabaseQueue(path: temporaryPath)
                var summary = DemoSummary()
                try database.write { db in
                    try AppSchema.create(in: db, includeOptionalColumns: options.includeOptionalColumns)
                    var writer = try DemoWriter(db: db, options: options)
                    summary = try writer.writeAll()
                }
                try database.close()
                return summary
            } catch let error as DatabaseError {
                throw OutputError(path: path, reason: error.message ?? "SQLite error \(error.resultCode.rawValue)")
            }
        }
    }
}
