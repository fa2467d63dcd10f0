import Core

/// Where a school stands in the family's recruiting: the app's five-stage pipeline and its
/// off-ramp, in the app's order (docs/data-model.md, "Statuses"). Every breakdown, list,
/// filter, sort and chart uses this, read from the stored value by `init(stored:hasInteraction:)`.
public enum SchoolStatus: String, DomainEnum {
    case researching
    case contacted
    case visiting
    case offerReceived = "offer_received"
    case committed
    case notPursuing = "not_pursuing"

    public var displayName: String {
        switch self {
        case .researching: "Researching"
        case .contacted: "Contacted"
        case .visiting: "Visiting"
        case .offerReceived: "Offer Received"
        case .committed: "Committed"
        case .notPursuing: "Not Pursuing"
        }
    }

    /// The status the app shows for a stored value (its reconciliation, migration
    /// 20260828000004): `interested` is `contacted` when the school has at least one of the
    /// family's interactions, else `researching`; the camp invites, official visits and
    /// `recruited` are `visiting`; `declined` is `not_pursuing`; null is `researching`.
    /// The one place that maps an older value.
    public init(stored: StoredSchoolStatus?, hasInteraction: Bool) {
        switch stored {
        case nil, .researching: self = .researching
        case .contacted: self = .contacted
        case .interested: self = hasInteraction ? .contacted : .researching
        case .visiting, .campInvite, .recruited, .officialVisitInvited, .officialVisitScheduled: self = .visiting
        case .offerReceived: self = .offerReceived
        case .committed: self = .committed
        case .notPursuing, .declined: self = .notPursuing
        }
    }

    /// A status given as an option or a job's filter: one of the six. An older value is a
    /// usage error naming the six, and for `interested` the favorites filter that replaced it.
    package static func parse(_ text: String, option: String) throws -> SchoolStatus {
        if let status = decode(text) { return status }
        let six = allCases.map(\.rawValue).joined(separator: ", ")
        if StoredSchoolStatus.decode(text) == .interested {
            throw UsageError(
                "\(option: option) \(Quote.value(text)) is no longer a school status: the app's favorite flag replaced it, use \(option: "--favorites"); a status is one of: \(six)"
                    as OptionText
            )
        }
        if StoredSchoolStatus.decode(text) != nil {
            throw UsageError(
                "\(option: option) \(Quote.value(text)) is an older school status the app no longer has; use one of: \(six)"
                    as OptionText
            )
        }
        throw UsageError(
            "\(option: option) \(Quote.value(text)) is not a school status; use one of: \(six)" as OptionText
        )
    }
}

extension School {
    /// The school with its status read from `storedStatus` by the app's map, given whether it
    /// has at least one of the family's interactions.
    public func readingStatus(hasInteraction: Bool) -> School {
        var school = self
        school.status = SchoolStatus(stored: storedStatus, hasInteraction: hasInteraction)
        return school
    }
}
