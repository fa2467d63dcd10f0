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

/// The academic facts of a school (`schools.academic_info`); every part may be missing.
public struct AcademicInfo: Hashable, Sendable {
    public var latitude: Double?
    public var longitude: Double?
    public var state: String?
    public var studentSize: Int?
    public var admissionRate: Double?
    public var gpaRequirement: Double?
    public var satRequirement: Double?
    public var actRequirement: Double?

    public init(
        latitude: Double? = nil,
        longitude: Double? = nil,
        state: String? = nil,
        studentSize: Int? = nil,
        admissionRate: Double? = nil,
        gpaRequirement: Double? = nil,
        satRequirement: Double? = nil,
        actRequirement: Double? = nil
    ) {
        self.latitude = latitude
        self.longitude = longitude
        self.state = state
        self.studentSize = studentSize
        self.admissionRate = admissionRate
        self.gpaRequirement = gpaRequirement
        self.satRequirement = satRequirement
        self.actRequirement = actRequirement
    }

    /// The campus, when both coordinates are known (0 is a real value).
    public var coordinate: Coordinate? {
        guard let latitude, let longitude else { return nil }
        return Coordinate(latitude: latitude, longitude: longitude)
    }
}
