/// A timestamp as the app stores it: an instant (a date-time with an offset), or a bare
/// calendar day (PostgreSQL `date` columns), which means that day in the report's zone.
public enum Timestamp: Hashable, Sendable {
    case instant(Instant)
    case day(CivilDate)

    /// Parses every form of docs/data-model.md: a date and a time joined by `T` or a space,
    /// seconds optional, a fraction of 1 to 9 digits, and an offset `Z`, `±HH`, `±HHMM`
    /// or `±HH:MM`; or a bare `YYYY-MM-DD`. Throws `TimestampError` for anything else,
    /// including a date-time without an offset.
    ///
    /// Hand-written on purpose: it reads every date of every row where SQLite holds it, with no
    /// String or formatter (BENCHMARKS.md); `scripts/fuzz.sh` timestamp checks it against an
    /// independent reading of the grammar.
    public static func parse(_ text: String) throws(TimestampError) -> Timestamp {
        if let parsed = text.utf8.withContiguousStorageIfAvailable({ parse(utf8: $0) }) { return try parsed.get() }
        return try parse(Array(text.utf8)[...], text: { text })
    }

    /// Parses UTF-8 text where it lies (a column of SQLite's current row), without making
    /// a String of it unless it is bad.
    public static func parse(utf8 bytes: UnsafeBufferPointer<UInt8>) -> Result<Timestamp, TimestampError> {
        Result { () throws(TimestampError) in try parse(bytes[...], text: { String(decoding: bytes, as: UTF8.self) }) }
    }

    private static func parse<Bytes: Collection<UInt8>>(
        _ bytes: Bytes,
        text: () -> String
    ) throws(TimestampError) -> Timestamp
    where Bytes.SubSequence == Bytes {
        var bytes = bytes
        guard let date = CivilDate.parse(&bytes) else { throw .malformed(text()) }
        if bytes.isEmpty { return .day(date) }

        guard let separator = bytes.first, separator == UInt8(ascii: "T") || separator == UInt8(ascii: " ") else {
            throw .malformed(text())
        }
        bytes.removeFirst()
        guard let hour = ASCII.digits(&bytes, count: 2), ASCII.take(&bytes, UInt8(ascii: ":")),
            let minute = ASCII.digits(&bytes, count: 2)
        else { throw .malformed(text()) }
        var second = 0
        var nanoseconds: Int32 = 0
        if ASCII.take(&bytes, UInt8(ascii: ":")) {
            guard let value = ASCII.digits(&bytes, count: 2) else { throw .malformed(text()) }
            second = value
            if ASCII.take(&bytes, UInt8(ascii: ".")) {
                var digits = 0
                var fraction: Int32 = 0
                while let byte = bytes.first, byte >= 0x30, byte <= 0x39 {
                    guard digits < 9 else { throw .malformed(text()) }
                    fraction = fraction * 10 + Int32(byte - 0x30)
                    digits += 1
                    bytes.removeFirst()
                }
                guard digits > 0 else { throw .malformed(text()) }
                for _ in digits..<9 { fraction *= 10 }
                nanoseconds = fraction
            }
        }
        guard hour < 24, minute < 60, second < 60 else { throw .malformed(text()) }

        guard let sign = bytes.first else { throw .missingOffset(text()) }
        let offsetSeconds: Int
        if sign == UInt8(ascii: "Z") {
            bytes.removeFirst()
            offsetSeconds = 0
        } else if sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") {
            bytes.removeFirst()
            guard let offsetHours = ASCII.digits(&bytes, count: 2) else { throw .malformed(text()) }
            var offsetMinutes = 0
            if !bytes.isEmpty {
                _ = ASCII.take(&bytes, UInt8(ascii: ":"))
                guard let value = ASCII.digits(&bytes, count: 2) else { throw .malformed(text()) }
                offsetMinutes = value
            }
            guard offsetHours <= 18, offsetMinutes < 60 else { throw .malformed(text()) }
            let magnitude = offsetHours * 3600 + offsetMinutes * 60
            offsetSeconds = sign == UInt8(ascii: "-") ? -magnitude : magnitude
        } else {
            throw .malformed(text())
        }
        guard bytes.isEmpty else { throw .malformed(text()) }

        let local = Instant(utcDate: date, hour: hour, minute: minute, second: second, nanoseconds: nanoseconds)
        return .instant(Instant(seconds: local.seconds - Int64(offsetSeconds), nanoseconds: nanoseconds))
    }
}
