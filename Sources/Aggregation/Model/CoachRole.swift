/// A coach's role at a school.
public enum CoachRole: String, DomainEnum {
    case head
    case assistant
    case recruiting

    public var displayName: String {
        switch self {
        case .head: "Head Coach"
        case .assistant: "Assistant Coach"
        case .recruiting: "Recruiting Coordinator"
        }
    }
}
