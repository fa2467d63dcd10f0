/// A link to the profile made for one coach, so that a view through it names the coach.
public struct ProfileTrackingLink: Hashable, Sendable, Identifiable {
    public let id: String
    public let profileID: String
    public var coachID: String?

    public init(id: String, profileID: String, coachID: String?) {
        self.id = id
        self.profileID = profileID
        self.coachID = coachID
    }
}
