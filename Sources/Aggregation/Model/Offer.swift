/// An offer a school made to the athlete.
public struct Offer: Hashable, Sendable, Identifiable {
    public let id: String
    public let familyUnitID: String
    public var userID: String?
    public var schoolID: String?
    public var coachID: String?
    /// Free text in the app: a known type, or the text as stored.
    public var offerType: FreeTextValue<OfferType>
    /// Free text in the app; a null status in the database is pending.
    public var status: FreeTextValue<OfferStatus>
    public var scholarshipAmount: Double?
    /// 0–100.
    public var scholarshipPercentage: Double?
    public var offerDate: Timestamp?
    public var deadlineDate: Timestamp?
    public var conditions: String?
    public var notes: String?
    public var createdAt: Timestamp?

    public init(
        id: String,
        familyUnitID: String,
        offerType: FreeTextValue<OfferType>,
        status: FreeTextValue<OfferStatus>
    ) {
        self.id = id
        self.familyUnitID = familyUnitID
        self.offerType = offerType
        self.status = status
    }

    /// Only `pending` (or a null status) is pending; free text is not.
    public var isPending: Bool { status == .known(.pending) }

    /// "Full Ride (Pending)", as the Offer column reads.
    public var summary: String { "\(offerType.displayName) (\(status.displayName))" }
}
