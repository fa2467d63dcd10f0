/// The athlete's public profile, which coaches may view.
public struct PlayerProfile: Hashable, Sendable, Identifiable {
    public let id: String
    public var userID: String?
    public let familyUnitID: String
    public var isPublished: Bool?

    public init(id: String, familyUnitID: String) {
        self.id = id
        self.familyUnitID = familyUnitID
    }
}
