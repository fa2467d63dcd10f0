/// A personal deadline: seen only by the user who made it (docs/season.md §4).
public struct UserDeadline: Hashable, Sendable, Identifiable {
    public let id: String
    public let userID: String
    public var label: String
    public var date: CivilDate
    /// Free text (not the calendar's categories).
    public var category: String
    public var schoolID: String?

    public init(id: String, userID: String, label: String, date: CivilDate, category: String) {
        self.id = id
        self.userID = userID
        self.label = label
        self.date = date
        self.category = category
    }
}
