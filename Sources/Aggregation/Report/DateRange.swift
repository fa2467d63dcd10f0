/// Whole days `[from, to]`, both inclusive, in the report's time zone.
public struct DateRange: Hashable, Sendable {
    public let from: CivilDate
    public let to: CivilDate
    /// The preset it came from; nil for a custom range.
    public let preset: ReportPreset?

    /// A custom range.
    /// - Throws: `DateRangeError.endBeforeStart` when `to` is before `from`.
    public init(from: CivilDate, to: CivilDate) throws(DateRangeError) {
        guard to >= from else { throw .endBeforeStart }
        self.init(uncheckedFrom: from, to: to, preset: nil)
    }

    init(uncheckedFrom from: CivilDate, to: CivilDate, preset: ReportPreset?) {
        self.from = from
        self.to = to
        self.preset = preset
    }

    /// How many days the range covers (1 when `from == to`).
    public var dayCount: Int { from.days(until: to) + 1 }

    /// True when `to` is later than `from` plus 10 calendar years: such a range runs, with a warning.
    public var isLarge: Bool { to > from.inYear(from.year + 10) }

    /// The warning for a large range.
    public static let largeRangeWarning = "Large date range may take longer to generate"

    /// The period before this one, for the "previous period" figures (docs/report.md §2):
    /// for `previous-month` the calendar month before; for `year-to-date` the same days of
    /// the year before (February 29 becomes February 28); otherwise the same number of
    /// days, ending the day before `from`.
    public var previousPeriod: DateRange {
        switch preset {
        case .previousMonth:
            let monthBefore = from.adding(days: -1)
            return DateRange(uncheckedFrom: monthBefore.firstOfMonth, to: monthBefore.lastOfMonth, preset: nil)
        case .yearToDate:
            return DateRange(uncheckedFrom: from.inYear(from.year - 1), to: to.inYear(to.year - 1), preset: nil)
        default:
            let end = from.adding(days: -1)
            return DateRange(uncheckedFrom: end.adding(days: -(dayCount - 1)), to: end, preset: nil)
        }
    }

    /// Whether a day lies in the range.
    public func contains(_ day: CivilDate) -> Bool { from <= day && day <= to }
}
