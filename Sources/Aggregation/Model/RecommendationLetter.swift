/// A recommendation letter the player asked for (`recommendation_letters`).
public struct RecommendationLetter: Hashable, Sendable, Identifiable {
    public let id: String
    public let userID: String
    public var familyUnitID: String?
    public var writerName: String
    public var dueDate: CivilDate?
    /// Null is `not_requested`, the app's default.
    public var status: LetterStatus

    public init(id: String, userID: String, writerName: String, status: LetterStatus) {
        self.id = id
        self.userID = userID
        self.writerName = writerName
        self.status = status
    }
}
