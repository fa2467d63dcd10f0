/// A row of the interactions list.
public struct InteractionListRow: ListRow, Sendable {
    public let interaction: Interaction
    /// The school's name; "Unknown School" when the id names no school; nil when the id is null.
    public let school: String?
    /// The coach's name; "Unknown Coach" when the id names no coach; nil when the id is null.
    public let coach: String?
    /// "You" for the viewer, else the user's name, else their email; nil when logged_by is null.
    public let loggedBy: String?

    public var id: String { interaction.id }

    public static let unknownCoach = "Unknown Coach"
}

/// Builds interaction rows from the family's schools, coaches and users; the interactions
/// themselves may stream past it one at a time.
public struct InteractionRowBuilder: Sendable {
    let schools: [String: String]
    let coaches: [String: String]
    let users: [String: User]
    let viewer: Viewer

    public init(_ data: FamilyData, viewer: Viewer) {
        schools = Dictionary(data.schools.map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
        coaches = Dictionary(data.coaches.map { ($0.id, $0.fullName) }, uniquingKeysWith: { first, _ in first })
        users = data.users
        self.viewer = viewer
    }

    public func row(_ interaction: Interaction) -> InteractionListRow {
        let logged: String? = interaction.loggedBy.map { id in
            id == viewer.userID ? "You" : users[id]?.displayName ?? id
        }
        return InteractionListRow(
            interaction: interaction,
            school: interaction.schoolID.map { schools[$0] ?? CoachListRow.unknownSchool },
            coach: interaction.coachID.map { coaches[$0] ?? InteractionListRow.unknownCoach },
            loggedBy: logged
        )
    }
}

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

/// The analytics cards of the interactions list, from the filtered rows.
public struct InteractionAnalytics: Hashable, Sendable {
    public private(set) var total = 0
    public private(set) var outbound = 0
    public private(set) var inbound = 0
    /// Dated within the last 7 days, today included; in an export limited to a range, within
    /// the last 7 days of that range (`week`).
    public private(set) var thisWeek = 0
    /// The days `thisWeek` counts when they are not simply the last 7 ending today: the last
    /// 7 days of the export's range, so that the file never contradicts its own dates.
    public let week: ClosedRange<CivilDate>?
    let weekStart: Instant
    let weekEnd: Instant?
    let zone: Zone

    /// `range` is the days the export is limited to (a preset, `--from/--to`, `--days`), or nil.
    public init(today: CivilDate, zone: Zone, range: ClosedRange<CivilDate>? = nil) {
        if let range {
            let first = max(range.lowerBound, range.upperBound.adding(days: -6))
            week = first...range.upperBound
            weekStart = zone.startOfDay(first)
            weekEnd = zone.startOfDay(range.upperBound.adding(days: 1))
        } else {
            week = nil
            weekStart = zone.startOfDay(today.adding(days: -6))
            weekEnd = nil
        }
        self.zone = zone
    }

    public mutating func add(_ interaction: Interaction) {
        total += 1
        switch interaction.direction {
        case .outbound: outbound += 1
        case .inbound: inbound += 1
        }
        let instant = zone.instant(of: interaction.date)
        if instant >= weekStart, weekEnd.map({ instant < $0 }) ?? true { thisWeek += 1 }
    }
}
