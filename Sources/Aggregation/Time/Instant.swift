/// A point in time, as seconds and nanoseconds since 1970-01-01T00:00:00Z.
public struct Instant: Hashable, Comparable, Sendable {
    public let seconds: Int64
    public let nanoseconds: Int32

    public init(seconds: Int64, nanoseconds: Int32 = 0) {
        self.seconds = seconds
        self.nanoseconds = nanoseconds
    }

    /// The instant of a UTC wall-clock time.
    public init(utcDate date: CivilDate, hour: Int = 0, minute: Int = 0, second: Int = 0, nanoseconds: Int32 = 0) {
        let days = Int64(date.daysSinceEpoch)
        self.init(seconds: days * 86_400 + Int64(hour * 3600 + minute * 60 + second), nanoseconds: nanoseconds)
    }

    public static func < (lhs: Instant, rhs: Instant) -> Bool {
        (lhs.seconds, lhs.nanoseconds) < (rhs.seconds, rhs.nanoseconds)
    }

    /// Seconds since the epoch as a floating-point number (for Foundation and spreadsheets).
    public var timeIntervalSince1970: Double {
        Double(seconds) + Double(nanoseconds) / 1_000_000_000
    }

    /// `YYYY-MM-DDTHH:MM:SSZ` (with `.fffffffff` trimmed of trailing zeros when there is a fraction).
    public var iso8601: String {
        let days = Int(seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400)
        let secondOfDay = Int(seconds - Int64(days) * 86_400)
        let date = CivilDate(daysSinceEpoch: days)
        var text =
            "\(date)T\(Self.two(secondOfDay / 3600)):\(Self.two(secondOfDay / 60 % 60)):\(Self.two(secondOfDay % 60))"
        if nanoseconds != 0 {
            var fraction = String(nanoseconds)
            fraction = String(repeating: "0", count: 9 - fraction.count) + fraction
            while fraction.hasSuffix("0") { fraction.removeLast() }
            text += "." + fraction
        }
        return text + "Z"
    }

    /// A number 0–99 as two digits.
    public static func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
}
