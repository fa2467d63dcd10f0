/// An offer a school made to the athlete.
public struct Offer: Hashable, Sendable, Identifiable {
    public let id: String
    public let familyUnitID: String
    public var userID: String?
    public var schoolID: String?
    public var coachID: String?
    public var offerType: OfferType
    /// A null status in the database is pending.
    public var status: OfferStatus
    public var scholarshipAmount: Double?
    /// 0–100.
    public var scholarshipPercentage: Double?
    public var offerDate: Timestamp?
    public var deadlineDate: Timestamp?
    public var conditions: String?
    public var notes: String?
    public var createdAt: Timestamp?

    public init(id: String, familyUnitID: String, offerType: OfferType, status: OfferStatus) {
        self.id = id
        self.familyUnitID = familyUnitID
        self.offerType = offerType
        self.status = status
    }

    /// "Full Ride (Pending)", as the Offer column reads.
    public var summary: String { "\(offerType.displayName) (\(status.displayName))" }
}
