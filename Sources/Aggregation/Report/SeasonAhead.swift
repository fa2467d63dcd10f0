import Core

/// What the coming days hold (docs/season.md §3), looking from `today` like the follow-ups:
/// the family's events of the next 14 days (and those still going on), and the recruiting
/// calendar's entries that apply to it.
public struct SeasonAhead: Sendable, Equatable {
    public static let days = 14

    public struct Event: Sendable, Equatable {
        public let id: String
        public let start: CivilDate
        public let end: CivilDate?
        public let time: String?
        public let type: EventType
        public let name: String
        public let school: String?
        public let place: String?
        public let registered: Bool
        /// 0 for an event already going on.
        public let daysAway: Int
    }

    public struct CalendarItem: Sendable, Equatable {
        public let id: String
        public let label: String
        public let category: CalendarCategory
        public let start: CivilDate
        public let end: CivilDate
        public let division: Division?
        public let sport: String?
    }

    /// Nil without `events`.
    public var events: [Event]?
    /// Nil without `system_calendar`.
    public var calendar: [CalendarItem]?
    /// When coaches may contact the athlete, by division (docs/next-steps.md); nil without
    /// `contact_window_rules`.
    public var contactWindows: [ContactWindow]?

    public init() {}

    public static func compute(_ data: FamilyData, today: CivilDate, zone: Zone) -> SeasonAhead {
        let family = FamilyLookup(data, zone: zone)
        let last = today.adding(days: days)
        var ahead = SeasonAhead()
        ahead.events = data.season.events?.compactMap { event -> Event? in
            let upcoming = (today...last).contains(event.startDate)
            let ongoing = event.startDate < today && (event.endDate.map { $0 >= today } ?? false)
            guard upcoming || ongoing else { return nil }
            return Event(
                id: event.id,
                start: event.startDate,
                end: event.endDate,
                time: event.startTime,
                type: event.type,
                name: event.name,
                school: family.knownSchoolName(event.schoolID),
                place: place(event),
                registered: event.registered ?? false,
                daysAway: ongoing ? 0 : today.days(until: event.startDate)
            )
        }.sorted(by: eventOrder)
        if let entries = data.season.calendar {
            let divisions = Set(data.schools.compactMap(\.division))
            let sport = playerSport(data)
            ahead.calendar = entries.filter { entry in
                entry.startDate <= last && entry.lastDay >= today
                    && (entry.division.map(divisions.contains) ?? true)
                    && (entry.sport.map { named in sport.map { named.comparisonKey == $0 } ?? false } ?? true)
            }.map {
                CalendarItem(
                    id: $0.id,
                    label: $0.label,
                    category: $0.category,
                    start: $0.startDate,
                    end: $0.lastDay,
                    division: $0.division,
                    sport: $0.sport
                )
            }
            .sorted { a, b in
                if a.start != b.start { return a.start < b.start }
                if a.end != b.end { return a.end < b.end }
                if a.label != b.label { return CodePoint.less(a.label, b.label) }
                return a.id < b.id
            }
        }
        ahead.contactWindows = ContactWindow.compute(data, today: today)
        return ahead
    }

    /// `city, state` when both are set, else the location, else nil.
    static func place(_ event: FamilyEvent) -> String? {
        if let city = event.city, let state = event.state, !city.isEmpty, !state.isEmpty { return "\(city), \(state)" }
        return event.location.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// By start, then time (none last), then name (code points), then id.
    static func eventOrder(_ a: Event, _ b: Event) -> Bool {
        if a.start != b.start { return a.start < b.start }
        switch (a.time, b.time) {
        case (let x?, let y?) where x != y: return x < y
        case (nil, .some): return false
        case (.some, nil): return true
        default: break
        }
        if a.name != b.name { return CodePoint.less(a.name, b.name) }
        return a.id < b.id
    }

    /// The player's sport's name, trimmed and lower-cased: the `sports` row that
    /// `users.primary_sport_id` names, else the `primary_sport` of the player's `player`
    /// preference; nil when neither names one (docs/season.md §1).
    static func playerSport(_ data: FamilyData) -> String? {
        if let id = data.season.playerSportID, let sport = data.season.sports?.first(where: { $0.id == id }) {
            return sport.name.comparisonKey
        }
        guard let preferred = data.season.playerPreferenceSport?.comparisonKey, !preferred.isEmpty else { return nil }
        return preferred
    }
}
