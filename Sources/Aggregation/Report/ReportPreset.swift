/// The named date ranges of the report (docs/report.md §1), each ending today unless it says otherwise.
public enum ReportPreset: String, CaseIterable, Sendable {
    case last7Days = "last-7-days"
    case last30Days = "last-30-days"
    case last90Days = "last-90-days"
    case last6Months = "last-6-months"
    case yearToDate = "year-to-date"
    case lastYear = "last-year"
    /// Monday to Sunday of last week: what a Monday cron job wants.
    case previousWeek = "previous-week"
    /// The first to the last day of last month.
    case previousMonth = "previous-month"

    /// The preset when none is given.
    public static let standard = ReportPreset.last30Days

    /// The range of this preset for a given today.
    public func range(today: CivilDate) -> DateRange {
        func trailing(_ days: Int) -> DateRange {
            DateRange(uncheckedFrom: today.adding(days: -(days - 1)), to: today, preset: self)
        }
        switch self {
        case .last7Days: return trailing(7)
        case .last30Days: return trailing(30)
        case .last90Days: return trailing(90)
        case .last6Months: return trailing(180)
        case .lastYear: return trailing(365)
        case .yearToDate:
            return DateRange(
                uncheckedFrom: CivilDate(uncheckedYear: today.year, month: 1, day: 1),
                to: today,
                preset: self
            )
        case .previousWeek:
            let thisMonday = today.adding(days: -(today.isoWeekday - 1))
            return DateRange(uncheckedFrom: thisMonday.adding(days: -7), to: thisMonday.adding(days: -1), preset: self)
        case .previousMonth:
            let lastMonth = today.firstOfMonth.adding(days: -1)
            return DateRange(uncheckedFrom: lastMonth.firstOfMonth, to: lastMonth, preset: self)
        }
    }

    /// The accepted names, for usage messages.
    public static var names: String { allCases.map(\.rawValue).joined(separator: ", ") }
}
