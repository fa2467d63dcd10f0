/// An enumeration stored in the app's database as a raw string.
///
/// The raw strings of the database live only in the types that adopt this protocol:
/// everything else decodes through `decode(_:)` and shows `displayName`.
public protocol DomainEnum: CaseIterable, Hashable, Sendable, RawRepresentable where RawValue == String, AllCases == [Self] {
    /// The words a person sees: "Offer Received", "Phone Call", "Head Coach".
    var displayName: String { get }
    /// Other raw strings the database may hold for a case (`athlete` for `player`).
    static var aliases: [String: Self] { get }
}

extension DomainEnum {
    public static var aliases: [String: Self] { [:] }

    /// The case for a raw database string, or nil when the string is none of them.
    /// Matching is case-sensitive: `Interested` is not `interested`.
    @inlinable
    public static func decode(_ raw: String) -> Self? {
        Self(rawValue: raw) ?? aliases[raw]
    }

    /// Every raw string accepted on input, in declaration order, aliases last.
    public static var acceptedValues: [String] {
        allCases.map(\.rawValue) + aliases.keys.sorted()
    }
}

/// A colour as the page specifications give it, e.g. `#0066FF`.
public struct RGBColor: Hashable, Sendable, CustomStringConvertible {
    public let red: UInt8
    public let green: UInt8
    public let blue: UInt8

    public init(red: UInt8, green: UInt8, blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// Builds a colour from a 24-bit value written as hex in the source: `RGBColor(0x0066FF)`.
    public init(_ hex: UInt32) {
        self.init(red: UInt8((hex >> 16) & 0xFF), green: UInt8((hex >> 8) & 0xFF), blue: UInt8(hex & 0xFF))
    }

    /// Parses `#RRGGBB` (the `#` is optional); nil for anything else.
    public init?(hexString: String) {
        var text = Substring(hexString)
        if text.hasPrefix("#") { text = text.dropFirst() }
        guard text.count == 6, let value = UInt32(text, radix: 16) else { return nil }
        self.init(value)
    }

    /// `#RRGGBB` in upper case.
    public var hexString: String {
        let digits = Array("0123456789ABCDEF")
        var out = "#"
        for byte in [red, green, blue] {
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 0x0F)])
        }
        return out
    }

    public var description: String { hexString }
}

/// The palette of the page specifications (Tailwind's 500 shades where a seed names a colour).
public enum Palette {
    public static let blue = RGBColor(0x3B82F6)
    public static let green = RGBColor(0x22C55E)
    public static let emerald = RGBColor(0x10B981)
    public static let purple = RGBColor(0xA855F7)
    public static let orange = RGBColor(0xF97316)
    public static let amber = RGBColor(0xF59E0B)
    public static let yellow = RGBColor(0xEAB308)
    public static let red = RGBColor(0xEF4444)
    public static let gray = RGBColor(0x6B7280)
    public static let slate = RGBColor(0x64748B)
    public static let grayBlue = RGBColor(0x5B7083)
    public static let indigo = RGBColor(0x6366F1)
    public static let pink = RGBColor(0xEC4899)
    public static let cyan = RGBColor(0x06B6D4)

    /// The report's stat cards (docs/report.md §3).
    public static let schoolsCard = RGBColor(0x0066FF)
    public static let coachesCard = RGBColor(0x9333EA)
    public static let interactionsCard = RGBColor(0x00CC66)
    public static let metricsCard = RGBColor(0xFF6B00)
    public static let responseRateCard = RGBColor(0x4F46E5)
}
