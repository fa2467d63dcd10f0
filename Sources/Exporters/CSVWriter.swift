import Core

/// Writes RFC 4180 csv row by row (docs/outputs.md): comma separator, CRLF line ends, fields
/// quoted when they hold a comma, a quote, CR or LF or begin or end with a space; a UTF-8
/// byte order mark by default; and text that a spreadsheet would run as a formula
/// (a leading `=`, `+`, `-`, `@`, tab or CR) prefixed with `'` unless `formulaGuard` is off.
///
/// Hand-written on purpose: the format is small, and writing fields as bytes straight into
/// the sink halved the csv job's CPU time (BENCHMARKS.md, "what perf showed"). The fuzz
/// target `scripts/fuzz.sh` csv reads its output back with an independent RFC 4180 reader.
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
        for (index, name) in names.enumerated() {
            if index > 0 { try sink.write(byte: UInt8(ascii: ",")) }
            try writeText(name, guarded: false)
        }
        try sink.write(CSVWriter.lineEnd)
    }

    /// Writes one data row.
    public func writeRow(_ cells: [Cell]) throws {
        for (index, cell) in cells.enumerated() {
            if index > 0 { try sink.write(byte: UInt8(ascii: ",")) }
            try write(cell)
        }
        try sink.write(CSVWriter.lineEnd)
        rowsWritten += 1
    }

    /// Flushes what is buffered.
    public func finish() throws {
        try sink.flush()
    }

    /// Writes one cell's field, straight into the sink: no string is built per field.
    private func write(_ cell: Cell) throws {
        switch cell {
        case .text(let text): try writeText(text, guarded: options.formulaGuard)
        case .link(let text, _): try writeText(text, guarded: options.formulaGuard)
        case .integer(let value): try sink.write(String(value))
        case .number(let value), .percent(let value), .points(let value): try sink.write(NumberText.shortest(value))
        case .date(let date): try sink.write(date.isoBytes)
        case .dateTime(let dateTime): try sink.write(dateTime.csvBytes)
        case .bool(let value): try sink.write(value ? "TRUE" : "FALSE")
        case .empty: break
        }
    }

    /// Writes text as a field: control characters removed (`CellText`), a `'` before what a
    /// spreadsheet would run as a formula when `guarded`, and quotes (with inner quotes
    /// doubled) when the field holds a comma, a quote, CR or LF or begins or ends with a space.
    private func writeText(_ raw: String, guarded: Bool) throws {
        var text = CellText.clean(raw)
        try text.withUTF8 { bytes in
            let prefix = guarded && bytes.first.map(CSVWriter.formulaStarts.contains) == true
            let needsQuotes =
                bytes.contains { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\"") || $0 == 0x0D || $0 == 0x0A }
                || (!prefix && bytes.first == UInt8(ascii: " ")) || bytes.last == UInt8(ascii: " ")
            if needsQuotes { try sink.write(byte: UInt8(ascii: "\"")) }
            if prefix { try sink.write(byte: UInt8(ascii: "'")) }
            guard needsQuotes else { return try sink.write(bytes: bytes) }
            var start = 0
            while let quote = bytes[start...].firstIndex(of: UInt8(ascii: "\"")) {
                try sink.write(bytes: UnsafeBufferPointer(rebasing: bytes[start...quote]))
                try sink.write(byte: UInt8(ascii: "\""))
                start = quote + 1
            }
            try sink.write(bytes: UnsafeBufferPointer(rebasing: bytes[start...]))
            try sink.write(byte: UInt8(ascii: "\""))
        }
    }

    /// The first bytes that make a spreadsheet read a field as a formula: `=`, `+`, `-`, `@`, tab, CR.
    private static let formulaStarts: Set<UInt8> = [0x3D, 0x2B, 0x2D, 0x40, 0x09, 0x0D]
    private static let lineEnd: [UInt8] = [0x0D, 0x0A]
}
