import Foundation

/// The filters and sort of the schools list.
public struct SchoolFilters: Sendable {
    public var search: String?
    public var division: Division?
    /// Any of these statuses (OR within the option); empty means all.
    public var statuses: [SchoolStatus] = []
    public var state: String?
    public var favoritesOnly = false
    public var tier: PriorityTier?
    public var fitMin: Double?
    public var fitMax: Double?
    public var maxDistance: Double?
    public var sort: SchoolSort = .name

    public init() {}

    /// The query. `hasHome` says whether distances can be computed.
    /// - Throws: `SchoolFilterError.needsHomeLocation` for a distance filter without a home location.
    public func query(hasHome: Bool) throws(SchoolFilterError) -> ListQuery<SchoolListRow> {
        var filters: [ListFilter<SchoolListRow>] = []
        if let search, !search.isEmpty {
            let folded = FoldedText.fold(search)
            filters.append(ListFilter { FoldedText.matches(folded, in: [$0.school.name, $0.school.location]) })
        }
        if let division { filters.append(ListFilter { $0.school.division == division }) }
        if !statuses.isEmpty {
            let wanted = Set(statuses)
            filters.append(ListFilter { wanted.contains($0.school.status) })
        }
        if let state {
            let code = state.uppercased()
            filters.append(ListFilter { $0.state == code })
        }
        if favoritesOnly { filters.append(ListFilter { $0.school.isFavorite }) }
        if let tier { filters.append(ListFilter { $0.school.priorityTier == tier }) }
        if fitMin != nil || fitMax != nil {
            let low = fitMin ?? 0
            let high = fitMax ?? 100
            filters.append(ListFilter { row in row.school.fitScore.map { low <= $0 && $0 <= high } ?? false })
        }
        if let maxDistance {
            guard hasHome else { throw .needsHomeLocation }
            filters.append(ListFilter { row in row.distance.map { $0 <= maxDistance } ?? false })
        }
        return ListQuery(filters: filters, sort: keys)
    }

    private var keys: [SortKey<SchoolListRow>] {
        let byName = SortKey<SchoolListRow> { FoldedText.compare($0.sortName, $1.sortName) }
        switch sort {
        case .name: return [byName]
        case .fitScore: return [.descending { $0.school.fitScore }]
        case .distance: return [.ascending { $0.distance }]
        case .lastContact: return [.descending { $0.lastContact }]
        }
    }
}
