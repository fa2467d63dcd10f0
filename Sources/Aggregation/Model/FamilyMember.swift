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
