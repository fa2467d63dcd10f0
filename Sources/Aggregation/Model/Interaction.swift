/// One contact between the family and a school or coach.
public struct Interaction: Hashable, Sendable, Identifiable {
    public let id: String
    public let familyUnitID: String
    public var schoolID: String?
    public var coachID: String?
    public var type: InteractionType
    public var direction: Direction
    public var subject: String?
    public var content: String?
    public var sentiment: Sentiment?
    public var occurredAt: Timestamp?
    public var loggedBy: String?
    /// Null in the database reads as no attachments.
    public var attachments: [String]
    public var createdAt: Timestamp?
    public var updatedAt: Timestamp?

    /// The interaction's date: occurred_at, else created_at. A row with neither is bad
    /// input and never becomes an `Interaction`.
    public let date: Timestamp

    public init(id: String, familyUnitID: String, type: InteractionType, direction: Direction, date: Timestamp) {
        self.id = id
        self.familyUnitID = familyUnitID
        self.type = type
        self.direction = direction
        self.date = date
        self.attachments = []
    }

    /// The subject as lists show it: the type's display name when the subject is null.
    public var displaySubject: String { subject ?? type.displayName }

    /// Sentiment as reports count it: null is neutral.
    public var countedSentiment: Sentiment { sentiment ?? .neutral }
}
