/// The viewer may not see what was asked (exit 77).
package struct AccessError: Error, Sendable, CustomStringConvertible {
    package let message: String
    package init(_ message: String) { self.message = message }
    package var description: String { message }
}
