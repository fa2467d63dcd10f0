/// The family's own ranking of a school: A top choice, B strong interest, C fallback.
public enum PriorityTier: String, DomainEnum {
    case a = "A"
    case b = "B"
    case c = "C"

    /// Lists show the letter itself (docs/lists.md).
    public var displayName: String { rawValue }

    /// The longer wording of the schools page, for help texts.
    public var meaning: String {
        switch self {
        case .a: "Top Choice"
        case .b: "Strong Interest"
        case .c: "Fallback"
        }
    }
}
