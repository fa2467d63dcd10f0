import CLibPQ
import Foundation

/// Writes rows of COPY's text format: fields separated by tabs, `\N` for NULL, and
/// backslash, tab, newline and carriage return escaped. Buffered in 64 KiB chunks.
package struct PGCopyWriter {
    private let connection: PGConnection
    private var buffer: [UInt8] = []

    init(connection: PGConnection) {
        self.connection = connection
        buffer.reserveCapacity(1 << 16)
    }

    package mutating func row(_ fields: [String?]) throws {
        for (index, field) in fields.enumerated() {
            if index > 0 { buffer.append(0x09) }
            guard let field else {
                buffer.append(contentsOf: [0x5C, 0x4E])
                continue
            }
            for byte in field.utf8 {
                switch byte {
                case 0x5C: buffer.append(contentsOf: [0x5C, 0x5C])
                case 0x09: buffer.append(contentsOf: [0x5C, 0x74])
                case 0x0A: buffer.append(contentsOf: [0x5C, 0x6E])
                case 0x0D: buffer.append(contentsOf: [0x5C, 0x72])
                default: buffer.append(byte)
                }
            }
        }
        buffer.append(0x0A)
        if buffer.count >= 1 << 16 { try flush() }
    }

    mutating func flush() throws {
        try buffer.withUnsafeBytes { try connection.put($0) }
        buffer.removeAll(keepingCapacity: true)
    }
}
