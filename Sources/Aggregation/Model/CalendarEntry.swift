/// An entry of the recruiting calendar, which every family reads.
public struct CalendarEntry: Hashable, Sendable, Identifiable {
    public let id: String
    public var label: String
    public var startDate: CivilDate
    /// Nil: one day.
    public var endDate: CivilDate?
    public var category: CalendarCategory
    public var sport: String?
    public var division: Division?

    public init(id: String, label: String, startDate: CivilDate, category: CalendarCategory) {
        self.id = id
        self.label = label
        self.startDate = startDate
        self.category = category
    }

    /// The last day of the entry.
    public var lastDay: CivilDate { endDate ?? startDate }
}
