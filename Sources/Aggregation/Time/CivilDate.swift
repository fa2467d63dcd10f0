/// A calendar day with no time zone: what a report's `from` and `to` are, and what a
/// PostgreSQL `date` column holds.
public struct CivilDate: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let year: Int
    public let month: Int
    public let day: Int

    /// A valid date of the proleptic Gregorian calendar, or nil (Feb 30, month 13).
    public init?(year: Int, month: Int, day: Int) {
        guard (1...12).contains(month), day >= 1, day <= CivilDate.daysIn(month: month, year: year) else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// The date `days` days after 1970-01-01 (negative: before).
    public init(daysSinceEpoch days: Int) {
        // Howard Hinnant's civil_from_days.
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        year = yoe + era * 400 + (m <= 2 ? 1 : 0)
        month = m
        day = d
    }

    /// Parses exactly `YYYY-MM-DD`; nil for anything else, including impossible days.
    public init?(iso text: String) {
        var bytes = Array(text.utf8)[...]
        guard bytes.count == 10, let date = CivilDate.parse(&bytes), bytes.isEmpty else { return nil }
        self = date
    }

    /// Days since 1970-01-01 (Hinnant's days_from_civil).
    public var daysSinceEpoch: Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = month > 2 ? month - 3 : month + 9
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    public func adding(days: Int) -> CivilDate {
        CivilDate(daysSinceEpoch: daysSinceEpoch + days)
    }

    /// Whole days from `self` to `other` (positive when `other` is later).
    public func days(until other: CivilDate) -> Int {
        other.daysSinceEpoch - daysSinceEpoch
    }

    /// ISO weekday: 1 Monday … 7 Sunday.
    public var isoWeekday: Int {
        // 1970-01-01 was a Thursday (4).
        let r = (daysSinceEpoch + 3) % 7
        return (r < 0 ? r + 7 : r) + 1
    }

    /// The same month and day in another year; February 29 becomes February 28.
    public func inYear(_ newYear: Int) -> CivilDate {
        let lastDay = CivilDate.daysIn(month: month, year: newYear)
        return CivilDate(uncheckedYear: newYear, month: month, day: min(day, lastDay))
    }

    /// The first day of this date's month.
    public var firstOfMonth: CivilDate { CivilDate(uncheckedYear: year, month: month, day: 1) }

    /// The last day of this date's month.
    public var lastOfMonth: CivilDate {
        CivilDate(uncheckedYear: year, month: month, day: CivilDate.daysIn(month: month, year: year))
    }

    /// `YYYY-MM-DD`.
    public var description: String {
        func pad(_ value: Int, _ width: Int) -> String {
            let digits = String(abs(value))
            return (value < 0 ? "-" : "") + String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))"
    }

    public static func < (lhs: CivilDate, rhs: CivilDate) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    public static func isLeap(_ year: Int) -> Bool {
        (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
    }

    public static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    init(uncheckedYear year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// Reads `YYYY-MM-DD` from the front of `bytes`, leaving the rest.
    static func parse<Bytes: Collection<UInt8>>(_ bytes: inout Bytes) -> CivilDate? where Bytes.SubSequence == Bytes {
        guard let year = ASCII.digits(&bytes, count: 4), ASCII.take(&bytes, UInt8(ascii: "-")),
            let month = ASCII.digits(&bytes, count: 2), ASCII.take(&bytes, UInt8(ascii: "-")),
            let day = ASCII.digits(&bytes, count: 2)
        else { return nil }
        return CivilDate(year: year, month: month, day: day)
    }
}
