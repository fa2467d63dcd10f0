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
