// libFuzzer target: report-batch's csv writer, read back by an independent RFC 4180 reader,
// gives back exactly its cells: cleaned of control characters, and a text cell that a
// spreadsheet would run as a formula with its leading `'`. Built by scripts/fuzz.sh with the
// csv sources of Exporters.
import Foundation

/// RFC 4180 as a reader sees it: CRLF between records, commas between fields, a field in
/// quotes may hold anything with quotes doubled. Written apart from the writer, on purpose.
func readCSV(_ text: String) -> [[String]]? {
    var scalars = Array(text.unicodeScalars)[...]
    if scalars.first == "\u{FEFF}" { scalars = scalars.dropFirst() }
    var rows: [[String]] = []
    var row: [String] = []
    var field = String.UnicodeScalarView()
    var index = scalars.startIndex
    var quoted = false
    var atFieldStart = true
    while index < scalars.endIndex {
        let scalar = scalars[index]
        if quoted {
            if scalar == "\"" {
                let next = scalars.index(after: index)
                if next < scalars.endIndex, scalars[next] == "\"" {
                    field.append("\"")
                    index = next
                } else {
                    quoted = false
                }
            } else {
                field.append(scalar)
            }
        } else if scalar == "\"" {
            guard atFieldStart else { return nil }  // a quote inside an unquoted field
            quoted = true
        } else if scalar == "," {
            row.append(String(field))
            field = String.UnicodeScalarView()
            atFieldStart = true
            index = scalars.index(after: index)
            continue
        } else if scalar == "\r" {
            let next = scalars.index(after: index)
            guard next < scalars.endIndex, scalars[next] == "\n" else { return nil }  // a bare CR outside quotes
            row.append(String(field))
            rows.append(row)
            row = []
            field = String.UnicodeScalarView()
            atFieldStart = true
            index = scalars.index(after: next)
            continue
        } else if scalar == "\n" {
            return nil  // a bare LF outside quotes
        } else {
            field.append(scalar)
        }
        atFieldStart = false
        index = scalars.index(after: index)
    }
    guard !quoted, row.isEmpty, field.isEmpty else { return nil }  // every record ends with CRLF
    return rows
}

/// What a cell must read back as: control characters other than tab, CR and LF removed
/// (docs/outputs.md), and `'` before a formula start when guarded.
func expected(_ cell: String, guarded: Bool) -> String {
    var clean = String.UnicodeScalarView()
    for scalar in cell.unicodeScalars {
        let value = scalar.value
        if (value < 0x20 && value != 0x09 && value != 0x0A && value != 0x0D) || (0x7F...0x9F).contains(value) {
            continue
        }
        clean.append(scalar)
    }
    let text = String(clean)
    if guarded, let first = text.unicodeScalars.first, "=+-@\t\r".unicodeScalars.contains(first) { return "'" + text }
    return text
}

let path = NSTemporaryDirectory() + "/report-batch-fuzz-csv-\(getpid()).csv"

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCSV(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size <= 2048 else { return 0 }
    // Records are split at U+001E and cells at U+001F (both control characters, which the
    // writer removes anyway); the first record is the header.
    let input = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let records = input.split(separator: "\u{1E}", omittingEmptySubsequences: false).map {
        $0.split(separator: "\u{1F}", omittingEmptySubsequences: false).map(String.init)
    }
    do {
        let sink = try ByteSink(path: path)
        let writer = try CSVWriter(sink: sink)
        try writer.writeHeader(records[0])
        for record in records.dropFirst() { try writer.writeRow(record.map { .text($0) }) }
        try writer.finish()
        try sink.close()
    } catch {
        fatalError("the csv writer failed: \(error)")
    }
    let written = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
    guard let rows = readCSV(written) else {
        fatalError("the csv written is not RFC 4180: \(written.debugDescription) from \(input.debugDescription)")
    }
    let want =
        [records[0].map { expected($0, guarded: false) }]
        + records.dropFirst().map { $0.map { expected($0, guarded: true) } }
    guard rows == want else {
        fatalError(
            "csv read back differs for \(input.debugDescription): wrote \(written.debugDescription), read \(rows), expected \(want)"
        )
    }
    return 0
}
