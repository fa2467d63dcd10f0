/// The season's trend (docs/season.md §5): twelve weeks of seven days ending on the range's
/// last day, oldest first, each with its interactions, response rate, profile views, metric
/// averages and the pipeline as it stood at the week's end. One pass over each table.
public struct SeasonTrend: Sendable, Equatable {
    public static let weekCount = 12

    public struct Week: Sendable, Equatable {
        public let start: CivilDate
        public let end: CivilDate
        public var outbound = 0
        public var inbound = 0
        public var contactedCoaches = 0
        public var respondingCoaches = 0
        /// Nil when no coach was contacted that week.
        public var responseRate: Double?
        /// Nil without the profile tables.
        public var profileViews: Int?
        /// By metric type, in code-point order: the week's average, nil when it has no value.
        public var metrics: [(type: String, average: Double?)] = []
        /// Schools in each status at the week's end, the six in the app's order.
        public var pipeline: [Tally<SchoolStatus>] = []

        init(start: CivilDate, end: CivilDate) {
            self.start = start
            self.end = end
        }

        public static func == (a: Week, b: Week) -> Bool {
            a.start == b.start && a.end == b.end && a.outbound == b.outbound && a.inbound == b.inbound
                && a.contactedCoaches == b.contactedCoaches && a.respondingCoaches == b.respondingCoaches
                && a.responseRate == b.responseRate && a.profileViews == b.profileViews && a.pipeline == b.pipeline
                && a.metrics.map(\.type) == b.metrics.map(\.type)
                && a.metrics.map(\.average) == b.metrics.map(\.average)
        }
    }

    public var weeks: [Week]
    /// Each metric type's unit over its rows of the twelve weeks (the most frequent, ties by
    /// code point, as the report's summaries); nil when none has one.
    public var metricUnits: [String: String] = [:]

    public static func compute(_ data: FamilyData, range: DateRange, zone: Zone) -> SeasonTrend {
        let first = range.to.adding(days: -(7 * weekCount - 1))
        var weeks = (0..<weekCount).map { k in
            Week(start: first.adding(days: 7 * k), end: first.adding(days: 7 * k + 6))
        }
        /// The week a day falls in, or nil outside the twelve.
        func week(of day: CivilDate) -> Int? {
            let offset = first.days(until: day)
            return (0..<(7 * weekCount)).contains(offset) ? offset / 7 : nil
        }
        let coachIDs = Set(data.coaches.map(\.id))
        var byWeek = [[Interaction]](repeating: [], count: weekCount)
        for interaction in data.interactions {
            guard let k = week(of: zone.date(of: interaction.date)) else { continue }
            byWeek[k].append(interaction)
        }
        for k in 0..<weekCount {
            weeks[k].outbound = byWeek[k].count { $0.direction == .outbound }
            weeks[k].inbound = byWeek[k].count { $0.direction == .inbound }
            let response = ResponseRate(byWeek[k], coachIDs: coachIDs)
            (weeks[k].contactedCoaches, weeks[k].respondingCoaches, weeks[k].responseRate) = (
                response.contacted, response.responding, response.rate
            )
        }
        if let views = profileViewsByWeek(data, zone: zone, week: week) {
            for k in 0..<weekCount { weeks[k].profileViews = views[k] }
        }
        let averages = metricAverages(data.metrics, zone: zone, week: week)
        let pipeline = Pipeline(data, zone: zone)
        for k in 0..<weekCount {
            weeks[k].metrics = averages.map { (type: $0.type, average: $0.byWeek[k]) }
            weeks[k].pipeline = pipeline.counts(atEndOf: weeks[k].end)
        }
        var trend = SeasonTrend(weeks: weeks)
        trend.metricUnits = metricUnits(data.metrics, types: Set(averages.map(\.type)), zone: zone, week: week)
        return trend
    }

    private static func metricUnits(
        _ metrics: [PerformanceMetric],
        types: Set<String>,
        zone: Zone,
        week: (CivilDate) -> Int?
    ) -> [String: String] {
        var counts: [String: [String: Int]] = [:]
        for metric in metrics where types.contains(metric.metricType) {
            guard let unit = metric.unit, week(zone.date(of: metric.date)) != nil else { continue }
            counts[metric.metricType, default: [:]][unit, default: 0] += 1
        }
        return counts.compactMapValues { units in
            units.max { a, b in a.value != b.value ? a.value < b.value : CodePoint.less(b.key, a.key) }?.key
        }
    }

    private static func profileViewsByWeek(_ data: FamilyData, zone: Zone, week: (CivilDate) -> Int?) -> [Int]? {
        guard let profiles = data.season.profiles, let views = data.season.profileViews else { return nil }
        let own = Set(profiles.map(\.id))
        var counts = [Int](repeating: 0, count: weekCount)
        for view in views where own.contains(view.profileID) {
            if let k = week(zone.date(of: view.viewedAt)) { counts[k] += 1 }
        }
        return counts
    }

    /// Each metric type with a value in any of the twelve weeks, and its average per week.
    private static func metricAverages(
        _ metrics: [PerformanceMetric],
        zone: Zone,
        week: (CivilDate) -> Int?
    ) -> [(type: String, byWeek: [Double?])] {
        var values: [String: [[Double]]] = [:]
        for metric in metrics {
            guard let value = metric.value, let k = week(zone.date(of: metric.date)) else { continue }
            values[metric.metricType, default: [[Double]](repeating: [], count: weekCount)][k].append(value)
        }
        return values.keys.sorted(by: CodePoint.less).map { type in (type, (values[type] ?? []).map(Stats.mean)) }
    }
}

/// Where each of a family's schools stood at a given instant, reconstructed from its status
/// history and read through the app's map (docs/season.md §5, `pipeline`).
struct Pipeline {
    private let schools: [School]
    /// Each school's history rows, by changed_at then id.
    private let history: [String: [(at: Instant, entry: StatusHistoryEntry)]]
    /// Each school's first interaction of the family, for the map's `interested`.
    private let firstInteraction: [String: Instant]
    private let zone: Zone

    init(_ data: FamilyData, zone: Zone) {
        self.zone = zone
        schools = data.schools
        var rows: [String: [(at: Instant, entry: StatusHistoryEntry)]] = [:]
        for entry in data.season.statusHistory ?? [] {
            rows[entry.schoolID, default: []].append((zone.instant(of: entry.changedAt), entry))
        }
        history = rows.mapValues { $0.sorted { ($0.at, $0.entry.id) < ($1.at, $1.entry.id) } }
        var first: [String: Instant] = [:]
        for interaction in data.interactions {
            guard let school = interaction.schoolID else { continue }
            let at = zone.instant(of: interaction.date)
            if first[school].map({ at < $0 }) ?? true { first[school] = at }
        }
        firstInteraction = first
    }

    /// The status of every school that existed at the start of the day after `end`, counted.
    func counts(atEndOf end: CivilDate) -> [Tally<SchoolStatus>] {
        let boundary = zone.startOfDay(end.adding(days: 1))
        var counts: [SchoolStatus: Int] = [:]
        for school in schools {
            if let created = school.createdAt, zone.instant(of: created) >= boundary { continue }
            let hasInteraction = firstInteraction[school.id].map { $0 < boundary } ?? false
            counts[
                SchoolStatus(stored: stored(of: school, before: boundary), hasInteraction: hasInteraction),
                default: 0
            ] +=
                1
        }
        return SchoolStatus.allCases.map { Tally($0, counts[$0] ?? 0) }
    }

    /// The stored status at `boundary`: the latest history row's before it, else the earliest
    /// row's previous status, else the school's own.
    private func stored(of school: School, before boundary: Instant) -> StoredSchoolStatus? {
        guard let rows = history[school.id], let earliest = rows.first else { return school.storedStatus }
        if let latest = rows.last(where: { $0.at < boundary }) { return latest.entry.newStatus }
        return earliest.entry.previousStatus
    }
}
