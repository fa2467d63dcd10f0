/// Where a recommendation letter stands.
public enum LetterStatus: String, DomainEnum {
    case notRequested = "not_requested"
    case requested, received, submitted

    public var displayName: String {
        switch self {
        case .notRequested: "Not requested"
        case .requested: "Requested"
        case .received: "Received"
        case .submitted: "Submitted"
        }
    }
}
