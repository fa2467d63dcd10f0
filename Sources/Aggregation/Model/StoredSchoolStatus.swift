import Core

/// A school status as the database stores it: the six of `SchoolStatus` and the six older
/// values the app had before August 2026, which an older database, a snapshot or the status
/// history may still hold (docs/data-model.md order).
public enum StoredSchoolStatus: String, DomainEnum {
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

    /// The value's stage in the app's pipeline, for a recorded change's direction
    /// (docs/season.md §2); nil for the values that leave it (`declined`, `not_pursuing`).
    public var stage: Int? {
        switch self {
        case .researching: 0
        case .contacted, .interested: 1
        case .visiting, .campInvite, .recruited, .officialVisitInvited, .officialVisitScheduled: 2
        case .offerReceived: 3
        case .committed: 4
        case .declined, .notPursuing: nil
        }
    }
}

extension StoredSchoolStatus {
    /// The stored value of one of the six statuses (each is stored as its own name).
    public init(_ status: SchoolStatus) {
        switch status {
        case .researching: self = .researching
        case .contacted: self = .contacted
        case .visiting: self = .visiting
        case .offerReceived: self = .offerReceived
        case .committed: self = .committed
        case .notPursuing: self = .notPursuing
        }
    }
}
