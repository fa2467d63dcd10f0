/// Where a school stands in the family's recruiting: the six statuses of the page
/// specifications first, then the five the app's database added, then `visiting`, which the
/// app added last (docs/data-model.md order). A null status is `researching`, the app's default.
public enum SchoolStatus: String, DomainEnum {
    case researching
    case contacted
    case interested
    case offerReceived = "offer_received"
    case committed
    case declined
    case campInvite = "camp_invite"
    case recruited
    case officialVisitInvited = "official_visit_invited"
    case officialVisitScheduled = "official_visit_scheduled"
    case notPursuing = "not_pursuing"
    case visiting

    public var displayName: String {
        switch self {
        case .researching: "Researching"
        case .contacted: "Contacted"
        case .interested: "Interested"
        case .offerReceived: "Offer Received"
        case .committed: "Committed"
        case .declined: "Declined"
        case .campInvite: "Camp Invite"
        case .recruited: "Recruited"
        case .officialVisitInvited: "Official Visit Invited"
        case .officialVisitScheduled: "Official Visit Scheduled"
        case .notPursuing: "Not Pursuing"
        case .visiting: "Visiting"
        }
    }
}
