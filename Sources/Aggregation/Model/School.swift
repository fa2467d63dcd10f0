/// A school on the family's list.
public struct School: Hashable, Sendable, Identifiable {
    public let id: String
    public let familyUnitID: String
    public var userID: String?
    public var name: String
    public var location: String?
    public var city: String?
    public var state: String?
    public var division: Division?
    public var conference: String?
    /// The status as the app shows it: `storedStatus` read by the app's map (SchoolStatus.swift).
    public var status: SchoolStatus
    /// `schools.status` as stored, older values included; nil when null.
    public var storedStatus: StoredSchoolStatus?
    /// `is_favorite`, or a stored status `interested` (docs/data-model.md, "Favorites").
    public var isFavorite: Bool
    public var pros: [String]
    public var cons: [String]
    public var notes: String?
    public var website: String?
    public var faviconURL: String?
    public var academicInfo: AcademicInfo?
    public var fitTier: FitTier?
    /// Optional column; 0–100.
    public var fitScore: Double?
    /// Optional column.
    public var priorityTier: PriorityTier?
    /// Optional column.
    public var ranking: Int?
    /// `questionnaire_completed` (optional column): the school's recruiting questionnaire is
    /// filled in; null is not (docs/next-steps.md).
    public var questionnaireCompleted: Bool?
    public var statusChangedAt: Timestamp?
    public var createdAt: Timestamp?
    public var updatedAt: Timestamp?

    public init(id: String, familyUnitID: String, name: String, status: SchoolStatus) {
        self.id = id
        self.familyUnitID = familyUnitID
        self.name = name
        self.status = status
        self.storedStatus = StoredSchoolStatus(status)
        self.isFavorite = false
        self.pros = []
        self.cons = []
    }
}
