import Core
import Foundation

/// The rows of a long pdf table, kept in a temporary file instead of in memory, so that a
/// list of 100,000 rows draws in the memory of a list of 100: rows are encoded as they come,
/// and read back one at a time when the table is drawn. The file is unlinked as soon as it is
/// made, so nothing is left behind whatever ends the process.
public final class PDFRowSpool {
    private let descriptor: Int32
    private let folder: String
    private var buffer: [UInt8] = []
    private var fileEnd: Int64 = 0
    /// How many rows were appended.
    public private(set) var count = 0
    /// The widest content of each column so far, in points, and the tallest stack (`ColumnSizing`).
    private(set) var extent = ColumnSizing.Extent()
    private static let bufferSize = 1 << 16

    /// Makes the spool's file in `folder` (the output's own folder, so that the rows take disk
    /// where the output goes, not memory in a tmpfs).
    /// - Throws: `ExportError.write` when the folder does not take a file.
    public init(folder: String) throws {
        // The name's prefix is one report-batch's leftover sweep knows (TemporaryFiles.spoolPrefix).
        var template = Array((folder as NSString).appendingPathComponent(".report-batch-rows-XXXXXX").utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard made >= 0 else {
            throw ExportError.write(
                path: folder,
                reason: "cannot make a temporary file for the table's rows: \(String(cString: strerror(errno)))"
            )
        }
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        descriptor = made
        self.folder = folder
        buffer.reserveCapacity(Self.bufferSize)
    }

    deinit { close(descriptor) }

    /// Adds a row at the end.
    public func append(_ row: [PDFCell]) throws {
        ColumnSizing.widen(&extent, with: row)
        var encoder = RowEncoder(bytes: buffer)
        encoder.row(row)
        buffer = encoder.bytes
        count += 1
        if buffer.count >= Self.bufferSize { try flush() }
    }

    /// Calls `body` with every row, in the order they were appended; may be called again.
    public func forEachRow(_ body: ([PDFCell]) throws -> Void) throws {
        try flush()
        var reader = RowReader(descriptor: descriptor, end: fileEnd, folder: folder)
        for _ in 0..<count { try body(try reader.row()) }
    }

    private func flush() throws {
        var done = 0
        while done < buffer.count {
            let written = buffer.withUnsafeBytes {
                pwrite(descriptor, $0.baseAddress! + done, $0.count - done, off_t(fileEnd) + off_t(done))
            }
            if written < 0, errno == EINTR { continue }
            guard written > 0 else {
                throw ExportError.write(
                    path: folder,
                    reason: "cannot write the table's rows to a temporary file: \(String(cString: strerror(errno)))"
                )
            }
            done += written
        }
        fileEnd += Int64(buffer.count)
        buffer.removeAll(keepingCapacity: true)
    }
}

/// Cells as bytes: a tag per cell, strings as a length and UTF-8, colours as three doubles.
private struct RowEncoder {
    var bytes: [UInt8]

    mutating func row(_ cells: [PDFCell]) {
        integer(UInt32(cells.count))
        for cell in cells { self.cell(cell) }
    }

    private mutating func cell(_ cell: PDFCell) {
        switch cell {
        case .empty:
            bytes.append(0)
        case .text(let text, let color, let bold):
            bytes.append(1)
            string(text)
            bytes.append(color == nil ? 0 : 1)
            if let color { self.color(color) }
            bytes.append(bold ? 1 : 0)
        case .badge(let text, let color):
            bytes.append(2)
            string(text)
            self.color(color)
        case .bar(let fraction, let color, let label):
            bytes.append(3)
            double(fraction)
            self.color(color)
            string(label)
        case .link(let text, let url):
            bytes.append(4)
            string(text)
            string(url)
        case .stack(let cells):
            bytes.append(5)
            integer(UInt32(cells.count))
            for part in cells { self.cell(part) }
        }
    }

    private mutating func integer(_ value: UInt32) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    private mutating func double(_ value: Double) {
        withUnsafeBytes(of: value.bitPattern.littleEndian) { bytes.append(contentsOf: $0) }
    }

    private mutating func string(_ text: String) {
        integer(UInt32(text.utf8.count))
        bytes.append(contentsOf: text.utf8)
    }

    private mutating func color(_ color: PDFColor) {
        double(color.red)
        double(color.green)
        double(color.blue)
    }
}

/// Reads the spool's file from its start, a buffer at a time.
private struct RowReader {
    let descriptor: Int32
    let end: Int64
    let folder: String
    private var buffer: [UInt8] = []
    private var position = 0
    private var offset: Int64 = 0

    init(descriptor: Int32, end: Int64, folder: String) {
        self.descriptor = descriptor
        self.end = end
        self.folder = folder
    }

    mutating func row() throws -> [PDFCell] {
        let count = Int(try integer())
        var cells: [PDFCell] = []
        cells.reserveCapacity(count)
        for _ in 0..<count { cells.append(try cell(nested: false)) }
        return cells
    }

    private mutating func cell(nested: Bool) throws -> PDFCell {
        switch try byte() {
        case 0: return .empty
        case 1:
            let text = try string()
            let color = try byte() == 1 ? try self.color() : nil
            return .text(text, color: color, bold: try byte() == 1)
        case 2: return .badge(try string(), try color())
        case 3:
            let fraction = try double()
            let color = try self.color()
            return .bar(fraction: fraction, color: color, label: try string())
        case 4: return .link(try string(), url: try string())
        case 5 where !nested:
            let count = Int(try integer())
            var parts: [PDFCell] = []
            for _ in 0..<count { parts.append(try cell(nested: true)) }
            return .stack(parts)
        default: throw damaged()
        }
    }

    private mutating func take(_ length: Int) throws -> ArraySlice<UInt8> {
        if position + length > buffer.count { try refill(atLeast: length) }
        defer { position += length }
        return buffer[position..<position + length]
    }

    private mutating func refill(atLeast length: Int) throws {
        buffer.removeFirst(position)
        position = 0
        let wanted = max(length - buffer.count, 1 << 16)
        let available = Int(min(Int64(wanted), end - offset))
        guard buffer.count + available >= length else { throw damaged() }
        var chunk = [UInt8](repeating: 0, count: available)
        var done = 0
        while done < available {
            let read = chunk.withUnsafeMutableBytes {
                pread(descriptor, $0.baseAddress! + done, available - done, off_t(offset) + off_t(done))
            }
            if read < 0, errno == EINTR { continue }
            guard read > 0 else { throw damaged() }
            done += read
        }
        offset += Int64(available)
        buffer.append(contentsOf: chunk)
    }

    private mutating func byte() throws -> UInt8 {
        let bytes = try take(1)
        return bytes[bytes.startIndex]
    }

    private mutating func integer() throws -> UInt32 {
        let bytes = try take(4)
        return bytes.reversed().reduce(0) { $0 << 8 | UInt32($1) }
    }

    private mutating func double() throws -> Double {
        let bytes = try take(8)
        return Double(bitPattern: bytes.reversed().reduce(0) { $0 << 8 | UInt64($1) })
    }

    private mutating func string() throws -> String {
        let length = Int(try integer())
        return String(decoding: try take(length), as: UTF8.self)
    }

    private mutating func color() throws -> PDFColor {
        PDFColor(red: try double(), green: try double(), blue: try double())
    }

    private func damaged() -> ExportError {
        ExportError.write(path: folder, reason: "the table's temporary rows file could not be read back")
    }
}
