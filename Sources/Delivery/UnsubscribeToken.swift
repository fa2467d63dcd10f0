import Aggregation
import Core
import Crypto
import Foundation
import ReportGen

/// The app's one-click unsubscribe token (docs/delivery.md): the hex HMAC-SHA256, keyed with
/// the secret, of `unsubscribe:` followed by the address's `comparisonKey`.
package enum UnsubscribeToken {
    package static func hex(secret: String, email: String) -> String {
        let key = SymmetricKey(data: Data(secret.utf8))
        let mac = HMAC<SHA256>.authenticationCode(for: Data(("unsubscribe:" + email.comparisonKey).utf8), using: key)
        return mac.hex
    }

    /// The link: `URL?email=E&token=T`, E URL-encoded.
    package static func link(base: String, secret: String, email: String) -> String {
        let address = email.comparisonKey
        let encoded = address.addingPercentEncoding(withAllowedCharacters: MIMEMessage.unreserved) ?? address
        return base + (base.contains("?") ? "&" : "?") + "email=\(encoded)&token=\(hex(secret: secret, email: address))"
    }
}
