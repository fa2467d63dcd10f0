import Foundation

/// A wall-clock time in some zone.
public struct LocalDateTime: Hashable, Sendable {
    public let date: CivilDate
    public let hour: Int
    public let minute: Int
    public let second: Int

    /// `YYYY-MM-DD HH:MM`, the csv form of a date-time (docs/outputs.md).
    public var minutePrecision: String {
        "\(date) \(Instant.two(hour)):\(Instant.two(minute))"
    }
}
