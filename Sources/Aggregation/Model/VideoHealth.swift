/// Whether a highlight video's link still plays, as the app last checked.
public enum VideoHealth: String, DomainEnum {
    case healthy, broken, unknown

    public var displayName: String {
        switch self {
        case .healthy: "Healthy"
        case .broken: "Broken"
        case .unknown: "Not checked"
        }
    }
}
