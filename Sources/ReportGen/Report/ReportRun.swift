import Aggregation

/// The report of one family, resolved: its zone, today, range, figures and warnings.
public struct ReportRun: Sendable {
    public let data: FamilyData
    public let zone: Zone
    public let today: CivilDate
    public let range: DateRange
    public let figures: ReportFigures
    public let generatedAt: Instant
    public let warnings: [String]

    /// Resolves the dates and computes the figures.
    /// - Throws: `UsageError` for a custom range whose end is before its start.
    public init(data: FamilyData, selection: RangeSelection, today todayOverride: CivilDate?, timezone: Zone?, clock: Clock) throws {
        self.data = data
        zone = Zone.report(for: data, override: timezone)
        today = todayOverride ?? zone.date(of: clock.now)
        range = try selection.range(today: today)
        figures = ReportCalculator.figures(for: data, range: range, zone: zone)
        generatedAt = clock.now
        warnings = range.isLarge ? [DateRange.largeRangeWarning] : []
    }

    /// True when there is nothing to report (docs/report.md §2).
    public var isEmpty: Bool { figures.isEmpty }
}
