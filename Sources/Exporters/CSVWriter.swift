/// Writes RFC 4180 csv row by row (outputs.md): comma separator, CRLF line ends, fields
/// quoted when they hold a comma, a quote, CR or LF or begin or end with a space; a UTF-8
/// byte order mark by default; and text that a spreadsheet would run as a formula
/// (a leading `=`, `+`, `-`, `@`, tab or CR) prefixed with `'` unless `formulaGuard` is off.
public final class CSVWriter {
    public struct Options: Sendable {
        /// Start with a UTF-8 byte order mark, so that Excel reads UTF-8.
        public var byteOrderMark = true
        /// Prefix text that a spreadsheet would run as a formula with `'`.
        public var formulaGuard = true

        public init(byteOrderMark: Bool = true, formulaGuard: Bool = true) {
            self.byteOrderMark = byteOrderMark
            self.formulaGuard = formulaGuard
        }
    }

    private let sink: ByteSink
    private let options: Options
    public private(set) var rowsWritten = 0

    public init(sink: ByteSink, options: Options = Options()) throws {
        self.sink = sink
        self.options = options
        if options.byteOrderMark { try sink.write([0xEF, 0xBB, 0xBF]) }
    }

    /// Writes the header row (plain text, never guarded: headers are ours).
    public func writeHeader(_ names: [String]) throws {
        try sink.write(names.map { CSVWriter.quoted(CellText.clean($0)) }.joined(separator: ",") + "\r\n")
    }

    /// Writes one data row.
    public func writeRow(_ cells: [Cell]) throws {
        var line = ""
        for (index, cell) in cells.enumerated() {
            if index > 0 { line.append(",") }
            line.append(field(cell))
        }
        line.append("\r\n")
        try sink.write(line)
        rowsWritten += 1
    }

    /// Flushes what is buffered.
    public func finish() throws {
        try sink.flush()
    }

    /// The csv text of one cell.
    public func field(_ cell: Cell) -> String {
        switch cell {
        case .text(let text): textField(text)
        case .link(let text, _): textField(text)
        case .integer(let value): String(value)
        case .number(let value), .percent(let value): NumberText.shortest(value)
        case .date(let date): date.iso
        case .dateTime(let dateTime): dateTime.csv
        case .bool(let value): value ? "TRUE" : "FALSE"
        case .empty: ""
        }
    }

    private func textField(_ raw: String) -> String {
        var text = CellText.clean(raw)
        if options.formulaGuard, let first = text.unicodeScalars.first, CSVWriter.formulaStarts.contains(first) {
            text = "'" + text
        }
        return CSVWriter.quoted(text)
    }

    private static let formulaStarts: Set<Unicode.Scalar> = ["=", "+", "-", "@", "\t", "\r"]

    static func quoted(_ text: String) -> String {
        let needsQuotes = text.utf8.contains { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\"") || $0 == 0x0D || $0 == 0x0A }
            || text.utf8.first == UInt8(ascii: " ") || text.utf8.last == UInt8(ascii: " ")
        guard needsQuotes else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
