/// A user's role within one family (`family_members.role`); this, not `users.role`,
/// decides what the user sees of the family.
public enum MemberRole: String, DomainEnum {
    case player
    case parent

    public static var aliases: [String: MemberRole] { ["athlete": .player] }

    public var displayName: String {
        switch self {
        case .player: "Player"
        case .parent: "Parent"
        }
    }
}
