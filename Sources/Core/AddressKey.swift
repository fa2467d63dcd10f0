import Foundation

/// The form in which e-mail addresses are compared: an opt-out matches a recipient, and the
/// unsubscribe token is signed, on the address trimmed of spaces and lowercased
/// (docs/delivery.md).
package enum AddressKey {
    package static func normalised(_ email: String) -> String { email.trimmingCharacters(in: .whitespaces).lowercased() }
}
