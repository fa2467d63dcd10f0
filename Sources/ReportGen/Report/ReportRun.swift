import Aggregation
import Core

/// The report of one family, resolved: its zone, today, range, figures and warnings.
package struct ReportRun: Sendable {
    package let data: FamilyData
    package let zone: Zone
    package let today: CivilDate
    package let range: DateRange
    package let figures: ReportFigures
    package let generatedAt: Instant
    package let warnings: [String]
    /// What to act on, seen from `today` (docs/report.md §2, "Follow-ups").
    package let followUps: FollowUps
    /// What the range changed, the twelve weeks up to its end, and what is coming (docs/season.md).
    package let changes: SeasonChanges
    package let trend: SeasonTrend
    package let ahead: SeasonAhead
    /// Each stat card's change from the period before in words, as the pdf and the workbook
    /// both show it (docs/report.md, "The cards' change"); computed once for both.
    package let cardChangeLines: [String?]
    /// Rows of the family that could not be read and were left out (a job's `bad_rows: skip`):
    /// the pdf's last page lists them.
    package var leftOutRows: [DataIssue] = []

    /// Resolves the dates and computes the figures.
    /// - Throws: `UsageError` for a custom range whose end is before its start.
    package init(
        data: FamilyData,
        selection: RangeSelection,
        today todayOverride: CivilDate?,
        timezone: Zone?,
        clock: RunClock
    ) throws {
        self.data = data
        zone = Zone.report(for: data, override: timezone)
        today = todayOverride ?? zone.date(of: clock.now)
        range = try selection.range(today: today)
        figures = ReportCalculator.figures(for: data, range: range, zone: zone)
        generatedAt = clock.now
        followUps = FollowUps.compute(data, today: today, zone: zone)
        changes = SeasonChanges.compute(data, range: range, zone: zone)
        trend = SeasonTrend.compute(data, range: range, zone: zone)
        ahead = SeasonAhead.compute(data, today: today, zone: zone)
        cardChangeLines = ReportText.cardChangeLines(
            figures,
            changes: CardChanges.compute(data, figures: figures, zone: zone)
        )
        warnings = range.isLarge ? [DateRange.largeRangeWarning] : []
    }

    /// True when there is nothing to report (docs/report.md §2).
    package var isEmpty: Bool { figures.isEmpty }
}
