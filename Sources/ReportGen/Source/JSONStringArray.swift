/// A small reader for the JSON the app stores most: an array of strings (`pros`, `cons`,
/// `attachments`). It returns nil for anything else, and the caller then falls back to
/// Foundation's parser, which also words the error.
enum JSONStringArray {
    static func parse(_ text: String) -> [String]? {
        var bytes = Array(text.utf8)[...]
        func skipSpace() {
            while let byte = bytes.first, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { bytes.removeFirst() }
        }
        skipSpace()
        guard bytes.popFirst() == UInt8(ascii: "[") else { return nil }
        var result: [String] = []
        skipSpace()
        if bytes.first == UInt8(ascii: "]") {
            bytes.removeFirst()
            skipSpace()
            return bytes.isEmpty ? result : nil
        }
        while true {
            skipSpace()
            guard bytes.popFirst() == UInt8(ascii: "\""), let string = readString(&bytes) else { return nil }
            result.append(string)
            skipSpace()
            switch bytes.popFirst() {
            case UInt8(ascii: ","): continue
            case UInt8(ascii: "]"):
                skipSpace()
                return bytes.isEmpty ? result : nil
            default: return nil
            }
        }
    }

    /// Reads the rest of a string after its opening quote; nil on anything not plain.
    static func readString(_ bytes: inout ArraySlice<UInt8>) -> String? {
        var out: [UInt8] = []
        while let byte = bytes.popFirst() {
            switch byte {
            case UInt8(ascii: "\""):
                return String(decoding: out, as: UTF8.self)
            case UInt8(ascii: "\\"):
                guard let escaped = bytes.popFirst() else { return nil }
                switch escaped {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(escaped)
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                default: return nil  // \u escapes and anything else: let Foundation read it
                }
            case 0x00..<0x20:
                return nil
            default:
                out.append(byte)
            }
        }
        return nil
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
        var bytes = Array(text.utf8)[...]
        func skipSpace() {
            while let byte = bytes.first, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { bytes.removeFirst() }
        }
        skipSpace()
        guard bytes.popFirst() == UInt8(ascii: "{") else { return nil }
        var members: [String: JSONMember] = [:]
        skipSpace()
        if bytes.first == UInt8(ascii: "}") {
            bytes.removeFirst()
            skipSpace()
            return bytes.isEmpty ? members : nil
        }
        while true {
            skipSpace()
            guard bytes.popFirst() == UInt8(ascii: "\""), let key = JSONStringArray.readString(&bytes) else { return nil }
            skipSpace()
            guard bytes.popFirst() == UInt8(ascii: ":") else { return nil }
            skipSpace()
            guard let value = readValue(&bytes) else { return nil }
            members[key] = value
            skipSpace()
            switch bytes.popFirst() {
            case UInt8(ascii: ","): continue
            case UInt8(ascii: "}"):
                skipSpace()
                return bytes.isEmpty ? members : nil
            default: return nil
            }
        }
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
            guard isJSONNumber(token), let value = Double(String(decoding: token, as: UTF8.self)) else { return nil }
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
