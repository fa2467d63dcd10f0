/// Shows a value from the data inside a one-line message: quoted, control characters
/// escaped, long values shortened (Exporters' `MessageText` does the escaping for both modules).
package enum Quote {
    /// A path in a message: quoted and escaped like a value, never shortened.
    package static func path(_ path: String) -> String { MessageText.quoted(path) }

    package static func value(_ text: String, limit: Int = 60) -> String { MessageText.quoted(text, limit: limit) }

    /// A URI as a message may show it: without its user information (`user:password@`), which
    /// may hold a password (itself holding `/`, `?` or `#`), and without its query. Text with an
    /// `@` but no `://` shows only what follows the last `@`.
    package static func withoutCredentials(_ uri: String) -> String {
        let scheme = uri.range(of: "://").map { String(uri[..<$0.upperBound]) } ?? ""
        let rest = uri.range(of: "://").map { uri[$0.upperBound...] } ?? Substring(uri)
        guard let at = rest.lastIndex(of: "@") else { return scheme + String(rest.prefix { $0 != "?" && $0 != "#" }) }
        return scheme + String(rest[rest.index(after: at)...].prefix { $0 != "?" && $0 != "#" })
    }
}
