/// A user's role in the app (`users.role`).
public enum UserRole: String, DomainEnum {
    case player
    case parent
    case admin

    public static var aliases: [String: UserRole] { ["athlete": .player] }

    public var displayName: String {
        switch self {
        case .player: "Player"
        case .parent: "Parent"
        case .admin: "Admin"
        }
    }
}
