/// A plain text table for the terminal, columns padded to their widest cell.
enum TextTable {
    static func render(header: [String], rows: [[String]], numericColumns: Set<Int> = []) -> String {
        var widths = header.map(\.count)
        for row in rows {
            for (index, cell) in row.enumerated() { widths[index] = max(widths[index], cell.count) }
        }
        func line(_ cells: [String]) -> String {
            cells.enumerated().map { index, cell in
                let padding = String(repeating: " ", count: widths[index] - cell.count)
                return numericColumns.contains(index) ? padding + cell : cell + padding
            }.joined(separator: "  ").replacing(/\s+$/, with: "") + "\n"
        }
        return line(header) + rows.map(line).joined()
    }

    /// A cell shown on one line: line breaks and tabs become spaces.
    static func oneLine(_ text: String) -> String {
        String(text.map { $0.isNewline || $0 == "\t" ? " " : $0 })
    }
}
