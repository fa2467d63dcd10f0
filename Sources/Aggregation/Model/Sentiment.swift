/// How an interaction felt. A null sentiment counts as neutral in reports.
public enum Sentiment: String, DomainEnum {
    case veryPositive = "very_positive"
    case positive
    case neutral
    case negative

    public var displayName: String {
        switch self {
        case .veryPositive: "Very Positive"
        case .positive: "Positive"
        case .neutral: "Neutral"
        case .negative: "Negative"
        }
    }
}
