/// Who reached out: the family (outbound) or the coach (inbound).
public enum Direction: String, DomainEnum {
    case outbound
    case inbound

    public var displayName: String {
        switch self {
        case .outbound: "Outbound"
        case .inbound: "Inbound"
        }
    }
}
