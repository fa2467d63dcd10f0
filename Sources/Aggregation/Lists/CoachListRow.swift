/// A row of the coaches list: the coach with what the list derives for it.
public struct CoachListRow: ListRow, Sendable {
    public let coach: Coach
    /// The school's name, or nil when the school is not set or not one of the family's ("Unknown School").
    public let schoolName: String?
    /// Interactions with this coach that the viewer sees, all time.
    public let interactionCount: Int
    public let lastContact: Instant?
    public let lastContactDay: CivilDate?
    /// Names folded once for the A–Z sorts.
    let sortLast: SortText, sortFirst: SortText, sortSchool: SortText?

    init(coach: Coach, schoolName: String?, interactionCount: Int, lastContact: Instant?, lastContactDay: CivilDate?) {
        self.coach = coach
        self.schoolName = schoolName
        self.interactionCount = interactionCount
        self.lastContact = lastContact
        self.lastContactDay = lastContactDay
        sortLast = SortText(coach.lastName)
        sortFirst = SortText(coach.firstName)
        sortSchool = schoolName.map(SortText.init)
    }

    public var id: String { coach.id }
    public var level: ResponsivenessLevel { ResponsivenessLevel(score: coach.responsivenessScore) }

    /// The rows of a family's coaches.
    public static func rows(_ data: FamilyData, tally: InteractionTally, zone: Zone) -> [CoachListRow] {
        let schoolNames = Dictionary(data.schools.map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
        return data.coaches.map { coach in
            // Last Contact is the later of the stored column and the latest interaction the
            // viewer sees: the app does not always update the column (docs/lists.md).
            let stored = coach.lastContactDate.map { (instant: zone.instant(of: $0), day: zone.date(of: $0)) }
            let logged = tally.coaches[coach.id].map(\.latest).map { (instant: $0, day: zone.date(of: $0)) }
            let latest = [stored, logged].compactMap { $0 }.max { $0.instant < $1.instant }
            return CoachListRow(
                coach: coach,
                schoolName: coach.schoolID.flatMap { schoolNames[$0] },
                interactionCount: tally.coaches[coach.id]?.interactions ?? 0,
                lastContact: latest?.instant,
                lastContactDay: latest?.day
            )
        }
    }

    public static let unknownSchool = "Unknown School"
}
