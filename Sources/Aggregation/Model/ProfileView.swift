/// One view of the profile, through a tracking link or not.
public struct ProfileView: Hashable, Sendable, Identifiable {
    public let id: String
    public let profileID: String
    public var trackingLinkID: String?
    public var viewedAt: Timestamp

    public init(id: String, profileID: String, trackingLinkID: String?, viewedAt: Timestamp) {
        self.id = id
        self.profileID = profileID
        self.trackingLinkID = trackingLinkID
        self.viewedAt = viewedAt
    }
}
