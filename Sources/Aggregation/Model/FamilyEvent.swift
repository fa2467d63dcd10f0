/// A camp, showcase, visit or game of the family's.
public struct FamilyEvent: Hashable, Sendable, Identifiable {
    public let id: String
    public var familyUnitID: String?
    public var schoolID: String?
    public var userID: String?
    public var type: EventType
    public var name: String
    public var location: String?
    public var city: String?
    public var state: String?
    public var startDate: CivilDate
    public var endDate: CivilDate?
    /// `HH:MM`, the seconds of `HH:MM:SS` dropped.
    public var startTime: String?
    public var registered: Bool?
    public var attended: Bool?

    public init(id: String, type: EventType, name: String, startDate: CivilDate) {
        self.id = id
        self.type = type
        self.name = name
        self.startDate = startDate
    }
}
