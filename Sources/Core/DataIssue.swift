/// One bad value in the database: which table, which row, which column, and what is wrong.
package struct DataIssue: Error, Hashable, Sendable, CustomStringConvertible {
    package let table: String
    package let rowID: String
    package let column: String?
    package let problem: String
    /// A bad value of an optional column: under `bad_rows: skip` it is left out alone, read as
    /// null, and its row kept (docs/cli.md, "What a run does").
    package var keepsRow = false

    package init(table: String, rowID: String, column: String?, problem: String) {
        self.table = table
        self.rowID = rowID
        self.column = column
        self.problem = problem
    }

    /// A row whose id another row of the table holds too.
    package static func duplicate(table: String, id: String, count: Int) -> DataIssue {
        DataIssue(
            table: table,
            rowID: Quote.value(id),
            column: "id",
            problem: Self.duplicateProblem(count)
        )
    }

    /// A row whose key (the columns of `rowID`, the first being `column`) another row holds too.
    package static func duplicateKey(table: String, rowID: String, column: String, count: Int) -> DataIssue {
        DataIssue(table: table, rowID: rowID, column: column, problem: Self.duplicateProblem(count, of: "key"))
    }

    private static func duplicateProblem(_ count: Int, of name: String = "id") -> String {
        "the row's \(name) appears \(count) times; each must be unique (was the table made without its primary key?)"
    }

    package var isDuplicate: Bool {
        problem.hasPrefix(column == "id" ? "the row's id appears " : "the row's key appears ")
    }

    /// How many rows these problems are about (a row may have several).
    package static func rowCount(_ issues: [DataIssue]) -> Int {
        Set(issues.map { "\($0.table)\u{0}\($0.rowID)" }).count
    }

    /// `schools row 'abc', column status: unknown value 'Interested' (…)`.
    package var description: String {
        var text = "\(table) row \(rowID)"
        if let column { text += ", column \(column)" }
        return text + ": " + problem
    }
}
