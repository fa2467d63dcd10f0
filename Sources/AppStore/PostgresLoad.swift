import Aggregation
import Core
import Foundation
import GRDB
import PostgresClient

/// Writes a SQLite file of the app's tables (the demo's) into PostgreSQL the way the app keeps
/// its data — the reverse of a snapshot: uuid ids, the
/// app's enum types, `timestamp with time zone`, `date`, `boolean`, `text[]`, `jsonb` and
/// `numeric` (docs/postgres.md), with row-level security turned on for every table and no
/// policy, so that only the tables' owner and roles with BYPASSRLS see rows.
package enum PostgresLoad {
    /// Copies the SQLite file at `sqlite` into the empty schema of `target`, in one transaction.
    /// - Throws: `UsageError` when the schema already has one of the app's tables; the
    ///   connection's errors as `PostgresTarget.failure` says.
    package static func load(sqlite path: String, into target: PostgresTarget) throws {
        let source = try DatabaseQueue(
            path: path,
            configuration: {
                var c = Configuration()
                c.readonly = true
                return c
            }()
        )
        let connection = try target.connect()
        do {
            try connection.query("BEGIN")
            try connection.query("SELECT set_config('search_path', quote_ident($1), true)", [target.schema])
            try connection.query("CREATE SCHEMA IF NOT EXISTS \(quoted(target.schema))")
            let existing = try connection.query(
                "SELECT relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = $1 AND relname = ANY($2::text[])",
                [
                    target.schema,
                    "{" + (AppSchema.tables + AppSchema.seasonTables).map(\.name).joined(separator: ",") + "}",
                ]
            ).rows.compactMap { $0[0] }
            if let table = existing.first {
                throw UsageError(
                    "\(target.display) already has a table '\(table)' in schema \(target.schema); the demo writes only into a database without the app's tables"
                )
            }
            try source.read { db in
                // The season's tables (docs/season.md §1) are optional: copied when the file has them.
                let tables = try AppSchema.tables + AppSchema.seasonTables.filter { try db.tableExists($0.name) }
                try createTypes(db, connection, schema: target.schema, tables: Set(tables.map(\.name)))
                for table in tables {
                    let present = Set(try db.columns(in: table.name).map(\.name))
                    let columns = table.columns.filter { present.contains($0.name) }
                    try createTable(table, columns: columns, connection, schema: target.schema)
                    try copyRows(table, columns: columns, from: db, into: connection, schema: target.schema)
                }
            }
            try connection.query("COMMIT")
        } catch let error as PGError {
            throw target.failure(error)
        }
    }

    /// The labels of each enum type: the domain's values, then any other value the demo holds.
    private static func createTypes(
        _ db: Database,
        _ connection: PGConnection,
        schema: String,
        tables: Set<String>
    ) throws {
        let domain: [String: [String]] = [
            "school_status": StoredSchoolStatus.allCases.map(\.rawValue),
            "school_division": Division.allCases.map(\.rawValue),
            "coach_role": CoachRole.allCases.map(\.rawValue),
            "interaction_type": InteractionType.allCases.map(\.rawValue),
            "interaction_direction": Direction.allCases.map(\.rawValue),
            "interaction_sentiment": Sentiment.allCases.map(\.rawValue),
            "user_role": UserRole.allCases.map(\.rawValue), "event_type": EventType.allCases.map(\.rawValue),
            "recommendation_status": LetterStatus.allCases.map(\.rawValue),
        ]
        for (name, place) in AppSchema.postgresEnums.sorted(by: { $0.key < $1.key }) where tables.contains(place.table)
        {
            var labels = domain[name] ?? []
            let stored = try String.fetchAll(
                db,
                sql:
                    "SELECT DISTINCT \(place.column.quotedDatabaseIdentifier) FROM \(place.table.quotedDatabaseIdentifier) WHERE \(place.column.quotedDatabaseIdentifier) IS NOT NULL ORDER BY 1"
            )
            labels += stored.filter { !labels.contains($0) }
            let list = try labels.map { try connection.literal($0) }.joined(separator: ", ")
            try connection.query("CREATE TYPE \(quoted(schema)).\(quoted(name)) AS ENUM (\(list))")
        }
    }

    private static func createTable(
        _ table: AppSchema.Table,
        columns: [AppSchema.Column],
        _ connection: PGConnection,
        schema: String
    ) throws {
        let definitions = columns.map { column -> String in
            let kind = AppSchema.postgresKind(table: table.name, column: column.name)
            let type =
                if case .enumeration(let name) = kind { "\(quoted(schema)).\(quoted(name))" } else { kind.typeName }
            return "\(quoted(column.name)) \(type)" + (column.name == "id" ? " PRIMARY KEY" : "")
        }
        let name = "\(quoted(schema)).\(quoted(table.name))"
        try connection.query("CREATE TABLE \(name) (\(definitions.joined(separator: ", ")))")
        if table.index(of: "family_unit_id") != nil {
            try connection.query("CREATE INDEX ON \(name) (family_unit_id)")
        }
        try connection.query("ALTER TABLE \(name) ENABLE ROW LEVEL SECURITY")
    }

    private static func copyRows(
        _ table: AppSchema.Table,
        columns: [AppSchema.Column],
        from db: Database,
        into connection: PGConnection,
        schema: String
    ) throws {
        let kinds = columns.map { AppSchema.postgresKind(table: table.name, column: $0.name) }
        let names = columns.map(\.name)
        let rows = try Row.fetchCursor(
            db,
            sql:
                "SELECT \(names.map(\.quotedDatabaseIdentifier).joined(separator: ", ")) FROM \(table.name.quotedDatabaseIdentifier)"
        )
        try connection.copyIn(
            "COPY \(quoted(schema)).\(quoted(table.name)) (\(names.map(quoted).joined(separator: ", "))) FROM STDIN"
        ) { writer in
            while let row = try rows.next() {
                try writer.row(
                    try (0..<columns.count).map {
                        try field(row[$0] as DatabaseValue, kind: kinds[$0], table: table.name, column: names[$0])
                    }
                )
            }
        }
    }

    /// A SQLite value in PostgreSQL's text input form for the column's type.
    private static func field(
        _ value: DatabaseValue,
        kind: AppSchema.PostgresKind,
        table: String,
        column: String
    ) throws -> String? {
        switch value.storage {
        case .null: return nil
        case .int64(let number):
            return kind == .boolean ? (number != 0 ? "t" : "f") : String(number)
        case .double(let number): return "\(number)"
        case .blob:
            throw UsageError(
                "the demo's \(table).\(column) holds a blob, which PostgreSQL's \(kind.typeName) cannot take"
            )
        case .string(let text):
            guard kind == .textArray else { return text }
            guard let items = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [Any] else {
                throw UsageError("the demo's \(table).\(column) holds \(Quote.value(text)), not a JSON array")
            }
            let elements = items.map { item -> String in
                guard let text = item as? String else { return "NULL" }
                return "\""
                    + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
                    + "\""
            }
            return "{" + elements.joined(separator: ",") + "}"
        }
    }

    private static func quoted(_ name: String) -> String {
        "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
