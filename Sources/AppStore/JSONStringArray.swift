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

/// A member of a JSON object column, as the decoders use it.
enum JSONMember {
    case string(String)
    case number(Double)
    case bool(Bool)
    case null
    /// An object or an array: the decoders read no nested values.
    case nested
}

/// A small reader for the other JSON the app stores: a flat object of strings, numbers,
/// booleans and nulls (`academic_info`, a location preference's `data`). It returns nil for
/// anything else (nested values, `\u` escapes, malformed text), and the caller then falls
/// back to Foundation's parser, which also words the error.
enum JSONFlatObject {
    static func parse(_ text: String) -> [String: JSONMember]? {
        var members: [String: JSONMember] = [:]
        let read = JSONStringArray.readContainer(text, open: UInt8(ascii: "{"), close: UInt8(ascii: "}")) { bytes in
            guard bytes.popFirst() == UInt8(ascii: "\""), let key = JSONStringArray.readString(&bytes) else {
                return false
            }
            bytes.dropJSONSpace()
            guard bytes.popFirst() == UInt8(ascii: ":") else { return false }
            bytes.dropJSONSpace()
            guard let value = readValue(&bytes) else { return false }
            members[key] = value
            return true
        }
        return read ? members : nil
    }

    private static func readValue(_ bytes: inout ArraySlice<UInt8>) -> JSONMember? {
        func literal(_ word: String, _ value: JSONMember) -> JSONMember? {
            guard bytes.starts(with: word.utf8) else { return nil }
            bytes.removeFirst(word.utf8.count)
            return value
        }
        guard let first = bytes.first else { return nil }
        switch first {
        case UInt8(ascii: "\""):
            bytes.removeFirst()
            return JSONStringArray.readString(&bytes).map { .string($0) }
        case UInt8(ascii: "t"): return literal("true", .bool(true))
        case UInt8(ascii: "f"): return literal("false", .bool(false))
        case UInt8(ascii: "n"): return literal("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            let end = bytes.firstIndex { !isNumberByte($0) } ?? bytes.endIndex
            let token = bytes[..<end]
            // A number past a double's range (`1e400`) is left to Foundation, which refuses the
            // text, so that both readers agree on what a valid object is (found by fuzzing).
            guard isJSONNumber(token), let value = Double(String(decoding: token, as: UTF8.self)), value.isFinite else {
                return nil
            }
            bytes = bytes[end...]
            return .number(value)
        default: return nil
        }
    }

    private static func isNumberByte(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+")
            || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E")
    }

    /// JSON's number grammar: `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`.
    static func isJSONNumber(_ token: ArraySlice<UInt8>) -> Bool {
        var rest = token
        func digits() -> Int {
            let count = rest.prefix { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }.count
            rest.removeFirst(count)
            return count
        }
        if rest.first == UInt8(ascii: "-") { rest.removeFirst() }
        if rest.first == UInt8(ascii: "0") {
            rest.removeFirst()
        } else if digits() == 0 {
            return false
        }
        if rest.first == UInt8(ascii: ".") {
            rest.removeFirst()
            if digits() == 0 { return false }
        }
        if rest.first == UInt8(ascii: "e") || rest.first == UInt8(ascii: "E") {
            rest.removeFirst()
            if rest.first == UInt8(ascii: "+") || rest.first == UInt8(ascii: "-") { rest.removeFirst() }
            if digits() == 0 { return false }
        }
        return rest.isEmpty
    }
}

extension ArraySlice where Element == UInt8 {
    /// Drops JSON whitespace (space, tab, LF, CR) from the front.
    mutating func dropJSONSpace() {
        while let byte = first, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { removeFirst() }
    }
}
