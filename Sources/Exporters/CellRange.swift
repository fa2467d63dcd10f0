import CXlsxWriter
import Core
import Foundation

/// A range of cells on a sheet, in the `=Sheet!$A$1:$A$5` form charts use.
public struct CellRange: Sendable {
    public let sheet: String
    public let firstRow: Int, firstColumn: Int, lastRow: Int, lastColumn: Int

    public init(sheet: String, firstRow: Int, firstColumn: Int, lastRow: Int, lastColumn: Int) {
        self.sheet = sheet
        self.firstRow = firstRow
        self.firstColumn = firstColumn
        self.lastRow = lastRow
        self.lastColumn = lastColumn
    }

    /// A sheet's name as a formula names it: `'Rivera''s'`.
    static func quoted(_ sheet: String) -> String { "'" + sheet.replacingOccurrences(of: "'", with: "''") + "'" }

    var formula: String {
        let quoted = CellRange.quoted(sheet)
        return
            "=\(quoted)!$\(CellRange.column(firstColumn))$\(firstRow + 1):$\(CellRange.column(lastColumn))$\(lastRow + 1)"
    }

    static func column(_ index: Int) -> String {
        var index = index + 1
        var name = ""
        while index > 0 {
            let remainder = (index - 1) % 26
            name = String(UnicodeScalar(UInt8(65 + remainder))) + name
            index = (index - 1) / 26
        }
        return name
    }
}
