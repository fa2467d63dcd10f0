/// An output file or folder cannot be created (exit 73).
package struct OutputError: Error, Sendable, CustomStringConvertible {
    package let path: String
    package let reason: String
    package init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }
    /// A failed write to standard output (a full disk, a closed stream).
    package static func standardOutput(_ reason: String) -> OutputError { OutputError(path: "-", reason: reason) }

    package var description: String {
        path == "-" ? "cannot write to standard output: \(reason)" : "cannot write \(Quote.path(path)): \(reason)"
    }
}
