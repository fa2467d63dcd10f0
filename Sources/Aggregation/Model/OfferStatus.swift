/// The offer statuses the app knows; a null status is pending. The column is free text: an
/// offer holds a `FreeTextValue<OfferStatus>`, and a value not listed here counts as none of them.
public enum OfferStatus: String, DomainEnum {
    case pending
    case accepted
    case declined
    case expired

    public var displayName: String {
        switch self {
        case .pending: "Pending"
        case .accepted: "Accepted"
        case .declined: "Declined"
        case .expired: "Expired"
        }
    }
}
