/// A failure while writing an output file.
public enum ExportError: Error, Sendable, CustomStringConvertible {
    /// The file could not be opened or written (disk full, folder gone); `-` is standard output.
    case write(path: String, reason: String)
    /// A C library refused a call; `message` is the library's own text.
    case library(name: String, call: String, message: String)

    public var description: String {
        switch self {
        case .write(let path, let reason):
            path == "-" ? "cannot write to standard output: \(reason)" : "cannot write \(MessageText.quoted(path)): \(reason)"
        case .library(let name, let call, let message): "\(name) failed in \(call): \(message)"
        }
    }
}

/// Text from files and data inside a one-line message: quoted, with line breaks, tabs,
/// quotes and other control characters escaped, and shortened past `limit` scalars.
/// The one implementation of it; the other layers' messages use it too.
public enum MessageText {
    public static func quoted(_ text: String, limit: Int = .max) -> String {
        var out = "'"
        var count = 0
        for scalar in text.unicodeScalars {
            if count == limit {
                out += "…"
                break
            }
            switch scalar {
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "'": out += "\\'"
            default:
                if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) {
                    out += "\\u{\(String(scalar.value, radix: 16))}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
            count += 1
        }
        return out + "'"
    }
}
