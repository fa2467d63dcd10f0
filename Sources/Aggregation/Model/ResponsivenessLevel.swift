/// A coach's responsiveness band (docs/lists.md): high ≥ 75, medium 50 to < 75, low < 50;
/// a coach with no score counts as 0.
public enum ResponsivenessLevel: String, DomainEnum {
    case high
    case medium
    case low

    public var displayName: String {
        switch self {
        case .high: "High"
        case .medium: "Medium"
        case .low: "Low"
        }
    }

    /// The band of a score; nil counts as 0, so as low.
    public init(score: Double?) {
        let value = score ?? 0
        if value >= 75 {
            self = .high
        } else if value >= 50 {
            self = .medium
        } else {
            self = .low
        }
    }
}
