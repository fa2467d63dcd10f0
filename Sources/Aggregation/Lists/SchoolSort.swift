import Foundation

/// The sorts of the schools list (docs/lists.md).
public enum SchoolSort: String, CaseIterable, Sendable {
    case name
    case fitScore = "fit-score"
    case distance
    case lastContact = "last-contact"
}
