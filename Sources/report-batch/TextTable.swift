/// A plain text table for the terminal, columns padded to their widest cell.
enum TextTable {
    static func render(header: [String], rows: [[String]], numericColumns: Set<Int> = []) -> String {
        var widths = header.map(width)
        for row in rows {
            for (index, cell) in row.enumerated() { widths[index] = max(widths[index], width(cell)) }
        }
        func line(_ cells: [String]) -> String {
            var line = cells.enumerated().map { index, cell in
                let padding = String(repeating: " ", count: widths[index] - width(cell))
                return numericColumns.contains(index) ? padding + cell : cell + padding
            }.joined(separator: "  ")[...]
            // What `/\s+$/` removed, without a regular expression to compile at every start.
            while let last = line.last, last.isWhitespace { line.removeLast() }
            return String(line) + "\n"
        }
        return line(header) + rows.map(line).joined()
    }

    /// The columns a text takes in a terminal: East Asian wide characters and emoji take two,
    /// combining marks and joiners none.
    static func width(_ text: String) -> Int {
        text.unicodeScalars.reduce(0) { total, scalar in
            switch scalar.value {
            case 0x0300...0x036F, 0x200B...0x200F, 0xFE00...0xFE0F: total
            case 0x1100...0x115F, 0x2E80...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
                0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x3FFFD:
                total + 2
            default: total + 1
            }
        }
    }
}
