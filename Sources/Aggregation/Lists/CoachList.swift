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

/// The sorts of the coaches list (docs/lists.md).
public enum CoachSort: String, CaseIterable, Sendable {
    case name
    case school
    case lastContacted = "last-contacted"
    case responsiveness
    case role
}

/// The filters and sort of the coaches list.
public struct CoachFilters: Sendable {
    public var search: String?
    public var role: CoachRole?
    /// Last contact within the last N days, today included (N ≥ 1); never-contacted coaches are left out.
    public var lastContactDays: Int?
    public var responsiveness: ResponsivenessLevel?
    public var sort: CoachSort = .name

    public init() {}

    /// The query for a given today.
    public func query(today: CivilDate) -> ListQuery<CoachListRow> {
        var filters: [ListFilter<CoachListRow>] = []
        if let search, !search.isEmpty {
            let folded = FoldedText.fold(search)
            filters.append(
                ListFilter { row in
                    let c = row.coach
                    return FoldedText.matches(
                        folded,
                        in: [c.firstName, c.lastName, c.email, c.phone, c.notes, c.twitterHandle, c.instagramHandle]
                    )
                }
            )
        }
        if let role { filters.append(ListFilter { $0.coach.role == role }) }
        if let days = lastContactDays {
            let first = today.adding(days: -(days - 1))
            filters.append(ListFilter { row in row.lastContactDay.map { $0 >= first } ?? false })
        }
        if let responsiveness { filters.append(ListFilter { $0.level == responsiveness }) }
        return ListQuery(filters: filters, sort: CoachFilters.keys(for: sort))
    }

    static let byName: [SortKey<CoachListRow>] = [
        SortKey { FoldedText.compare($0.sortLast, $1.sortLast) },
        SortKey { FoldedText.compare($0.sortFirst, $1.sortFirst) },
    ]

    static func keys(for sort: CoachSort) -> [SortKey<CoachListRow>] {
        switch sort {
        case .name:
            return byName
        case .school:
            // Known schools A–Z, then "Unknown School".
            return [
                SortKey { a, b in
                    switch (a.sortSchool, b.sortSchool) {
                    case (nil, nil): .orderedSame
                    case (nil, _): .orderedDescending
                    case (_, nil): .orderedAscending
                    case (let x?, let y?): FoldedText.compare(x, y)
                    }
                }
            ] + byName
        case .lastContacted:
            return [.descending { $0.lastContact }]
        case .responsiveness:
            return [.descending { $0.coach.responsivenessScore }]
        case .role:
            return [.ascending { CoachRole.allCases.firstIndex(of: $0.coach.role) }] + byName
        }
    }
}
