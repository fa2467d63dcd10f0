import Aggregation
import Testing

/// Every raw value of data-model.md decodes to its case and shows its display name.
struct DomainEnumTests {
    /// The app's pipeline and its off-ramp, in its order (app-today.md §1).
    static let schoolStatuses: [(String, String)] = [
        ("researching", "Researching"), ("contacted", "Contacted"), ("visiting", "Visiting"),
        ("offer_received", "Offer Received"), ("committed", "Committed"), ("not_pursuing", "Not Pursuing"),
    ]
    /// Every value a database may store, older ones included, with the history's display names.
    static let storedStatuses: [(String, String)] = [
        ("researching", "Researching"), ("contacted", "Contacted"), ("interested", "Interested"),
        ("offer_received", "Offer Received"), ("committed", "Committed"), ("declined", "Declined"),
        ("camp_invite", "Camp Invite"), ("recruited", "Recruited"),
        ("official_visit_invited", "Official Visit Invited"),
        ("official_visit_scheduled", "Official Visit Scheduled"), ("not_pursuing", "Not Pursuing"),
        ("visiting", "Visiting"),
    ]
    static let interactionTypes: [(String, String)] = [
        ("email", "Email"), ("phone_call", "Phone Call"), ("text", "Text"), ("in_person_visit", "In-Person Visit"),
        ("virtual_meeting", "Virtual Meeting"), ("camp", "Camp"), ("showcase", "Showcase"), ("tweet", "Tweet"),
        ("dm", "Direct Message"), ("game", "Game"), ("unofficial_visit", "Unofficial Visit"),
        ("official_visit", "Official Visit"), ("other", "Other"),
    ]

    @Test(arguments: schoolStatuses)
    func schoolStatus(raw: String, display: String) throws {
        let status = try #require(SchoolStatus.decode(raw))
        #expect(status.rawValue == raw)
        #expect(status.displayName == display)
    }

    @Test func schoolStatusesAreInDataModelOrder() {
        #expect(SchoolStatus.allCases.map(\.rawValue) == Self.schoolStatuses.map(\.0))
        #expect(StoredSchoolStatus.allCases.map(\.rawValue) == Self.storedStatuses.map(\.0))
    }

    @Test(arguments: storedStatuses)
    func storedSchoolStatus(raw: String, display: String) throws {
        let status = try #require(StoredSchoolStatus.decode(raw))
        #expect(status.displayName == display)
    }

    @Test(arguments: interactionTypes)
    func interactionType(raw: String, display: String) throws {
        let type = try #require(InteractionType.decode(raw))
        #expect(type.displayName == display)
    }

    @Test func interactionTypesAreInDataModelOrder() {
        #expect(InteractionType.allCases.map(\.rawValue) == Self.interactionTypes.map(\.0))
    }

    @Test func theSmallerEnumerations() {
        #expect(Division.allCases.map(\.rawValue) == ["D1", "D2", "D3", "NAIA", "JUCO"])
        #expect(Division.allCases.map(\.displayName) == ["D1", "D2", "D3", "NAIA", "JUCO"])
        #expect(Sentiment.allCases.map(\.rawValue) == ["very_positive", "positive", "neutral", "negative"])
        #expect(Sentiment.allCases.map(\.displayName) == ["Very Positive", "Positive", "Neutral", "Negative"])
        #expect(Direction.allCases.map(\.displayName) == ["Outbound", "Inbound"])
        #expect(CoachRole.allCases.map(\.rawValue) == ["head", "assistant", "recruiting"])
        #expect(CoachRole.allCases.map(\.displayName) == ["Head Coach", "Assistant Coach", "Recruiting Coordinator"])
        #expect(
            OfferType.allCases.map(\.rawValue) == [
                "full_ride", "partial", "scholarship", "recruited_walk_on", "preferred_walk_on", "walk_on",
            ]
        )
        #expect(
            OfferType.allCases.map(\.displayName) == [
                "Full Ride", "Partial", "Scholarship", "Recruited Walk-On", "Preferred Walk-On", "Walk-On",
            ]
        )
        #expect(OfferStatus.allCases.map(\.displayName) == ["Pending", "Accepted", "Declined", "Expired"])
        #expect(FitTier.allCases.map(\.rawValue) == ["reach", "match", "safety", "unlikely"])
        #expect(PriorityTier.allCases.map(\.displayName) == ["A", "B", "C"])
        #expect(UserRole.allCases.map(\.rawValue) == ["player", "parent", "admin"])
        #expect(MemberRole.allCases.map(\.rawValue) == ["player", "parent"])
    }

    @Test func freeTextOfferValuesKeepWhatWasStored() {
        #expect(FreeTextValue<OfferType>(raw: "scholarship") == .known(.scholarship))
        #expect(FreeTextValue<OfferType>(raw: "recruited_walk_on").displayName == "Recruited Walk-On")
        let unknown = FreeTextValue<OfferType>(raw: "Academic grant ✨")
        #expect(unknown == .other("Academic grant ✨"))
        #expect(unknown.displayName == "Academic grant ✨")
        #expect(unknown.rawValue == "Academic grant ✨")
        // Case-sensitive like every enumeration: a miscased known value is free text, shown as stored.
        #expect(FreeTextValue<OfferStatus>(raw: "Pending") == .other("Pending"))
        var offer = Offer(id: "o", familyUnitID: "F", offerType: .known(.walkOn), status: .known(.pending))
        #expect(offer.isPending)
        offer.status = .other("on hold")
        #expect(!offer.isPending)
        #expect(offer.summary == "Walk-On (on hold)")
    }

    @Test func athleteIsAcceptedAsPlayer() {
        #expect(UserRole.decode("athlete") == .player)
        #expect(MemberRole.decode("athlete") == .player)
        #expect(MemberRole.acceptedValues == ["player", "parent", "athlete"])
    }

    @Test(arguments: ["Interested", "INTERESTED", " interested", "interested ", "", "offer received", "Offer Received"])
    func unknownOrMiscasedValuesDoNotDecode(raw: String) {
        #expect(SchoolStatus.decode(raw) == nil)
    }

    @Test(
        arguments: [
            (nil, ResponsivenessLevel.low), (0, .low), (49.99, .low), (50, .medium), (74.99, .medium), (75, .high),
            (100, .high),
        ] as [(Double?, ResponsivenessLevel)]
    )
    func responsivenessLevels(score: Double?, level: ResponsivenessLevel) {
        #expect(ResponsivenessLevel(score: score) == level)
    }
}
