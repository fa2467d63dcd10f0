import GRDB

extension AppSchema {
    /// Creates every table of the schema (and indexes on `family_unit_id`) in an empty database.
    package static func create(in db: Database, includeOptionalColumns: Bool = true) throws {
        try create(in: db, leavingOut: includeOptionalColumns ? [] : Set(tables.flatMap { table in table.optionalColumns.map { "\(table.name).\($0.name)" } }))
    }

    /// Creates every table, leaving out the optional columns named `table.column` in `absent`.
    package static func create(in db: Database, leavingOut absent: Set<String>) throws {
        for table in tables {
            let columns = table.columns.filter { !absent.contains("\(table.name).\($0.name)") }.map { column in
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
package struct TableInserter {
    let statement: Statement
    let columns: [String]

    package init(db: Database, table: AppSchema.Table, includeOptionalColumns: Bool) throws {
        try self.init(db: db, table: table, columns: table.columns.filter { includeOptionalColumns || !$0.isOptional }.map(\.name))
    }

    /// Inserts into the named columns of `table`, in their order.
    package init(db: Database, table: AppSchema.Table, columns: [String]) throws {
        self.columns = columns
        let placeholders = Array(repeating: "?", count: columns.count).joined(separator: ", ")
        statement = try db.makeStatement(sql: "INSERT INTO \(table.name.quotedDatabaseIdentifier) (\(columns.map(\.quotedDatabaseIdentifier).joined(separator: ", "))) VALUES (\(placeholders))")
    }

    package func insert(_ values: [String: (any DatabaseValueConvertible)?]) throws {
        try statement.execute(arguments: StatementArguments(columns.map { column -> (any DatabaseValueConvertible)? in values[column] ?? nil }))
    }
}
