import Core
import Foundation

/// An http(s) URL of a monitor, checked when the job is read: no user or password, no query
/// or fragment (paths are added to it), no white space. Its path may hold a secret (a
/// Healthchecks check's key), so messages show only `host`.
package struct MonitorURL: Sendable, Equatable {
    /// The URL as written, without a trailing `/`.
    package let base: String
    /// The host, the only part a message, summary or manifest names.
    package let host: String

    /// nil when `text` is not such a URL; the reason otherwise comes from `problem(_:)`.
    package init?(_ text: String) {
        guard Self.problem(text) == nil, let host = URLComponents(string: text)?.host else { return nil }
        self.host = host
        var base = text
        while base.hasSuffix("/") { base.removeLast() }
        self.base = base
    }

    /// What is wrong with `text` as a monitor's URL, in words that never repeat its path.
    package static func problem(_ text: String) -> String? {
        guard text.unicodeScalars.allSatisfy({ $0.isASCII && $0.value > 0x20 && $0.value < 0x7F }) else {
            return "it must be an http:// or https:// URL of printable ASCII, without spaces"
        }
        guard let components = URLComponents(string: text), let scheme = components.scheme?.lowercased(),
            scheme == "http" || scheme == "https", let host = components.host, !host.isEmpty
        else { return "it must be an http:// or https:// URL with a host" }
        if components.user != nil || components.password != nil {
            return "it may hold no user or password (host \(Quote.value(host)))"
        }
        if components.query != nil || components.fragment != nil {
            return "it may hold no query or fragment (host \(Quote.value(host)))"
        }
        return nil
    }
}
