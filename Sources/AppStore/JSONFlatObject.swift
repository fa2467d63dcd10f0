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
