/// A small reader for the JSON the app stores most: an array of strings (`pros`, `cons`,
/// `attachments`). It returns nil for anything else, and the caller then falls back to
/// Foundation's parser, which also words the error.
///
/// Hand-written on purpose: Foundation's parser on every school's JSON columns was 4% of every
/// job (BENCHMARKS.md). `scripts/fuzz.sh` json checks it against Foundation: whatever this
/// reader reads, Foundation reads the same.
enum JSONStringArray {
    static func parse(_ text: String) -> [String]? {
        parse(utf8: Array(text.utf8)[...])
    }

    static func parse(utf8 text: ArraySlice<UInt8>) -> [String]? {
        var result: [String] = []
        let read = readContainer(text, open: UInt8(ascii: "["), close: UInt8(ascii: "]")) { bytes in
            guard bytes.popFirst() == UInt8(ascii: "\""), let string = readString(&bytes) else { return false }
            result.append(string)
            return true
        }
        return read ? result : nil
    }

    /// Reads `open item, item… close` with JSON whitespace between the parts and nothing
    /// after; `item` reads one element and says whether it could. False on anything else.
    static func readContainer(
        _ text: String,
        open: UInt8,
        close: UInt8,
        item: (inout ArraySlice<UInt8>) -> Bool
    ) -> Bool {
        readContainer(Array(text.utf8)[...], open: open, close: close, item: item)
    }

    static func readContainer(
        _ text: ArraySlice<UInt8>,
        open: UInt8,
        close: UInt8,
        item: (inout ArraySlice<UInt8>) -> Bool
    ) -> Bool {
        var bytes = text
        bytes.dropJSONSpace()
        guard bytes.popFirst() == open else { return false }
        bytes.dropJSONSpace()
        if bytes.first != close {
            while true {
                bytes.dropJSONSpace()
                guard item(&bytes) else { return false }
                bytes.dropJSONSpace()
                guard bytes.first == UInt8(ascii: ",") else { break }
                bytes.removeFirst()
            }
        }
        guard bytes.popFirst() == close else { return false }
        bytes.dropJSONSpace()
        return bytes.isEmpty
    }

    /// Reads the rest of a string after its opening quote; nil on anything not plain.
    static func readString(_ bytes: inout ArraySlice<UInt8>) -> String? {
        var out: [UInt8] = []
        return scanString(&bytes) { out.append($0) } ? String(decoding: out, as: UTF8.self) : nil
    }

    /// Whether `text` is an array that `parse` reads, without making its strings (a check of
    /// every row needs no more).
    static func isPlainArray(utf8 text: ArraySlice<UInt8>) -> Bool {
        readContainer(text, open: UInt8(ascii: "["), close: UInt8(ascii: "]")) { bytes in
            bytes.popFirst() == UInt8(ascii: "\"") && scanString(&bytes) { _ in }
        }
    }

    /// Walks the rest of a string after its opening quote, giving each byte it stands for to
    /// `byte`; false on anything not plain.
    private static func scanString(_ bytes: inout ArraySlice<UInt8>, _ byte: (UInt8) -> Void) -> Bool {
        while let next = bytes.popFirst() {
            switch next {
            case UInt8(ascii: "\""):
                return true
            case UInt8(ascii: "\\"):
                guard let escaped = bytes.popFirst() else { return false }
                switch escaped {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): byte(escaped)
                case UInt8(ascii: "n"): byte(0x0A)
                case UInt8(ascii: "r"): byte(0x0D)
                case UInt8(ascii: "t"): byte(0x09)
                case UInt8(ascii: "b"): byte(0x08)
                case UInt8(ascii: "f"): byte(0x0C)
                default: return false  // \u escapes and anything else: let Foundation read it
                }
            case 0x00..<0x20:
                return false
            default:
                byte(next)
            }
        }
        return false
    }
}

extension ArraySlice where Element == UInt8 {
    /// Drops JSON whitespace (space, tab, LF, CR) from the front.
    mutating func dropJSONSpace() {
        while let byte = first, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { removeFirst() }
    }
}
