/// The filters of the interactions list. Their sort is fixed: date, newest first, then id.
public struct InteractionFilters: Sendable {
    public var search: String?
    public var type: InteractionType?
    public var direction: Direction?
    /// A null sentiment matches none of them.
    public var sentiment: Sentiment?
    /// The days the date must fall on, or nil for all of them.
    public var window: DayWindow?
    /// Within the last N days, today included; days after today are included too.
    public var lastDays: Int?
    public var loggedBy: String?

    public init() {}

    /// The filters over interactions, for a viewer, a today and a zone; the viewer's own
    /// rule comes first (a player sees only what they logged).
    public func filters(viewer: Viewer, today: CivilDate, zone: Zone) -> [ListFilter<Interaction>] {
        var filters: [ListFilter<Interaction>] = [ListFilter { viewer.sees($0) }]
        if let search, !search.isEmpty {
            let folded = FoldedText.fold(search)
            filters.append(ListFilter { FoldedText.matches(folded, in: [$0.subject, $0.content]) })
        }
        if let type { filters.append(ListFilter { $0.type == type }) }
        if let direction { filters.append(ListFilter { $0.direction == direction }) }
        if let sentiment { filters.append(ListFilter { $0.sentiment == sentiment }) }
        if let window { filters.append(ListFilter { window.contains($0.date) }) }
        if let days = lastDays {
            let start = zone.startOfDay(today.adding(days: -(days - 1)))
            filters.append(ListFilter { zone.instant(of: $0.date) >= start })
        }
        if let loggedBy { filters.append(ListFilter { $0.loggedBy == loggedBy }) }
        return filters
    }

    /// The list's order: newest first by date in the zone, then id in code-point order.
    public static func precedes(_ a: Interaction, _ b: Interaction, zone: Zone) -> Bool {
        let x = zone.instant(of: a.date)
        let y = zone.instant(of: b.date)
        if x != y { return x > y }
        return CodePoint.less(a.id, b.id)
    }
}
