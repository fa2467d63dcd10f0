/// Who looks at a list (docs/lists.md): the family as a whole (what a parent sees), or one
/// member. A player sees only the interactions they logged; a parent or admin sees all.
public enum Viewer: Hashable, Sendable {
    case family
    case member(userID: String, role: MemberRole)

    /// The viewer for `--as USER_ID`.
    /// - Throws: `ViewerError.notAMember` when the user is not a member of the family.
    public static func resolve(_ userID: String?, in data: FamilyData) throws(ViewerError) -> Viewer {
        guard let userID else { return .family }
        guard let membership = data.membership(of: userID) else {
            throw .notAMember(userID: userID, familyID: data.family.id)
        }
        return .member(userID: userID, role: membership.role)
    }

    public var userID: String? {
        if case .member(let id, _) = self { return id }
        return nil
    }

    public var isPlayer: Bool {
        if case .member(_, .player) = self { return true }
        return false
    }

    /// The one member whose logged interactions this viewer sees (a player: themselves), or
    /// nil when the viewer sees every interaction of the family.
    public var seesOnlyLoggedBy: String? {
        guard case .member(let id, .player) = self else { return nil }
        return id
    }

    /// Whether this viewer sees an interaction at all.
    public func sees(_ interaction: Interaction) -> Bool {
        guard case .member(let id, .player) = self else { return true }
        return interaction.loggedBy == id
    }

    /// The viewer's home location: theirs if they have one, else the family player's, else the
    /// first parent's (by user id) who has one.
    public func home(in data: FamilyData) -> Coordinate? {
        homeOwner(in: data).flatMap { data.homeLocations[$0]?.coordinate }
    }

    /// The user whose home location `home(in:)` takes, for the pdf to name it.
    public func homeOwner(in data: FamilyData) -> String? {
        let located = { (id: String) in data.homeLocations[id]?.coordinate != nil }
        if let id = userID, located(id) { return id }
        if let player = data.player?.userID, located(player) { return player }
        // Else the first parent, by user id, who has one (docs/lists.md, Distance).
        return data.members.filter { $0.role == .parent }.map(\.userID).sorted().first(where: located)
    }
}
