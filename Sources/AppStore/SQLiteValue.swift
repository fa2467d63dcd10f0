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

extension SQLiteValue {
    /// The value as text the way every reader takes it: a number as its decimal text; nil for
    /// null and for a blob, which a reader that checks reports.
    var text: String? {
        switch self {
        case .null, .blob: nil
        case .text(let text): text
        case .integer(let number): String(number)
        case .real(let number): String(number)
        }
    }
}
