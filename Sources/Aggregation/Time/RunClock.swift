import Core
import Foundation

/// The run's one notion of "now" (docs/report.md §1): `--now` if given, else the
/// `SOURCE_DATE_EPOCH` environment variable, else the system time. Nothing else in
/// report-batch reads the time.
package struct RunClock: Sendable {
    package let now: Instant
    /// Where `now` came from, for messages: "--now", "SOURCE_DATE_EPOCH" or "system clock".
    package let source: String

    /// The source of a clock read from the system.
    package static let system = "system clock"

    package init(now: Instant, source: String) {
        self.now = now
        self.source = source
    }

    /// Resolves the clock from the `--now` option and the environment.
    /// - Throws: `UsageError` for a malformed `--now` or `SOURCE_DATE_EPOCH`.
    package static func resolve(
        now option: String?,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws -> RunClock {
        if let option {
            guard case .instant(let instant)? = try? Timestamp.parse(option) else {
                throw UsageError(
                    "--now \(Quote.value(option)) is not a timestamp with an offset (e.g. 2026-11-23T06:00:00Z)"
                )
            }
            guard supportedSeconds.contains(instant.seconds) else {
                throw UsageError(
                    "--now \(Quote.value(option)) is outside the years report-batch supports (\(supportedYears))"
                )
            }
            return RunClock(now: instant, source: "--now")
        }
        if let epoch = environment["SOURCE_DATE_EPOCH"], !epoch.isEmpty {
            guard let seconds = Int64(epoch.trimmingCharacters(in: .whitespaces)) else {
                throw UsageError("SOURCE_DATE_EPOCH \(Quote.value(epoch)) is not a whole number of seconds since 1970")
            }
            guard supportedSeconds.contains(seconds) else {
                throw UsageError(
                    "SOURCE_DATE_EPOCH \(Quote.value(epoch)) is outside the years report-batch supports (\(supportedYears)); "
                        + "it counts seconds since 1970-01-01T00:00:00Z"
                )
            }
            return RunClock(now: Instant(seconds: seconds), source: "SOURCE_DATE_EPOCH")
        }
        let date = Date()
        let seconds = date.timeIntervalSince1970
        return RunClock(now: Instant(seconds: Int64(seconds.rounded(.down)), nanoseconds: 0), source: system)
    }

    /// Parses a `--today` (or `--from`, `--to`) value.
    package static func parseDay(_ text: String, option: String) throws -> CivilDate {
        guard let date = CivilDate(iso: text) else {
            throw UsageError(
                "\(option: option) \(Quote.value(text)) is not a date in the form YYYY-MM-DD" as OptionText
            )
        }
        guard supportedDays.contains(date.daysSinceEpoch) else {
            throw UsageError(
                "\(option: option) \(Quote.value(text)) is outside the years report-batch supports (\(supportedYears))"
                    as OptionText
            )
        }
        return date
    }

    /// The years a clock, a `--today` and a range may fall in: every format can write their
    /// dates (Excel's dates start in 1900; four-digit years end in 9999), and day arithmetic
    /// never overflows. Ranges reach back at most a year from "today", so 1901 leaves room.
    package static let supportedYears = "1901 to 9998"
    static let supportedDays = -25_202...2_932_531  // 1901-01-01 ... 9998-12-31, days since 1970-01-01
    static let supportedSeconds =
        Int64(supportedDays.lowerBound) * 86_400...Int64(supportedDays.upperBound) * 86_400 + 86_399
}
