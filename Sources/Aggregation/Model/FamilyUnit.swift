/// A family: the unit every report and export is for, and the access boundary.
public struct FamilyUnit: Hashable, Sendable, Identifiable {
    public let id: String
    public let familyName: String?
    public let createdAt: Timestamp?
    /// The family's part of file and folder names, unique among the families of its
    /// database, as the data source made it; nil until a source sets it.
    public var fileSlug: String?

    public init(id: String, familyName: String?, createdAt: Timestamp?, fileSlug: String? = nil) {
        self.id = id
        self.familyName = familyName
        self.createdAt = createdAt
        self.fileSlug = fileSlug
    }

    /// The family's name as titles show it: "Rivera Family", or "Family 1a2b3c4d" when
    /// the name is null or blank.
    public var displayName: String {
        if let name = familyName, !name.allSatisfy(\.isWhitespace) { return name }
        return "Family \(id.prefix(8))"
    }
}
