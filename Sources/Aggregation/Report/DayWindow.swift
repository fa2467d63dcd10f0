/// A date range pinned to a zone: the instants where its first day starts and the day
/// after its last day starts, so that membership is two comparisons, never a string compare.
public struct DayWindow: Sendable {
    public let range: DateRange
    public let zone: Zone
    public let start: Instant
    public let end: Instant

    public init(range: DateRange, zone: Zone) {
        self.range = range
        self.zone = zone
        start = zone.startOfDay(range.from)
        end = zone.startOfDay(range.to.adding(days: 1))
    }

    /// Whether a timestamp falls on a day of the range in the zone: an instant by its
    /// instant, a bare calendar day by its day.
    public func contains(_ timestamp: Timestamp) -> Bool {
        switch timestamp {
        case .instant(let instant): start <= instant && instant < end
        case .day(let day): range.contains(day)
        }
    }
}
