import CLibPQ
import Foundation

/// What went wrong, as libpq said it. The message is libpq's or the server's, one line.
package struct PGError: Error, Sendable {
    package enum Kind: Sendable, Equatable {
        /// The connection could not be made (unreachable, refused login, TLS required and missing).
        case connect
        /// A statement failed; the SQLSTATE says why (`42501` permission, `57014` timeout, …).
        case query(sqlState: String?)
        /// The connection broke while in use.
        case connectionLost
    }

    package let kind: Kind
    package let message: String

    package init(kind: Kind, message: String) {
        self.kind = kind
        // One line, without the severity word the server puts first ("ERROR:  …").
        self.message = message.split(whereSeparator: \.isNewline).map { line in
            var text = line.trimmingCharacters(in: .whitespaces)
            for severity in ["ERROR:", "FATAL:", "PANIC:"] where text.hasPrefix(severity) {
                text = text.dropFirst(severity.count).trimmingCharacters(in: .whitespaces)
            }
            return text
        }.filter { !$0.isEmpty }.joined(separator: "; ")
    }

    package var sqlState: String? { if case .query(let state) = kind { state } else { nil } }
}
