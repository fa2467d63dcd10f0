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

/// A user's membership of a family, with the role that decides what they see.
public struct FamilyMember: Hashable, Sendable {
    public let familyUnitID: String
    public let userID: String
    public let role: MemberRole

    public init(familyUnitID: String, userID: String, role: MemberRole) {
        self.familyUnitID = familyUnitID
        self.userID = userID
        self.role = role
    }
}

/// A user's home location (the `location` row of `user_preferences`); every part may be missing.
public struct HomeLocation: Hashable, Sendable {
    public var latitude: Double?
    public var longitude: Double?
    public var city: String?
    public var state: String?
    public var zip: String?
    public var address: String?

    public init(
        latitude: Double? = nil,
        longitude: Double? = nil,
        city: String? = nil,
        state: String? = nil,
        zip: String? = nil,
        address: String? = nil
    ) {
        self.latitude = latitude
        self.longitude = longitude
        self.city = city
        self.state = state
        self.zip = zip
        self.address = address
    }

    /// The point for distances, when both coordinates are known (0 is a real value).
    public var coordinate: Coordinate? {
        guard let latitude, let longitude else { return nil }
        return Coordinate(latitude: latitude, longitude: longitude)
    }
}

/// A point on Earth in degrees.
public struct Coordinate: Hashable, Sendable {
    public let latitude: Double
    public let longitude: Double

    public init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }
}
