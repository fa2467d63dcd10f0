import CLibPQ
import Foundation

/// The rows of a statement's result, as text (nil for NULL).
package struct PGRows {
    package let rows: [[String?]]
    package let columns: [String]

    init(_ result: OpaquePointer) {
        let count = Int(PQntuples(result))
        let width = Int(PQnfields(result))
        columns = (0..<width).map { String(cString: PQfname(result, Int32($0))) }
        rows = (0..<count).map { row in
            (0..<width).map { column in
                PQgetisnull(result, Int32(row), Int32(column)) == 1
                    ? nil : String(cString: PQgetvalue(result, Int32(row), Int32(column)))
            }
        }
    }
}
