/// The database server cannot be reached, or the connection broke (exit 69).
package struct UnavailableError: Error, Sendable, CustomStringConvertible {
    package let message: String
    package init(_ message: String) { self.message = message }
    package var description: String { message }
}
