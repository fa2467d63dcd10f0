import Foundation
import GRDB
import GRDBSQLite

/// The current row of a stepping SQLite statement. Reading columns through SQLite's own
/// functions costs a fraction of GRDB's generic decoding, which matters when a family has
/// hundreds of thousands of interactions.
struct SQLiteRow {
    let statement: SQLiteStatement

    func value(_ index: Int) -> SQLiteValue {
        let column = Int32(index)
        switch sqlite3_column_type(statement, column) {
        case SQLITE_NULL: return .null
        case SQLITE_INTEGER: return .integer(sqlite3_column_int64(statement, column))
        case SQLITE_FLOAT: return .real(sqlite3_column_double(statement, column))
        case SQLITE_TEXT:
            guard let bytes = sqlite3_column_text(statement, column) else { return .text("") }
            let count = Int(sqlite3_column_bytes(statement, column))
            return .text(String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self))
        default: return .blob
        }
    }

    /// `body` with the UTF-8 bytes of a text value where SQLite holds them (valid until the
    /// row changes); nil when the value is not text.
    func withText<R>(_ index: Int, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R? {
        let column = Int32(index)
        guard sqlite3_column_type(statement, column) == SQLITE_TEXT else { return nil }
        let bytes = sqlite3_column_text(statement, column)
        return body(UnsafeBufferPointer(start: bytes, count: Int(sqlite3_column_bytes(statement, column))))
    }

    func isNull(_ index: Int) -> Bool {
        sqlite3_column_type(statement, Int32(index)) == SQLITE_NULL
    }
}

extension Database {
    /// Runs a query and calls `body` with each row, read in place from the statement.
    /// With `cached`, the statement is compiled once per connection and reused (the same
    /// queries run for every family of a batch); never cache a query that calls functions
    /// registered per call.
    func eachRow(
        _ sql: String,
        arguments: StatementArguments = [],
        cached: Bool = false,
        _ body: (SQLiteRow) throws -> Void
    ) throws {
        let statement = try cached ? cachedStatement(sql: sql) : makeStatement(sql: sql)
        let cursor = try Row.fetchCursor(statement, arguments: arguments)
        let row = SQLiteRow(statement: statement.sqliteStatement)
        while try cursor.next() != nil { try body(row) }
    }
}

extension Database {
    /// Runs `sql` like `eachRow`, and adds the issues `body` records to `log` in the order
    /// in which `ORDER BY` the `identity` columns would have listed their rows, without
    /// asking SQLite to sort: only the rows with issues are remembered, and sorted here.
    /// Rows with equal identities keep the order SQLite read them in.
    func eachRowInIdentityOrder(
        _ sql: String,
        identity: [Int],
        log: IssueLog,
        _ body: (SQLiteRow, IssueLog) throws -> Void
    ) throws {
        let found = IssueLog()
        var rows: [(key: [OrderKey], issues: Range<Int>)] = []
        try eachRow(sql) { row in
            let before = found.count
            try body(row, found)
            if found.count > before { rows.append((identity.map { OrderKey(row.value($0)) }, before..<found.count)) }
        }
        let order = rows.indices.sorted { first, second in
            for (a, b) in zip(rows[first].key, rows[second].key) where a != b { return a < b }
            return first < second
        }
        for index in order {
            for issue in found.issues[rows[index].issues] { log.record(issue) }
        }
    }
}

/// A value as SQLite's `ORDER BY` compares it (BINARY collation): null first, then
/// numbers by value, then text by its UTF-8 bytes, then blobs.
enum OrderKey: Equatable, Comparable {
    case null
    case integer(Int64)
    case real(Double)
    case text([UInt8])
    case blob

    init(_ value: SQLiteValue) {
        switch value {
        case .null: self = .null
        case .integer(let number): self = .integer(number)
        case .real(let number): self = .real(number)
        case .text(let text): self = .text(Array(text.utf8))
        case .blob: self = .blob
        }
    }

    private var rank: Int {
        switch self {
        case .null: 0
        case .integer, .real: 1
        case .text: 2
        case .blob: 3
        }
    }

    static func < (a: OrderKey, b: OrderKey) -> Bool {
        switch (a, b) {
        case (.integer(let x), .integer(let y)): x < y
        case (.integer(let x), .real(let y)): Double(x) < y
        case (.real(let x), .integer(let y)): x < Double(y)
        case (.real(let x), .real(let y)): x < y
        case (.text(let x), .text(let y)): x.lexicographicallyPrecedes(y)
        default: a.rank < b.rank
        }
    }
}
