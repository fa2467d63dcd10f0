import Foundation

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
