/// The kind of offer a school made.
public enum OfferType: String, DomainEnum {
    case fullRide = "full_ride"
    case partial
    case preferredWalkOn = "preferred_walk_on"
    case walkOn = "walk_on"

    public var displayName: String {
        switch self {
        case .fullRide: "Full Ride"
        case .partial: "Partial"
        case .preferredWalkOn: "Preferred Walk-On"
        case .walkOn: "Walk-On"
        }
    }
}

/// Where an offer stands; a null status is pending.
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
