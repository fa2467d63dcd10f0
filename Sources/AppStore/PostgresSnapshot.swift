import Aggregation
import Core
import Foundation
import GRDB
import GRDBSQLite
import PostgresClient
import Synchronization

/// Copies the app's tables from PostgreSQL into a SQLite file in exactly the form of
/// docs/data-model.md, inside one `REPEATABLE READ READ ONLY` transaction, so that every
/// family of a run sees the database at one instant. Rows stream from `COPY … TO STDOUT`
/// into prepared inserts: memory does not grow with the rows.
package enum PostgresSnapshot {
    /// What a snapshot holds, for notes and tests.
    package struct Summary: Sendable {
        package var rows: [String: Int] = [:]
        /// `table.column` of the optional columns the server lacks (left out of the snapshot).
        package var absentOptionalColumns: [String] = []
        /// The optional tables the server lacks (`AppSchema.optionalTables`; the snapshot has none either).
        package var absentOptionalTables: [String] = []
    }

    /// Takes the snapshot into a SQLite file at `path` (new, or empty).
    /// - Throws: `UnavailableError` (69), `AccessError` (77), `BadDataError` (65),
    ///   `SourceError`, all naming the database by `target.display`, never with the password.
    @discardableResult
    package static func take(_ target: PostgresTarget, scope: SnapshotScope, to path: String) throws -> Summary {
        let connection = try connect(target)
        do {
            // A SQL_ASCII database stores bytes unchecked, and the server converts none of them:
            // they are read as stored, and each text field is checked here (`bind`), so that bytes
            // that are not UTF-8 are a bad value of their table, row and column, not an error that
            // ends the read (docs/postgres.md, "Timeouts and encoding").
            let unchecked = connection.serverEncoding == "SQL_ASCII"
            if unchecked { try connection.setClientEncoding("SQL_ASCII") }
            try connection.query(
                """
                SELECT set_config('TimeZone', 'UTC', false), set_config('DateStyle', 'ISO', false),
                       set_config('IntervalStyle', 'iso_8601', false), set_config('extra_float_digits', '3', false),
                       set_config('search_path', quote_ident($1), false)
                """,
                [target.schema]
            )
            if !target.setsStatementTimeout {
                try connection.query("SELECT set_config('statement_timeout', $1, false)", [statementTimeout])
            }
            try connection.query("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY")
            let columns = try serverColumns(connection, target)
            try checkAccess(connection, target)
            let summary = try copy(
                connection,
                target,
                columns: columns,
                scope: scope,
                checkingUTF8: unchecked,
                to: path
            )
            try connection.query("COMMIT")
            return summary
        } catch let error as PGError {
            throw translate(error, target)
        }
    }

    // MARK: Connecting

    static func connect(_ target: PostgresTarget) throws -> PGConnection {
        do {
            return try PGConnection(
                target.connectionString,
                applicationName: "report-batch",
                defaults: connectionDefaults()
            )
        } catch let error as PGError {
            throw translate(error, target)
        }
    }

    /// How long a snapshot's statement may take unless the URI's `options` or `PGOPTIONS` set
    /// `statement_timeout` (docs/postgres.md, "Timeouts and encoding").
    static let statementTimeout = "600s"

    /// What a connection uses unless the URI says otherwise: a 10 s connect timeout (unless
    /// `PGCONNECT_TIMEOUT` gives one), and TCP keepalives that find a server gone silent
    /// mid-read within about a minute.
    static func connectionDefaults() -> [(String, String)] {
        var defaults = [
            ("keepalives", "1"), ("keepalives_idle", "30"), ("keepalives_interval", "10"), ("keepalives_count", "3"),
        ]
        if (ProcessInfo.processInfo.environment["PGCONNECT_TIMEOUT"] ?? "").isEmpty {
            defaults.append(("connect_timeout", "10"))
        }
        return defaults
    }

    /// libpq's and the server's errors as report-batch's: the exit code of docs/postgres.md
    /// and a message naming the database without its password.
    static func translate(_ error: PGError, _ target: PostgresTarget) -> any Error {
        let reason = target.scrub(error.message)
        switch error.kind {
        case .connect:
            let lower = reason.lowercased()
            if lower.contains("authentication failed") || lower.contains("pg_hba.conf") || lower.contains("password")
                || lower.contains("does not exist") && lower.contains("role") || lower.contains("permission denied")
            {
                return AccessError("the database \(target.display) refused the login: \(reason)")
            }
            return UnavailableError("cannot reach the database \(target.display): \(reason)")
        case .connectionLost:
            return UnavailableError("lost the connection to the database \(target.display): \(reason)")
        case .query(let state):
            switch state {
            case "42501":
                return AccessError(
                    "the database \(target.display) refused a read: \(reason); the README's \"Reading PostgreSQL\" shows the grants a reading role needs"
                )
            case "57014", "57P01", "57P02", "57P03", "08000", "08003", "08006":
                return UnavailableError("the database \(target.display) stopped the read: \(reason)")
            case "25P02", "40001":
                return UnavailableError(
                    "the database \(target.display) ended the snapshot's transaction: \(reason); run again"
                )
            default:
                return SourceError.failed(path: target.display, reason: reason)
            }
        }
    }

    // MARK: The schema

    /// A column as the server declares it.
    struct ServerColumn {
        let typeName: String
        /// `e` for an enum type, `b` for a base type, …
        let typeType: String
        /// PostgreSQL's type category: `S` string, `N` numeric, `A` array, `D` date/time, …
        let category: String
        /// The element type's category for an array.
        let elementCategory: String?
    }

    /// The columns of the app's tables in the schema, by table and column name.
    private static func serverColumns(
        _ connection: PGConnection,
        _ target: PostgresTarget
    ) throws -> [String: [String: ServerColumn]] {
        let rows = try connection.query(
            """
            SELECT c.relname, a.attname, t.typname, t.typtype::text, t.typcategory::text, e.typcategory::text
            FROM pg_class c
            JOIN pg_namespace n ON n.oid = c.relnamespace
            JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
            JOIN pg_type t ON t.oid = a.atttypid
            LEFT JOIN pg_type e ON e.oid = t.typelem AND t.typcategory = 'A'
            WHERE n.nspname = $1 AND c.relkind IN ('r', 'p', 'v', 'm', 'f') AND c.relname = ANY($2::text[])
            """,
            [target.schema, arrayLiteral(readTables.map(\.name))]
        )
        var tables: [String: [String: ServerColumn]] = [:]
        for row in rows.rows {
            guard let table = row[0], let column = row[1] else { continue }
            tables[table, default: [:]][column] = ServerColumn(
                typeName: row[2] ?? "",
                typeType: row[3] ?? "",
                category: row[4] ?? "",
                elementCategory: row[5]
            )
        }
        for table in AppSchema.tables where tables[table.name] == nil {
            throw BadDataError.missingTable(path: "\(target.display) (schema \(target.schema))", table: table.name)
        }
        return tables
    }

    /// Whether a server column can be read as the schema's column: the app's own type, or one
    /// that holds the same values (an id may be text; a number any numeric type).
    static func accepts(_ column: ServerColumn, as kind: AppSchema.PostgresKind) -> Bool {
        switch kind {
        case .uuid, .enumeration, .text: column.typeName == "uuid" || column.typeType == "e" || column.category == "S"
        case .timestamp: column.typeName == "timestamptz"
        case .date: column.typeName == "date"
        case .time: column.typeName == "time"
        case .boolean: column.typeName == "bool"
        case .textArray: column.category == "A" && column.elementCategory == "S"
        case .json: column.typeName == "jsonb" || column.typeName == "json"
        case .number, .integer: column.category == "N"
        }
    }

    // MARK: Access

    /// Row-level security would hide rows from a role that neither owns a table nor has
    /// BYPASSRLS: such a run would be empty and look fine, so it stops here (exit 77).
    private static func checkAccess(_ connection: PGConnection, _ target: PostgresTarget) throws {
        let rows = try connection.query(
            """
            SELECT c.relname, c.relrowsecurity, c.relforcerowsecurity,
                   pg_has_role(current_user, c.relowner, 'USAGE'), has_table_privilege(c.oid, 'SELECT'),
                   r.rolbypassrls, r.rolsuper, current_user::text
            FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace, pg_roles r
            WHERE r.rolname = current_user AND n.nspname = $1 AND c.relname = ANY($2::text[])
                  AND c.relkind IN ('r', 'p', 'v', 'm', 'f')
            """,
            [target.schema, arrayLiteral(readTables.map(\.name))]
        )
        let byTable = Dictionary(rows.rows.map { ($0[0] ?? "", $0) }, uniquingKeysWith: { first, _ in first })
        // The optional tables too: an opt-out list that row-level security empties would send
        // e-mail to those who asked for none.
        for table in readTables {
            guard let row = byTable[table.name] else { continue }
            let security = row[1] == "t"
            let forced = row[2] == "t"
            let owns = row[3] == "t"
            let canSelect = row[4] == "t"
            let bypass = row[5] == "t"
            let superuser = row[6] == "t"
            let role = row[7] ?? "?"
            if !(superuser || canSelect) {
                throw AccessError(
                    "role '\(role)' may not read table '\(table.name)' of \(target.display) (no SELECT); "
                        + "grant it: GRANT SELECT ON \(target.schema).\(table.name) TO \(role); the README's \"Reading PostgreSQL\" has the SQL for every table"
                )
            }
            if security && !(superuser || bypass || owns && !forced) {
                throw AccessError(
                    "role '\(role)' is subject to row-level security on table '\(table.name)' of \(target.display) and would see no rows; "
                        + "connect as the tables' owner, or use a read-only role with BYPASSRLS (ALTER ROLE \(role) BYPASSRLS; the README's \"Reading PostgreSQL\" has the SQL)"
                )
            }
        }
    }

    /// Every table a snapshot copies when the server has it: the app's, the optional ones and the season's.
    static var readTables: [AppSchema.Table] { AppSchema.tables + AppSchema.optionalTables + AppSchema.seasonTables }

    // MARK: Copying

    private static func copy(
        _ connection: PGConnection,
        _ target: PostgresTarget,
        columns server: [String: [String: ServerColumn]],
        scope: SnapshotScope,
        checkingUTF8: Bool,
        to path: String
    ) throws -> Summary {
        var summary = Summary()
        // The columns to copy, table by table; optional ones the server lacks are left out.
        var plans: [(table: AppSchema.Table, columns: [AppSchema.Column], kinds: [AppSchema.PostgresKind])] = []
        summary.absentOptionalTables = (AppSchema.optionalTables + AppSchema.seasonTables).map(\.name).filter {
            server[$0] == nil
        }
        for table in readTables where server[table.name] != nil {
            let present = server[table.name] ?? [:]
            var columns: [AppSchema.Column] = []
            var kinds: [AppSchema.PostgresKind] = []
            for column in table.columns {
                let kind = AppSchema.postgresKind(table: table.name, column: column.name)
                guard let found = present[column.name] else {
                    if column.isOptional {
                        summary.absentOptionalColumns.append("\(table.name).\(column.name)")
                        continue
                    }
                    throw BadDataError.missingColumn(path: target.display, table: table.name, column: column.name)
                }
                guard accepts(found, as: kind) else {
                    throw BadDataError.columnType(
                        path: target.display,
                        table: table.name,
                        column: column.name,
                        found: found.typeName,
                        expected: kind.typeName
                    )
                }
                columns.append(column)
                kinds.append(kind)
            }
            plans.append((table, columns, kinds))
        }

        let filters = try rowFilters(connection, target, server: server, scope: scope)
        var configuration = Configuration()
        configuration.label = "report-batch snapshot"
        let queue: DatabaseQueue
        do {
            queue = try DatabaseQueue(path: path, configuration: configuration)
        } catch let error as DatabaseError {
            throw OutputError(path: path, reason: error.message ?? "cannot create the snapshot file")
        }
        do {
            try queue.writeWithoutTransaction { db in
                try db.execute(sql: "PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF")
                try db.inTransaction {
                    for statement in AppSchema.tableStatements(
                        plans.map(\.table),
                        leavingOut: Set(summary.absentOptionalColumns),
                        primaryKeys: false
                    ) {
                        try db.execute(sql: statement)
                    }
                    try load(
                        plans,
                        filters: filters,
                        schema: target.schema,
                        checkingUTF8: checkingUTF8,
                        from: connection,
                        into: db,
                        summary: &summary
                    )
                    return .commit
                }
            }
            try queue.close()
        } catch let error as DatabaseError {
            throw OutputError(path: path, reason: error.message ?? "SQLite error \(error.resultCode.rawValue)")
        }
        return summary
    }

    /// The WHERE clause of each table for `scope`, or none for every row. Family ids are
    /// looked up first (with a parameter), so that the COPY statements, which take no
    /// parameters, only ever name ids that exist, quoted by libpq.
    private static func rowFilters(
        _ connection: PGConnection,
        _ target: PostgresTarget,
        server: [String: [String: ServerColumn]],
        scope: SnapshotScope
    ) throws -> [String: String] {
        let familyScoped = AppSchema.tables.filter { $0.index(of: "family_unit_id") != nil }.map(\.name)
        switch scope {
        case .everything:
            return [:]
        case .allFamilies:
            // The season's tables are copied whole: an event or a profile belongs to a family
            // through its school or user as well (docs/season.md), and the reader sorts them out.
            return Dictionary(uniqueKeysWithValues: familyScoped.map { ($0, "family_unit_id IS NOT NULL") })
        case .families(let ids):
            let found = try connection.query(
                "SELECT id::text FROM family_units WHERE id::text = ANY($1::text[])",
                [arrayLiteral(ids)]
            )
            .rows.compactMap { $0[0] }
            return try familyFilters(found, connection, server: server)
        case .shard(let shard, let listed):
            let all = try connection.query("SELECT id::text FROM family_units WHERE id IS NOT NULL").rows.compactMap {
                $0[0]
            }
            let known = Set(all)
            let own = (listed.map { $0.filter(known.contains) } ?? all).filter(shard.owns)
            var filters = try familyFilters(own, connection, server: server)
            filters["family_units"] = nil
            return filters
        }
    }

    /// The filters that copy the rows of the families `found` (ids that exist) and their members'.
    private static func familyFilters(
        _ found: [String],
        _ connection: PGConnection,
        server: [String: [String: ServerColumn]]
    ) throws -> [String: String] {
        let familyScoped = AppSchema.tables.filter { $0.index(of: "family_unit_id") != nil }.map(\.name)
        let type = identifier(server["family_units"]?["id"]?.typeName ?? "text")
        let list =
            found.isEmpty
            ? "ARRAY[]::\(type)[]"
            : "ARRAY[\(try found.map { try connection.literal($0) }.joined(separator: ", "))]::\(type)[]"
        let members = "(SELECT user_id FROM family_members WHERE family_unit_id = ANY(\(list)))"
        var filters = Dictionary(uniqueKeysWithValues: familyScoped.map { ($0, "family_unit_id = ANY(\(list))") })
        filters["family_units"] = "id = ANY(\(list))"
        // The members, and whoever logged one of the families' interactions (the "Logged By" column).
        filters["users"] =
            "id IN \(members) OR id IN (SELECT logged_by FROM interactions WHERE family_unit_id = ANY(\(list)))"
        filters["user_preferences"] = "user_id IN \(members)"
        filters["notification_preferences"] = "user_id IN \(members)"
        // email_optouts is copied whole: a job's own list of recipients may name any address.
        // The season's rows of these families only, each through what makes it theirs.
        let schools = "(SELECT id FROM schools WHERE family_unit_id = ANY(\(list)))"
        let profiles = "(SELECT id FROM player_profiles WHERE family_unit_id = ANY(\(list)))"
        filters["school_status_history"] = "school_id IN \(schools)"
        filters["player_profiles"] = "family_unit_id = ANY(\(list))"
        // Without player_profiles no link or view is any family's (the reader reads none).
        let hasProfiles = server["player_profiles"] != nil
        filters["profile_tracking_links"] = hasProfiles ? "profile_id IN \(profiles)" : "false"
        filters["profile_views"] = hasProfiles ? "profile_id IN \(profiles)" : "false"
        filters["events"] =
            "family_unit_id = ANY(\(list)) OR (family_unit_id IS NULL AND school_id IN \(schools)) "
            + "OR (family_unit_id IS NULL AND school_id IS NULL AND user_id IN \(members))"
        filters["follow_up_reminders"] = "user_id IN \(members)"
        filters["user_deadlines"] = "user_id IN \(members)"
        // The app's newer tables (docs/next-steps.md): messages by family, the player's videos
        // and letters by family or, without one, by member; the contact-window rules whole.
        filters["athlete_messages"] = "family_unit_id = ANY(\(list))"
        let players =
            "(SELECT user_id FROM family_members WHERE family_unit_id = ANY(\(list)) AND role::text IN \(AppSchema.playerRoles))"
        let ownOrPlayers = "family_unit_id = ANY(\(list)) OR (family_unit_id IS NULL AND user_id IN \(players))"
        filters["video_links"] = ownOrPlayers
        filters["recommendation_letters"] = ownOrPlayers
        // system_calendar, sports and contact_window_rules are every family's: copied whole.
        return filters
    }

    /// The SELECT expression that turns a column into docs/data-model.md's text form.
    static func expression(_ column: String, _ kind: AppSchema.PostgresKind) -> String {
        let name = identifier(column)
        return switch kind {
        case .boolean: "\(name)::int"
        case .textArray: "array_to_json(\(name))::text"
        // HH:MM:SS whatever the stored precision (`09:30:00.5`).
        case .time: "to_char(\(name), 'HH24:MI:SS')"
        default: "\(name)::text"
        }
    }

    /// A table being filled: its prepared insert and how many rows went in.
    private final class TableLoad {
        let table: AppSchema.Table
        let copy: String
        private let statement: SQLiteStatement
        private let keep: Statement
        private let numeric: [Bool]
        private let checksUTF8: Bool
        private(set) var count = 0
        private(set) var failure: String?

        init(
            _ table: AppSchema.Table,
            columns: [AppSchema.Column],
            kinds: [AppSchema.PostgresKind],
            where filter: String?,
            schema: String,
            checkingUTF8: Bool,
            db: Database
        ) throws {
            self.table = table
            checksUTF8 = checkingUTF8
            let select = zip(columns, kinds).map { PostgresSnapshot.expression($0.name, $1) }.joined(separator: ", ")
            copy =
                "COPY (SELECT \(select) FROM \(identifier(schema)).\(identifier(table.name))"
                + (filter.map { " WHERE \($0)" } ?? "") + ") TO STDOUT"
            keep = try db.makeStatement(
                sql:
                    "INSERT INTO \(identifier(table.name)) (\(columns.map { identifier($0.name) }.joined(separator: ", "))) VALUES (\(Array(repeating: "?", count: columns.count).joined(separator: ", ")))"
            )
            statement = keep.sqliteStatement
            numeric = kinds.map { $0 == .number || $0 == .integer || $0 == .boolean }
        }

        func add(_ row: PGCopyRow) {
            guard failure == nil else { return }
            sqlite3_reset(statement)
            row.forEachField { index, bytes, stable in
                guard index < numeric.count else { return }
                PostgresSnapshot.bind(
                    bytes,
                    stable: stable,
                    numeric: numeric[index],
                    checkingUTF8: checksUTF8,
                    at: Int32(index + 1),
                    statement
                )
            }
            guard sqlite3_step(statement) == SQLITE_DONE else {
                failure = String(cString: sqlite3_errmsg(sqlite3_db_handle(statement)))
                return
            }
            count += 1
        }

        /// The table's indexes, after its rows. Ids that are not unique (a server table
        /// without its key) get no unique index: the reader then checks them row by row and
        /// reports the duplicates as bad input.
        func index(_ db: Database) throws {
            for statement in AppSchema.indexStatements(of: table, uniqueIDs: true) {
                do {
                    try db.execute(sql: statement)
                } catch let error as DatabaseError where error.extendedResultCode == .SQLITE_CONSTRAINT_UNIQUE {
                    continue
                }
            }
        }
    }

    /// Copies every table. The server's rows arrive on a thread of their own, which runs the
    /// COPY statements one after the other, while this thread inserts them and, at the end of
    /// each table, makes its indexes: receiving, inserting and indexing overlap. The largest
    /// table goes first, so that its indexes are made while the others arrive
    /// (BENCHMARKS.md, "Reading PostgreSQL").
    private static func load(
        _ plans: [(table: AppSchema.Table, columns: [AppSchema.Column], kinds: [AppSchema.PostgresKind])],
        filters: [String: String],
        schema: String,
        checkingUTF8: Bool,
        from connection: PGConnection,
        into db: Database,
        summary: inout Summary
    ) throws {
        let first = ["interactions", "coaches", "schools"]
        let ordered = plans.sorted {
            (first.firstIndex(of: $0.table.name) ?? first.count) < (first.firstIndex(of: $1.table.name) ?? first.count)
        }
        let loads = try ordered.map {
            try TableLoad(
                $0.table,
                columns: $0.columns,
                kinds: $0.kinds,
                where: filters[$0.table.name],
                schema: schema,
                checkingUTF8: checkingUTF8,
                db: db
            )
        }
        let channel = RowChannel()
        let receiver = CopyReceiverThread(connection: connection, channel: channel, copies: loads.map(\.copy))
        guard receiver.start() else {
            for load in loads {
                try connection.copyOut(load.copy) { load.add($0) }
                try finish(load, db, summary: &summary)
            }
            return
        }
        // Every table ends with `.end`, also after a failure, so that this loop always takes
        // everything the receiver sends and the receiver never waits on a full channel.
        var failure: (any Error)?
        for load in loads {
            while case .rows(let batch) = channel.receive() {
                if failure == nil { batch.forEachRow(load.add) }
            }
            if failure == nil {
                do { try finish(load, db, summary: &summary) } catch { failure = error }
            }
        }
        receiver.join()
        if let error = channel.failure { throw error }
        if let failure { throw failure }
    }

    private static func finish(_ load: TableLoad, _ db: Database, summary: inout Summary) throws {
        if let failure = load.failure {
            throw DatabaseError(resultCode: .SQLITE_ERROR, message: "table \(load.table.name): \(failure)")
        }
        try load.index(db)
        summary.rows[load.table.name] = load.count
    }

    /// Binds one field: text as text; a number as the nearest double (`3.80` → 3.8) when it is
    /// a finite number, else as the text it is (`NaN`, `Infinity`), so that the reader finds
    /// and names the bad value as it would in any SQLite database. With `checkingUTF8` (a SQL_ASCII
    /// database's bytes), text that is not UTF-8 is bound as a blob: the reader's "binary data
    /// where text is expected", named by table, row and column like any bad value.
    /// `stable` bytes stay valid until the row is inserted (they are libpq's row buffer), so
    /// SQLite need not copy them.
    fileprivate static func bind(
        _ bytes: UnsafeBufferPointer<UInt8>?,
        stable: Bool,
        numeric: Bool,
        checkingUTF8: Bool,
        at index: Int32,
        _ statement: SQLiteStatement
    ) {
        guard let bytes else {
            sqlite3_bind_null(statement, index)
            return
        }
        if numeric {
            let text = String(decoding: bytes, as: UTF8.self)
            if let whole = Int64(text) {
                sqlite3_bind_int64(statement, index, whole)
                return
            }
            if let number = Double(text), number.isFinite {
                sqlite3_bind_double(statement, index, number)
                return
            }
        }
        guard let base = bytes.baseAddress, !bytes.isEmpty else {
            sqlite3_bind_text(statement, index, "", 0, transient)
            return
        }
        if checkingUTF8, !isUTF8(bytes) {
            sqlite3_bind_blob(statement, index, base, Int32(bytes.count), stable ? nil : transient)
            return
        }
        sqlite3_bind_text(
            statement,
            index,
            UnsafeRawPointer(base).assumingMemoryBound(to: CChar.self),
            Int32(bytes.count),
            stable ? nil : transient
        )
    }

    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

    /// Whether `bytes` are UTF-8; plain ASCII is told without decoding.
    static func isUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        bytes.allSatisfy { $0 < 0x80 } || String(validating: bytes, as: UTF8.self) != nil
    }

    /// A PostgreSQL (and SQLite) quoted identifier.
    static func identifier(_ name: String) -> String { "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }

    /// A text array literal for a `$n::text[]` parameter.
    static func arrayLiteral(_ values: [String]) -> String {
        "{"
            + values.map {
                "\"" + $0.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
                    + "\""
            }.joined(separator: ",") + "}"
    }
}
