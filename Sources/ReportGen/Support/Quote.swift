import Exporters

/// Shows a value from the data inside a one-line message: quoted, control characters
/// escaped, long values shortened (Exporters' `MessageText` does the escaping for both modules).
package enum Quote {
    /// A path in a message: quoted and escaped like a value, never shortened.
    package static func path(_ path: String) -> String { MessageText.quoted(path) }

    package static func value(_ text: String, limit: Int = 60) -> String { MessageText.quoted(text, limit: limit) }

    /// A URI as a message may show it: without its user information (`user:password@`), which
    /// may hold a password, and without its query, which may hold one too.
    package static func withoutCredentials(_ uri: String) -> String {
        guard let scheme = uri.range(of: "://") else { return uri }
        let rest = uri[scheme.upperBound...]
        let authority = rest.prefix { $0 != "/" && $0 != "?" }
        guard let at = authority.lastIndex(of: "@") else { return String(uri.prefix { $0 != "?" }) }
        return String(uri[..<scheme.upperBound]) + String(rest[rest.index(after: at)...].prefix { $0 != "?" })
    }
}
