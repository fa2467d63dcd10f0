import Exporters

/// Shows a value from the data inside a one-line message: quoted, control characters
/// escaped, long values shortened (Exporters' `MessageText` does the escaping for both modules).
package enum Quote {
    /// A path in a message: quoted and escaped like a value, never shortened.
    package static func path(_ path: String) -> String { MessageText.quoted(path) }

    package static func value(_ text: String, limit: Int = 60) -> String { MessageText.quoted(text, limit: limit) }
}
