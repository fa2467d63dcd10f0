/// Each stat card's figure for the period before the range (docs/report.md, "Previous
/// period"), so that a card can say how it changed:
/// - Schools and Coaches (everything on the list): how many were on it when the range began,
///   those created before `from` (a null created_at counts as always there);
/// - Interactions: the previous period's total; Metrics: its metric rows;
/// - Response Rate: the previous period's rate (null when no coach was contacted in it).
/// `isFirstReport` is true when the family was created after the previous period, or when
/// nothing of the family is dated before `from` (no school or coach created, no interaction or
/// metric): there is nothing to compare with.
public struct CardChanges: Sendable, Equatable {
    /// The previous period.
    public let range: DateRange
    public var schools = 0
    public var coaches = 0
    public var interactions = 0
    public var metrics = 0
    public var responseRate: Double?
    public var isFirstReport = true

    public static func compute(_ data: FamilyData, figures: ReportFigures, zone: Zone) -> CardChanges {
        let window = DayWindow(range: figures.range, zone: zone)
        let previous = DayWindow(range: figures.previous.range, zone: zone)
        func before(_ timestamp: Timestamp) -> Bool { zone.instant(of: timestamp) < window.start }
        var changes = CardChanges(range: figures.previous.range)
        changes.schools = data.schools.count { $0.createdAt.map(before) ?? true }
        changes.coaches = data.coaches.count { $0.createdAt.map(before) ?? true }
        changes.interactions = figures.previous.interactionsTotal
        changes.metrics = data.metrics.count { previous.contains($0.date) }
        changes.responseRate = figures.previous.responseRate
        let createdSince = data.family.createdAt.map { !before($0) } ?? false
        changes.isFirstReport =
            createdSince
            || !(data.schools.contains { $0.createdAt.map(before) ?? false }
                || data.coaches.contains { $0.createdAt.map(before) ?? false }
                || data.interactions.contains { before($0.date) }
                || data.metrics.contains { before($0.date) })
        return changes
    }
}
