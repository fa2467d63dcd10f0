/// A failure while writing an output file.
public enum ExportError: Error, Sendable, CustomStringConvertible {
    /// The file could not be opened or written (disk full, folder gone); `-` is standard output.
    case write(path: String, reason: String)
    /// A C library refused a call; `message` is the library's own text.
    case library(name: String, call: String, message: String)

    public var description: String {
        switch self {
        case .write(let path, let reason):
            path == "-"
                ? "cannot write to standard output: \(reason)" : "cannot write \(MessageText.quoted(path)): \(reason)"
        case .library(let name, let call, let message): "\(name) failed in \(call): \(message)"
        }
    }
}
