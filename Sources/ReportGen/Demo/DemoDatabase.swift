import Aggregation
import Foundation
import GRDB

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

extension AppSchema {
    /// Creates every table of the schema (and indexes on `family_unit_id`) in an empty database.
    package static func create(in db: Database, includeOptionalColumns: Bool = true) throws {
        for table in tables {
            let columns = table.columns.filter { includeOptionalColumns || !$0.isOptional }.map { column in
                "\(column.name.quotedDatabaseIdentifier) \(column.sqlType)" + (column.name == "id" ? " PRIMARY KEY" : "")
            }
            try db.execute(sql: "CREATE TABLE \(table.name.quotedDatabaseIdentifier) (\(columns.joined(separator: ", ")))")
            if table.index(of: "family_unit_id") != nil {
                try db.execute(sql: "CREATE INDEX \("\(table.name)_family".quotedDatabaseIdentifier) ON \(table.name.quotedDatabaseIdentifier) (family_unit_id)")
            }
        }
        try db.execute(sql: "CREATE INDEX family_members_user ON family_members (user_id)")
        try db.execute(sql: "CREATE INDEX user_preferences_user ON user_preferences (user_id)")
    }
}

/// Inserts rows by column name into a table of `AppSchema`, leaving out optional columns
/// that the database was made without.
struct TableInserter {
    let statement: Statement
    let columns: [String]

    init(db: Database, table: AppSchema.Table, includeOptionalColumns: Bool) throws {
        columns = table.columns.filter { includeOptionalColumns || !$0.isOptional }.map(\.name)
        let placeholders = Array(repeating: "?", count: columns.count).joined(separator: ", ")
        statement = try db.makeStatement(sql: "INSERT INTO \(table.name.quotedDatabaseIdentifier) (\(columns.map(\.quotedDatabaseIdentifier).joined(separator: ", "))) VALUES (\(placeholders))")
    }

    func insert(_ values: [String: (any DatabaseValueConvertible)?]) throws {
        try statement.execute(arguments: StatementArguments(columns.map { column -> (any DatabaseValueConvertible)? in values[column] ?? nil }))
    }
}
