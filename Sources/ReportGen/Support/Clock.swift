import Aggregation
import Foundation

/// The run's one notion of "now" (report.md §1): `--now` if given, else the
/// `SOURCE_DATE_EPOCH` environment variable, else the system time. Nothing else in
/// report-batch reads the time.
public struct Clock: Sendable {
    public let now: Instant
    /// Where `now` came from, for messages: "--now", "SOURCE_DATE_EPOCH" or "system clock".
    public let source: String

    public init(now: Instant, source: String) {
        self.now = now
        self.source = source
    }

    /// Resolves the clock from the `--now` option and the environment.
    /// - Throws: `UsageError` for a malformed `--now` or `SOURCE_DATE_EPOCH`.
    public static func resolve(now option: String?, environment: [String: String] = ProcessInfo.processInfo.environment) throws -> Clock {
        if let option {
            guard case .instant(let instant)? = try? Timestamp.parse(option) else {
                throw UsageError("--now \(Quote.value(option)) is not a timestamp with an offset (e.g. 2026-11-23T06:00:00Z)")
            }
            return Clock(now: instant, source: "--now")
        }
        if let epoch = environment["SOURCE_DATE_EPOCH"], !epoch.isEmpty {
            guard let seconds = Int64(epoch.trimmingCharacters(in: .whitespaces)) else {
                throw UsageError("SOURCE_DATE_EPOCH \(Quote.value(epoch)) is not a whole number of seconds since 1970")
            }
            return Clock(now: Instant(seconds: seconds), source: "SOURCE_DATE_EPOCH")
        }
        let date = Date()
        let seconds = date.timeIntervalSince1970
        return Clock(now: Instant(seconds: Int64(seconds.rounded(.down)), nanoseconds: 0), source: "system clock")
    }

    /// Parses a `--today` value.
    public static func parseDay(_ text: String, option: String) throws -> CivilDate {
        guard let date = CivilDate(iso: text) else {
            throw UsageError("\(option) \(Quote.value(text)) is not a date in the form YYYY-MM-DD")
        }
        return date
    }
}
