import Aggregation
import AppStore
import Core
import Foundation
import GRDB
import SeededRandom

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
