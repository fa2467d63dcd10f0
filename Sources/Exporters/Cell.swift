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
    public var iso: String { "\(NumberText.padded(year, 4))-\(NumberText.padded(month, 2))-\(NumberText.padded(day, 2))" }
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
    public var csv: String { "\(date.iso) \(NumberText.padded(hour, 2)):\(NumberText.padded(minute, 2))" }
}

/// One typed cell of a table. Every format renders each kind in its own way: a date is
/// text in csv, a real date in xlsx, "Feb 3, 2026" in pdf.
public enum Cell: Hashable, Sendable {
    case text(String)
    case integer(Int)
    case number(Double)
    /// A percentage 0–100.
    case percent(Double)
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

/// The text rules every format shares (outputs.md): control characters other than tab, CR
/// and LF are removed from cell text; nothing else changes.
public enum CellText {
    public static func clean(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isRemoved) else { return text }
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
