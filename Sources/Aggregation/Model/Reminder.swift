/// A personal reminder: seen only by the user who made it (docs/season.md §4).
public struct Reminder: Hashable, Sendable, Identifiable {
    public let id: String
    public let userID: String
    public var schoolID: String?
    public var coachID: String?
    public var type: ReminderType
    public var title: String
    public var dueDate: Timestamp
    public var priority: ReminderPriority
    public var isCompleted: Bool

    public init(id: String, userID: String, type: ReminderType, title: String, dueDate: Timestamp) {
        self.id = id
        self.userID = userID
        self.type = type
        self.title = title
        self.dueDate = dueDate
        self.priority = .medium
        self.isCompleted = false
    }
}
