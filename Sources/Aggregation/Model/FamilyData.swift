/// Everything of one family that a report or an export reads, loaded once.
public struct FamilyData: Sendable {
    public let family: FamilyUnit
    public var members: [FamilyMember]
    /// The members' users and the users who logged the family's interactions, by id.
    public var users: [String: User]
    /// Home locations by user id, for the users that have one.
    public var homeLocations: [String: HomeLocation]
    public var schools: [School]
    public var coaches: [Coach]
    public var interactions: [Interaction]
    public var metrics: [PerformanceMetric]
    public var offers: [Offer]
    /// The season's optional tables (docs/season.md §1); a missing table is nil.
    public var season = SeasonRows()

    public init(
        family: FamilyUnit,
        members: [FamilyMember] = [],
        users: [String: User] = [:],
        homeLocations: [String: HomeLocation] = [:],
        schools: [School] = [],
        coaches: [Coach] = [],
        interactions: [Interaction] = [],
        metrics: [PerformanceMetric] = [],
        offers: [Offer] = []
    ) {
        self.family = family
        self.members = members
        self.users = users
        self.homeLocations = homeLocations
        self.schools = schools
        self.coaches = coaches
        self.interactions = interactions
        self.metrics = metrics
        self.offers = offers
    }

    /// The family's player: its first member with role player, by user id.
    public var player: FamilyMember? {
        members.filter { $0.role == .player }.min { $0.userID < $1.userID }
    }

    /// The player's time zone name, when the player has one.
    public var playerTimeZone: String? {
        player.flatMap { users[$0.userID]?.timezone }
    }

    /// The member record of a user, or nil when the user is not in this family.
    public func membership(of userID: String) -> FamilyMember? {
        members.first { $0.userID == userID }
    }
}
