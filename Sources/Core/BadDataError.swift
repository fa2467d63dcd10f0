/// The database lacks a table or column that report-batch needs, or holds bad values (exit 65).
package enum BadDataError: Error, Sendable, CustomStringConvertible {
    case missingTable(path: String, table: String)
    case missingColumn(path: String, table: String, column: String)
    case columnType(path: String, table: String, column: String, found: String, expected: String)
    case badValues(path: String, familyID: String?, issues: [DataIssue])

    package var description: String {
        switch self {
        case .missingTable(let path, let table):
            return
                "database \(Quote.path(path)) has no table '\(table)', which report-batch needs (docs/data-model.md lists every table)"
        case .missingColumn(let path, let table, let column):
            return "database \(Quote.path(path)): table '\(table)' has no column '\(column)', which report-batch needs"
        case .columnType(let path, let table, let column, let found, let expected):
            return
                "database \(Quote.path(path)): column '\(table).\(column)' is of type \(found), where report-batch reads \(expected) (docs/postgres.md lists the types)"
        case .badValues(let path, let familyID, let issues):
            let scope = familyID.map { " (family \($0))" } ?? ""
            let first = issues.first.map(\.description) ?? "bad values"
            let more = issues.count > 1 ? "; and \(issues.count - 1) more" : ""
            return
                "bad data in \(Quote.path(path))\(scope): \(first)\(more); `report-batch check --db \(path)` lists every problem"
        }
    }
}
