/// How well a school fits the athlete academically.
public enum FitTier: String, DomainEnum {
    case reach
    case match
    case safety
    case unlikely

    public var displayName: String {
        switch self {
        case .reach: "Reach"
        case .match: "Match"
        case .safety: "Safety"
        case .unlikely: "Unlikely"
        }
    }
}
