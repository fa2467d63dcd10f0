import Glibc

/// One row of `COPY … TO STDOUT` in text format, read in place: fields are separated by
/// tabs, `\N` is NULL, and a backslash escapes the characters that would break the line
/// (`\t`, `\n`, `\r`, `\\`, `\b`, `\f`, `\v`, octal `\ooo` and `\xhh`). The bytes belong to
/// libpq and live only during the call that hands the row over.
package struct PGCopyRow {
    private let bytes: UnsafeBufferPointer<UInt8>

    package init(_ bytes: UnsafeBufferPointer<UInt8>) {
        // The row ends in a newline.
        self.bytes = bytes.last == 0x0A ? UnsafeBufferPointer(rebasing: bytes.dropLast()) : bytes
    }

    /// `body` with the row's bytes (its newline left out).
    package func withBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R { try body(bytes) }

    /// The fields of the row, in order, as text (nil for NULL).
    package func fields() -> [String?] {
        var fields: [String?] = []
        forEachField { _, bytes, _ in fields.append(bytes.map { String(decoding: $0, as: UTF8.self) }) }
        return fields
    }

    /// Hands each field's bytes (nil for NULL), unescaped, to `body` with its position, and
    /// whether the bytes are the row's own (`stable`: valid as long as the row) or an unescaped
    /// copy valid only during the call.
    package func forEachField(_ body: (Int, UnsafeBufferPointer<UInt8>?, Bool) throws -> Void) rethrows {
        guard let base = bytes.baseAddress else {
            try body(0, bytes, true)
            return
        }
        var scratch: [UInt8] = []
        var start = 0
        var position = 0
        // memchr finds the tabs and backslashes: whole words at a time, where a byte loop
        // over long notes and content was the import's largest cost.
        while true {
            let rest = bytes.count - start
            let tab =
                memchr(base + start, 0x09, rest).map { UnsafeRawPointer($0).assumingMemoryBound(to: UInt8.self) - base }
                ?? bytes.count
            let raw = UnsafeBufferPointer(start: base + start, count: tab - start)
            if raw.count == 2, raw[0] == 0x5C, raw[1] == 0x4E {
                try body(position, nil, true)
            } else if raw.count > 0, memchr(raw.baseAddress!, 0x5C, raw.count) != nil {
                scratch.removeAll(keepingCapacity: true)
                Self.unescape(raw, into: &scratch)
                try scratch.withUnsafeBufferPointer { try body(position, $0, false) }
            } else {
                try body(position, raw, true)
            }
            position += 1
            guard tab < bytes.count else { return }
            start = tab + 1
        }
    }

    private static func unescape(_ raw: UnsafeBufferPointer<UInt8>, into out: inout [UInt8]) {
        out.reserveCapacity(raw.count)
        var index = 0
        while index < raw.count {
            let byte = raw[index]
            index += 1
            guard byte == 0x5C, index < raw.count else {
                out.append(byte)
                continue
            }
            let code = raw[index]
            index += 1
            switch code {
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "v"): out.append(0x0B)
            case UInt8(ascii: "0")...UInt8(ascii: "7"):
                var value = Int(code - 0x30)
                var digits = 1
                while digits < 3, index < raw.count, (UInt8(ascii: "0")...UInt8(ascii: "7")).contains(raw[index]) {
                    value = value * 8 + Int(raw[index] - 0x30)
                    index += 1
                    digits += 1
                }
                out.append(UInt8(truncatingIfNeeded: value))
            case UInt8(ascii: "x") where index < raw.count && hexValue(raw[index]) != nil:
                var value = Int(hexValue(raw[index])!)
                index += 1
                if index < raw.count, let low = hexValue(raw[index]) {
                    value = value * 16 + Int(low)
                    index += 1
                }
                out.append(UInt8(value))
            default: out.append(code)
            }
        }
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - 0x30
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - 0x57
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - 0x37
        default: nil
        }
    }
}
