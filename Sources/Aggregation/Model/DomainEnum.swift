/// An enumeration stored in the app's database as a raw string.
///
/// The raw strings of the database live only in the types that adopt this protocol:
/// everything else decodes through `decode(_:)` and shows `displayName`.
public protocol DomainEnum: CaseIterable, Hashable, Sendable, RawRepresentable
where RawValue == String, AllCases == [Self] {
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
