import Foundation

extension String {
    /// The text trimmed of spaces and tabs and lower-cased: the one form in which e-mail
    /// addresses are compared (an opt-out matches a recipient, a duplicate is found, an
    /// unsubscribe token is signed; docs/delivery.md) and a calendar entry's sport is matched
    /// to the player's.
    package var comparisonKey: String { trimmingCharacters(in: .whitespaces).lowercased() }
}
