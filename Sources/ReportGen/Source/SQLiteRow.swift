import Foundation
import GRDB
import GRDBSQLite

/// A value of the current row, read straight from SQLite's statement.
enum SQLiteValue {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob
}

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

    func isNull(_ index: Int) -> Bool {
        sqlite3_column_type(statement, Int32(index)) == SQLITE_NULL
    }
}

extension Database {
    /// Runs a query and calls `body` with each row, read in place from the statement.
    /// With `cached`, the statement is compiled once per connection and reused (the same
    /// queries run for every family of a batch); never cache a query that calls functions
    /// registered per call.
    func eachRow(_ sql: String, arguments: StatementArguments = [], cached: Bool = false, _ body: (SQLiteRow) throws -> Void) throws {
        let statement = try cached ? cachedStatement(sql: sql) : makeStatement(sql: sql)
        let cursor = try Row.fetchCursor(statement, arguments: arguments)
        let row = SQLiteRow(statement: statement.sqliteStatement)
        while try cursor.next() != nil { try body(row) }
    }
}
