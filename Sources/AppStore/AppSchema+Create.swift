import GRDB

extension AppSchema {
    /// Creates every table of the schema (and indexes on `family_unit_id`) in an empty database.
    package static func create(in db: Database, includeOptionalColumns: Bool = true) throws {
        try create(in: db, leavingOut: includeOptionalColumns ? [] : droppedColumns)
    }

    /// `table.column` of the optional columns the app's current schema no longer has.
    package static var droppedColumns: Set<String> {
        Set(
            tables.flatMap { table in
                table.optionalColumns.filter { !$0.inCurrentSchema }.map { "\(table.name).\($0.name)" }
            }
        )
    }

    /// Creates every table, leaving out the optional columns named `table.column` in `absent`.
    package static func create(in db: Database, leavingOut absent: Set<String>) throws {
        for statement in tableStatements(tables, leavingOut: absent, primaryKeys: true)
            + indexStatements(uniqueIDs: false)
        {
            try db.execute(sql: statement)
        }
    }

    /// Creates the season's tables (docs/season.md §1), which a database may lack, with the
    /// index each family's read uses.
    package static func createSeasonTables(in db: Database) throws {
        for statement in tableStatements(seasonTables, leavingOut: [], primaryKeys: true)
            + seasonTables.flatMap({ indexStatements(of: $0, uniqueIDs: false) })
        {
            try db.execute(sql: statement)
        }
    }

    /// The column through which a family's read finds the rows of a season table that has no
    /// `family_unit_id` of its own (docs/season.md §1): history by school, links and views by
    /// profile, events without a family by school, personal items by user.
    static let seasonKeys: [String: String] = [
        "school_status_history": "school_id", "profile_tracking_links": "profile_id", "profile_views": "profile_id",
        "events": "school_id", "follow_up_reminders": "user_id", "user_deadlines": "user_id",
        // The player's videos and letters without a family are found by user (the app indexes
        // video_links.user_id too).
        "video_links": "user_id", "recommendation_letters": "user_id",
    ]

    /// `CREATE TABLE` for each of `tables`; without `primaryKeys`, `id` is a plain column (a
    /// bulk load adds its unique index after the rows, which is much faster).
    package static func tableStatements(
        _ tables: [Table],
        leavingOut absent: Set<String>,
        primaryKeys: Bool
    ) -> [String] {
        tables.map { table in
            let columns = table.columns.filter { !absent.contains("\(table.name).\($0.name)") }.map { column in
                "\(column.name.quotedDatabaseIdentifier) \(column.sqlType)"
                    + (primaryKeys && column.name == "id" ? " PRIMARY KEY" : "")
            }
            return "CREATE TABLE \(table.name.quotedDatabaseIdentifier) (\(columns.joined(separator: ", ")))"
        }
    }

    /// The indexes the readers use: `family_unit_id` of every table that has it, the members'
    /// user ids, and with `uniqueIDs` a unique index on each `id` (what a primary key gives).
    static func indexStatements(uniqueIDs: Bool) -> [String] {
        tables.flatMap { indexStatements(of: $0, uniqueIDs: uniqueIDs) }
    }

    /// The indexes of one table.
    static func indexStatements(of table: Table, uniqueIDs: Bool) -> [String] {
        var statements: [String] = []
        let name = table.name.quotedDatabaseIdentifier
        // The key of a table with a one-column key: `id`, or `email_optouts.email`.
        if uniqueIDs, table.rowIdentity.count == 1, let key = table.rowIdentity.first, table.index(of: key) != nil {
            statements.append(
                "CREATE UNIQUE INDEX \("\(table.name)_\(key)".quotedDatabaseIdentifier) ON \(name) (\(key.quotedDatabaseIdentifier))"
            )
        }
        if table.index(of: "family_unit_id") != nil {
            statements.append(
                "CREATE INDEX \("\(table.name)_family".quotedDatabaseIdentifier) ON \(name) (family_unit_id)"
            )
        }
        if let key = seasonKeys[table.name] {
            statements.append(
                "CREATE INDEX \("\(table.name)_\(key)".quotedDatabaseIdentifier) ON \(name) (\(key.quotedDatabaseIdentifier))"
            )
        }
        if ["family_members", "user_preferences", "notification_preferences"].contains(table.name) {
            statements.append("CREATE INDEX \("\(table.name)_user".quotedDatabaseIdentifier) ON \(name) (user_id)")
        }
        return statements
    }
}

/// Inserts rows by column name into a table of `AppSchema`, leaving out optional columns
/// that the database was made without.
package struct TableInserter {
    let statement: Statement
    let columns: [String]

    package init(db: Database, table: AppSchema.Table, includeOptionalColumns: Bool) throws {
        columns = table.columns.filter { includeOptionalColumns || !$0.isOptional || $0.inCurrentSchema }.map(\.name)
        let placeholders = Array(repeating: "?", count: columns.count).joined(separator: ", ")
        statement = try db.makeStatement(
            sql:
                "INSERT INTO \(table.name.quotedDatabaseIdentifier) (\(columns.map(\.quotedDatabaseIdentifier).joined(separator: ", "))) VALUES (\(placeholders))"
        )
    }

    package func insert(_ values: [String: (any DatabaseValueConvertible)?]) throws {
        try statement.execute(
            arguments: StatementArguments(
                columns.map { column -> (any DatabaseValueConvertible)? in values[column] ?? nil }
            )
        )
    }
}
