/// The kinds of offer the app knows (docs/data-model.md). The column is free text: an offer
/// holds a `FreeTextValue<OfferType>`, so any other value is shown as stored.
public enum OfferType: String, DomainEnum {
    case fullRide = "full_ride"
    case partial
    case scholarship
    case recruitedWalkOn = "recruited_walk_on"
    case preferredWalkOn = "preferred_walk_on"
    case walkOn = "walk_on"

    public var displayName: String {
        switch self {
        case .fullRide: "Full Ride"
        case .partial: "Partial"
        case .scholarship: "Scholarship"
        case .recruitedWalkOn: "Recruited Walk-On"
        case .preferredWalkOn: "Preferred Walk-On"
        case .walkOn: "Walk-On"
        }
    }
}

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
