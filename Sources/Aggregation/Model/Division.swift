/// A school's athletic division. A null division is reported as "Unknown".
public enum Division: String, DomainEnum {
    case d1 = "D1"
    case d2 = "D2"
    case d3 = "D3"
    case naia = "NAIA"
    case juco = "JUCO"

    public var displayName: String { rawValue }

    /// The label used for a school whose division is null.
    public static let unknownLabel = "Unknown"
}
