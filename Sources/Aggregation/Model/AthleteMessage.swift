/// An outreach message the athlete sent from the app (`athlete_messages`).
public struct AthleteMessage: Hashable, Sendable, Identifiable {
    public let id: String
    public let familyUnitID: String
    public var userID: String?
    public var schoolID: String?
    public var coachID: String?
    /// The app's template, e.g. `intro`; free text.
    public var templateSlug: String?
    /// How it was sent (`email`, `dm`, …); free text.
    public var channel: String?
    public var subject: String?
    public let sentAt: Timestamp

    public init(id: String, familyUnitID: String, sentAt: Timestamp) {
        self.id = id
        self.familyUnitID = familyUnitID
        self.sentAt = sentAt
    }
}
