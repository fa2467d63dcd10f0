import Core
import Foundation

/// The rows of a table: in memory (a report's short tables) or spooled (a long list).
public enum PDFRows {
    case cells([[PDFCell]])
    case spool(PDFRowSpool)

    public var count: Int {
        switch self {
        case .cells(let rows): rows.count
        case .spool(let spool): spool.count
        }
    }

    /// The widest content of each column, in points, and the tallest stack.
    var extent: ColumnSizing.Extent {
        switch self {
        case .cells(let rows):
            var extent = ColumnSizing.Extent()
            for row in rows { ColumnSizing.widen(&extent, with: row) }
            return extent
        case .spool(let spool): return spool.extent
        }
    }

    func forEachRow(_ body: ([PDFCell]) throws -> Void) throws {
        switch self {
        case .cells(let rows): for row in rows { try body(row) }
        case .spool(let spool): try spool.forEachRow(body)
        }
    }
}
