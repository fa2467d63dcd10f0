/// A highlight video link of the player (`video_links`, docs/next-steps.md).
public struct VideoLink: Hashable, Sendable, Identifiable {
    public let id: String
    public let userID: String
    public var familyUnitID: String?
    /// `VideoPlatform`'s values; shown as stored when it is none of them.
    public var platform: String
    public var url: String
    public var title: String?
    public var health: VideoHealth

    public init(id: String, userID: String, platform: String, url: String, health: VideoHealth) {
        self.id = id
        self.userID = userID
        self.platform = platform
        self.url = url
        self.health = health
    }
}
