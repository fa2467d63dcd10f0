import Foundation

/// A calendar day, as the exporters show it.
public struct ExportDate: Hashable, Sendable {
    public let year: Int
    public let month: Int
    public let day: Int

    public init(year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// `YYYY-MM-DD`.
    public var iso: String { String(decoding: isoBytes, as: UTF8.self) }

    /// The ASCII bytes of `iso`, built without intermediate strings (csv writes millions).
    var isoBytes: [UInt8] {
        guard (0...9999).contains(year), (0...99).contains(month), (0...99).contains(day) else {
            return Array(
                "\(NumberText.padded(year, 4))-\(NumberText.padded(month, 2))-\(NumberText.padded(day, 2))".utf8
            )
        }
        var bytes = [UInt8](repeating: 0x2D, count: 10)
        ExportDate.put(year, digits: 4, into: &bytes, at: 0)
        ExportDate.put(month, digits: 2, into: &bytes, at: 5)
        ExportDate.put(day, digits: 2, into: &bytes, at: 8)
        return bytes
    }

    /// Writes `value` as `digits` zero-padded ASCII digits at `offset`.
    static func put(_ value: Int, digits: Int, into bytes: inout [UInt8], at offset: Int) {
        var rest = value
        for position in stride(from: offset + digits - 1, through: offset, by: -1) {
            bytes[position] = UInt8(ascii: "0") + UInt8(rest % 10)
            rest /= 10
        }
    }
}

/// A wall-clock time in the report's zone, as the exporters show it.
public struct ExportDateTime: Hashable, Sendable {
    public let date: ExportDate
    public let hour: Int
    public let minute: Int
    public let second: Int

    public init(date: ExportDate, hour: Int, minute: Int, second: Int = 0) {
        self.date = date
        self.hour = hour
        self.minute = minute
        self.second = second
    }

    /// `YYYY-MM-DD HH:MM`, the csv form of a date-time.
    public var csv: String { String(decoding: csvBytes, as: UTF8.self) }

    var csvBytes: [UInt8] {
        guard (0...99).contains(hour), (0...99).contains(minute) else {
            return Array("\(date.iso) \(NumberText.padded(hour, 2)):\(NumberText.padded(minute, 2))".utf8)
        }
        var bytes = date.isoBytes
        bytes.append(contentsOf: [0x20, 0, 0, 0x3A, 0, 0])
        ExportDate.put(hour, digits: 2, into: &bytes, at: bytes.count - 5)
        ExportDate.put(minute, digits: 2, into: &bytes, at: bytes.count - 2)
        return bytes
    }
}

/// One typed cell of a table. Every format renders each kind in its own way: a date is
/// text in csv, a real date in xlsx, "Feb 3, 2026" in pdf.
public enum Cell: Hashable, Sendable {
    case text(String)
    case integer(Int)
    case number(Double)
    /// A percentage 0–100.
    case percent(Double)
    /// A difference of two percentages, in percentage points (`+1.5 pts`).
    case points(Double)
    case date(ExportDate)
    case dateTime(ExportDateTime)
    case bool(Bool)
    /// Text that points somewhere: `mailto:`, `tel:`, `https:`.
    case link(text: String, url: String)
    case empty

    /// A text cell, or an empty cell for nil.
    public static func text(_ value: String?) -> Cell { value.map { .text($0) } ?? .empty }
    /// A number cell, or an empty cell for nil.
    public static func number(_ value: Double?) -> Cell { value.map { .number($0) } ?? .empty }
    /// A percentage cell, or an empty cell for nil.
    public static func percent(_ value: Double?) -> Cell { value.map { .percent($0) } ?? .empty }
    /// A whole-number cell, or an empty cell for nil.
    public static func integer(_ value: Int?) -> Cell { value.map { .integer($0) } ?? .empty }
}

/// Number and digit formatting that never depends on the locale.
public enum NumberText {
    /// The most decimals a percentage is shown with.
    public static let maximumPercentPlaces = 6

    /// The decimals a percentage is shown with: one, or more when one would round it up to a
    /// whole number it is below (49.99 would read "50.0", across a level boundary at 50, while
    /// its level says under 50). At most `maximumPercentPlaces`.
    public static func percentPlaces(_ value: Double) -> Int {
        guard value.isFinite else { return 1 }
        var places = 1
        while places < maximumPercentPlaces {
            let scale = pow(10, Double(places))
            let shown = (abs(value) * scale).rounded(.toNearestOrAwayFromZero) / scale
            if shown.rounded(.down) == abs(value).rounded(.down) { break }
            places += 1
        }
        return places
    }

    /// The shortest text that reads back as the same double: `12`, `33.333333333333336`, `0.1`.
    public static func shortest(_ value: Double) -> String {
        if value == 0 { return "0" }
        if value.rounded() == value, abs(value) < 1e15 { return String(Int64(value)) }
        return value.description
    }

    /// A non-negative number with leading zeros to `width` digits.
    public static func padded(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }
}

/// The text rules every format shares (docs/outputs.md): control characters other than tab, CR
/// and LF are removed from cell text; nothing else changes.
public enum CellText {
    public static func clean(_ text: String) -> String {
        // Only a byte below 0x20, DEL, or 0xC2 (the lead byte of U+0080–U+00BF) can start a removed character.
        guard text.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F || $0 == 0xC2 }),
            text.unicodeScalars.contains(where: isRemoved)
        else { return text }
        var scalars = String.UnicodeScalarView()
        scalars.append(contentsOf: text.unicodeScalars.filter { !isRemoved($0) })
        return String(scalars)
    }

    static func isRemoved(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x0A, 0x0D: false
        case 0x00...0x1F, 0x7F...0x9F: true
        default: false
        }
    }
}
