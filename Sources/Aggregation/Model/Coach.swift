/// A coach at one of the family's schools.
public struct Coach: Hashable, Sendable, Identifiable {
    public let id: String
    public let familyUnitID: String
    public var schoolID: String?
    public var userID: String?
    public var role: CoachRole
    public var firstName: String
    public var lastName: String
    public var email: String?
    public var phone: String?
    /// Stored without `@`.
    public var twitterHandle: String?
    /// Stored without `@`.
    public var instagramHandle: String?
    public var notes: String?
    /// Optional column; 0–100.
    public var responsivenessScore: Double?
    public var lastContactDate: Timestamp?
    public var createdAt: Timestamp?
    public var updatedAt: Timestamp?

    public init(id: String, familyUnitID: String, role: CoachRole, firstName: String, lastName: String) {
        self.id = id
        self.familyUnitID = familyUnitID
        self.role = role
        self.firstName = firstName
        self.lastName = lastName
    }

    /// "First Last".
    public var fullName: String { "\(firstName) \(lastName)" }
}
