/// A JSON value whose objects keep their keys in the order given, so that a document's
/// shape is stable from run to run.
public indirect enum JSONValue: Hashable, Sendable {
    case null
    case bool(Bool)
    case integer(Int)
    /// A finite number; a non-finite one is written as null.
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([(String, JSONValue)])

    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool { lhs.serialized() == rhs.serialized() }
    public func hash(into hasher: inout Hasher) { hasher.combine(serialized()) }

    public static func string(_ value: String?) -> JSONValue { value.map { .string($0) } ?? .null }
    public static func number(_ value: Double?) -> JSONValue { value.map { .number($0) } ?? .null }

    /// Pretty-printed JSON with two-space indentation and a final newline.
    public func serialized() -> String {
        var out = ""
        write(into: &out, indent: 0)
        out.append("\n")
        return out
    }

    /// The value as it reads nested `indent` levels deep in a pretty-printed document, with no
    /// final newline: for a document written a piece at a time.
    public func serialized(indent: Int) -> String {
        var out = ""
        write(into: &out, indent: indent)
        return out
    }

    private func write(into out: inout String, indent: Int) {
        switch self {
        case .null: out.append("null")
        case .bool(let value): out.append(value ? "true" : "false")
        case .integer(let value): out.append(String(value))
        case .number(let value): out.append(value.isFinite ? NumberText.shortest(value) : "null")
        case .string(let value): JSONValue.writeString(value, into: &out)
        case .array(let items):
            guard !items.isEmpty else {
                out.append("[]")
                return
            }
            out.append("[\n")
            for (index, item) in items.enumerated() {
                out.append(String(repeating: "  ", count: indent + 1))
                item.write(into: &out, indent: indent + 1)
                out.append(index == items.count - 1 ? "\n" : ",\n")
            }
            out.append(String(repeating: "  ", count: indent) + "]")
        case .object(let members):
            guard !members.isEmpty else {
                out.append("{}")
                return
            }
            out.append("{\n")
            for (index, (key, value)) in members.enumerated() {
                out.append(String(repeating: "  ", count: indent + 1))
                JSONValue.writeString(key, into: &out)
                out.append(": ")
                value.write(into: &out, indent: indent + 1)
                out.append(index == members.count - 1 ? "\n" : ",\n")
            }
            out.append(String(repeating: "  ", count: indent) + "}")
        }
    }

    private static func writeString(_ value: String, into out: inout String) {
        out.append("\"")
        // Most strings need no escape: appended whole. A byte 0xE2 may start U+2028 or U+2029.
        if !value.utf8.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C || $0 == 0xE2 }) {
            out.append(value)
            out.append("\"")
            return
        }
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": out.append("\\\"")
            case "\\": out.append("\\\\")
            case "\n": out.append("\\n")
            case "\r": out.append("\\r")
            case "\t": out.append("\\t")
            default:
                if scalar.value < 0x20 || scalar.value == 0x2028 || scalar.value == 0x2029 {
                    let hex = String(scalar.value, radix: 16)
                    out.append("\\u" + String(repeating: "0", count: 4 - hex.count) + hex)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        out.append("\"")
    }
}
