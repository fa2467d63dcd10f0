/// What the stat cards without a previous figure of their own are compared with (docs/report.md,
/// "The cards' change"): the schools and coaches that were on the family's list at the end of
/// the previous period (created before the range's first day; created_at null counts as
/// always there), and the metric rows dated in the previous period. Interactions and the
/// response rate have theirs in `ReportFigures.PreviousPeriod`.
public struct CardBaseline: Sendable, Equatable {
    public let schools: Int
    public let coaches: Int
    public let metrics: Int

    /// Nil for a first report: the family was created after the previous period ended, so
    /// there is nothing to compare with.
    public static func compute(_ data: FamilyData, range: DateRange, zone: Zone) -> CardBaseline? {
        let previous = DayWindow(range: range.previousPeriod, zone: zone)
        if let created = data.family.createdAt, zone.instant(of: created) >= previous.end { return nil }
        let start = zone.startOfDay(range.from)
        func existed(_ created: Timestamp?) -> Bool { created.map { zone.instant(of: $0) < start } ?? true }
        return CardBaseline(schools: data.schools.count { existed($0.createdAt) },
                            coaches: data.coaches.count { existed($0.createdAt) },
                            metrics: data.metrics.count { previous.contains($0.date) })
    }
}
