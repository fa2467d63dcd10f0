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
