/// One change of a school's status, as the app and its triggers record it.
public struct StatusHistoryEntry: Hashable, Sendable, Identifiable {
    public let id: String
    public let schoolID: String
    /// As stored, older values included. Nil: the school had no status before (stage 0).
    public var previousStatus: StoredSchoolStatus?
    public var newStatus: StoredSchoolStatus
    /// The user who made the change; nil for the app's own triggers.
    public var changedBy: String?
    public var changedAt: Timestamp
    public var notes: String?

    public init(
        id: String,
        schoolID: String,
        previousStatus: StoredSchoolStatus?,
        newStatus: StoredSchoolStatus,
        changedAt: Timestamp
    ) {
        self.id = id
        self.schoolID = schoolID
        self.previousStatus = previousStatus
        self.newStatus = newStatus
        self.changedAt = changedAt
    }
}
