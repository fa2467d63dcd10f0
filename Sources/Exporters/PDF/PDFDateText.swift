import Foundation

/// A pdf's creation date as cairo's metadata takes it, `YYYY-MM-DDTHH:MM:SSZ` in UTC, counted
/// from the milliseconds since 1970: the text ISO8601DateFormatter wrote, without building one for
/// every pdf (ICU's set-up was 1.7 % of a weekly run; BENCHMARKS.md).
enum PDFDateText {
    static func utc(_ date: Date) -> String {
        // Whole milliseconds first, as ICU counts them, then the second they fall in.
        let seconds = Int(((date.timeIntervalSince1970 * 1_000).rounded() / 1_000).rounded(.down))
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let time = seconds - days * 86_400
        let day = civil(daysSince1970: days)
        var bytes = [UInt8](repeating: 0, count: 20)
        ExportDate.put(day.year, digits: 4, into: &bytes, at: 0)
        ExportDate.put(day.month, digits: 2, into: &bytes, at: 5)
        ExportDate.put(day.day, digits: 2, into: &bytes, at: 8)
        ExportDate.put(time / 3_600, digits: 2, into: &bytes, at: 11)
        ExportDate.put(time / 60 % 60, digits: 2, into: &bytes, at: 14)
        ExportDate.put(time % 60, digits: 2, into: &bytes, at: 17)
        for (offset, byte) in [(4, "-"), (7, "-"), (10, "T"), (13, ":"), (16, ":"), (19, "Z")]
            as [(Int, Unicode.Scalar)]
        {
            bytes[offset] = UInt8(ascii: byte)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The proleptic Gregorian day of a count of days since 1970-01-01 (Hinnant's civil_from_days).
    static func civil(daysSince1970 days: Int) -> (year: Int, month: Int, day: Int) {
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
