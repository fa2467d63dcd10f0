/// A database, I/O or rendering failure that is not the input's fault (exit 1).
package struct RuntimeFailure: Error, Sendable, CustomStringConvertible {
    package let message: String
    package init(_ message: String) { self.message = message }
    package var description: String { message }
}
