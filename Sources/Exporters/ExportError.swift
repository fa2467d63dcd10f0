/// A failure while writing an output file.
public enum ExportError: Error, Sendable, CustomStringConvertible {
    /// The file could not be opened or written (disk full, folder gone); `-` is standard output.
    case write(path: String, reason: String)
    /// A C library refused a call; `message` is the library's own text.
    case library(name: String, call: String, message: String)

    public var description: String {
        switch self {
        case .write(let path, let reason):
            path == "-" ? "cannot write to standard output: \(reason)" : "cannot write \(ExportError.quoted(path)): \(reason)"
        case .library(let name, let call, let message): "\(name) failed in \(call): \(message)"
        }
    }

    /// A path quoted for a one-line message: control characters escaped.
    static func quoted(_ path: String) -> String {
        var out = "'"
        for scalar in path.unicodeScalars {
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
        }
        return out + "'"
    }
}
