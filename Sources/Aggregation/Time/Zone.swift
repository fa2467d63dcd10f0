import Foundation

/// A time zone of the report, with the conversions the report needs between instants
/// and the calendar days of that zone. Only the zone's offsets are consulted; nothing
/// here reads the clock.
public struct Zone: Hashable, Sendable, CustomStringConvertible {
    public let timeZone: TimeZone
    /// The name as given (Foundation on Linux reports `UTC` as `GMT`; outputs show what the user named).
    public let identifier: String

    /// The zone of an IANA name such as `America/New_York`, or nil when the name is unknown.
    /// `GMT+5`, `UTC-03` and the like are refused: they are not IANA names, and Foundation
    /// reads them with the sign opposite to IANA's `Etc/GMT+5` (which is five hours *behind*
    /// UTC), so either reading would surprise someone. `Etc/GMT+5` itself is accepted.
    public init?(identifier: String) {
        guard !identifier.isEmpty, !Zone.isOffsetName(identifier), let zone = TimeZone(identifier: identifier) else {
            return nil
        }
        timeZone = zone
        self.identifier = identifier
    }

    /// `GMT+5`, `UTC-03:00`, `gmt+5`: a UTC or GMT prefix followed by a sign.
    static func isOffsetName(_ name: String) -> Bool {
        let upper = name.uppercased()
        for prefix in ["GMT", "UTC"] where upper.hasPrefix(prefix) {
            let rest = upper.dropFirst(prefix.count)
            if rest.first == "+" || rest.first == "-" { return true }
        }
        return false
    }

    public static let utc = Zone(timeZone: TimeZone(secondsFromGMT: 0) ?? TimeZone.current, identifier: "UTC")

    init(timeZone: TimeZone, identifier: String) {
        self.timeZone = timeZone
        self.identifier = identifier
    }
    public var description: String { identifier }

    /// Seconds to add to UTC to get the local wall-clock time at `instant`.
    public func offset(at instant: Instant) -> Int {
        timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(instant.seconds)))
    }

    /// The local wall-clock time of an instant.
    public func localTime(of instant: Instant) -> LocalDateTime {
        let local = instant.seconds + Int64(offset(at: instant))
        let days = Int(local >= 0 ? local / 86_400 : (local - 86_399) / 86_400)
        let secondOfDay = Int(local - Int64(days) * 86_400)
        return LocalDateTime(
            date: CivilDate(daysSinceEpoch: days),
            hour: secondOfDay / 3600,
            minute: secondOfDay / 60 % 60,
            second: secondOfDay % 60
        )
    }

    /// The calendar day of an instant in this zone.
    public func date(of instant: Instant) -> CivilDate {
        localTime(of: instant).date
    }

    /// The calendar day a timestamp falls on in this zone: a bare day is itself.
    public func date(of timestamp: Timestamp) -> CivilDate {
        switch timestamp {
        case .instant(let instant): date(of: instant)
        case .day(let day): day
        }
    }

    /// The first instant of a day in this zone: its 00:00, or the first moment after a
    /// daylight-saving gap where midnight does not exist.
    public func startOfDay(_ date: CivilDate) -> Instant {
        let localMidnight = Int64(date.daysSinceEpoch) * 86_400
        var guess = localMidnight - Int64(offset(at: Instant(seconds: localMidnight)))
        guess = localMidnight - Int64(offset(at: Instant(seconds: guess)))
        let seen = localTime(of: Instant(seconds: guess))
        let before = localTime(of: Instant(seconds: guess - 1))
        if seen.date == date, seen.hour == 0, seen.minute == 0, seen.second == 0, before.date < date {
            return Instant(seconds: guess)
        }
        // A transition near midnight: let the calendar find the day's first moment.
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let noon = Date(
            timeIntervalSince1970: Double(
                localMidnight + 43_200 - Int64(offset(at: Instant(seconds: localMidnight + 43_200)))
            )
        )
        return Instant(seconds: Int64(calendar.startOfDay(for: noon).timeIntervalSince1970.rounded(.down)))
    }

    /// The instant a timestamp stands for: a bare day is that day's start in this zone.
    public func instant(of timestamp: Timestamp) -> Instant {
        switch timestamp {
        case .instant(let instant): instant
        case .day(let day): startOfDay(day)
        }
    }
}
