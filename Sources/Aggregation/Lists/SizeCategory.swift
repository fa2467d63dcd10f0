import Foundation

/// A school's size by its number of students (docs/lists.md).
public enum SizeCategory: String, CaseIterable, Sendable {
    case verySmall = "Very Small"
    case small = "Small"
    case medium = "Medium"
    case large = "Large"
    case veryLarge = "Very Large"

    public init?(students: Int?) {
        guard let students else { return nil }
        switch students {
        case ..<1_000: self = .verySmall
        case 1_000..<5_000: self = .small
        case 5_000..<15_000: self = .medium
        case 15_000..<30_000: self = .large
        default: self = .veryLarge
        }
    }

    public var displayName: String { rawValue }
}
