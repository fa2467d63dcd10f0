/// A user of the app: an athlete, a parent or an admin.
public struct User: Hashable, Sendable, Identifiable {
    public let id: String
    public let email: String
    public let fullName: String?
    public let role: UserRole
    /// A valid IANA zone name, or nil.
    public let timezone: String?
    /// `users.primary_sport_id` (docs/season.md §1), when the column and a value are there.
    public let primarySportID: String?
    /// `users.graduation_year`: the player's class (docs/data-model.md), when the column and a value are there.
    public var graduationYear: Int?

    public init(
        id: String,
        email: String,
        fullName: String?,
        role: UserRole,
        timezone: String?,
        primarySportID: String? = nil
    ) {
        self.id = id
        self.email = email
        self.fullName = fullName
        self.role = role
        self.timezone = timezone
        self.primarySportID = primarySportID
    }

    /// The user's name as lists show it: the full name, else the email.
    public var displayName: String {
        if let name = fullName, !name.allSatisfy(\.isWhitespace) { return name }
        return email
    }
}
