/// Computes the report's figures from one family's rows: pure, no I/O, every division guarded.
public enum ReportCalculator {
    /// The figures of `data` for `range` in `zone`. Schools and coaches are the family's
    /// current lists; interactions and metrics are those dated inside the range.
    public static func figures(for data: FamilyData, range: DateRange, zone: Zone) -> ReportFigures {
        let window = DayWindow(range: range, zone: zone)
        let previousWindow = DayWindow(range: range.previousPeriod, zone: zone)
        let coachIDs = Set(data.coaches.map(\.id))

        var figures = ReportFigures(range: range, previous: ReportFigures.PreviousPeriod(range: previousWindow.range))
        figures.schools = schools(data.schools)
        figures.coaches = coaches(data.coaches, schoolIDs: Set(data.schools.map(\.id)))

        let current = data.interactions.filter { window.contains($0.date) }
        figures.interactions = interactions(current)
        let currentResponse = ResponseRate(current, coachIDs: coachIDs)
        figures.coaches.contactedCoaches = currentResponse.contacted
        figures.coaches.respondingCoaches = currentResponse.responding
        figures.coaches.responseRate = currentResponse.rate

        let earlier = data.interactions.filter { previousWindow.contains($0.date) }
        let earlierResponse = ResponseRate(earlier, coachIDs: coachIDs)
        figures.previous.interactionsTotal = earlier.count
        figures.previous.byDirection = tally(Direction.allCases, earlier.map(\.direction))
        figures.previous.contactedCoaches = earlierResponse.contacted
        figures.previous.respondingCoaches = earlierResponse.responding
        figures.previous.responseRate = earlierResponse.rate

        figures.metrics = MetricSummaries.metrics(of: data, in: window)
        return figures
    }

    static func schools(_ schools: [School]) -> ReportFigures.Schools {
        var result = ReportFigures.Schools()
        result.total = schools.count
        result.byStatus = tally(SchoolStatus.allCases, schools.map(\.status))
        result.byDivision = tally(Division.allCases.map { Optional($0) } + [nil], schools.map(\.division))
        result.favorites = schools.filter(\.isFavorite).count
        return result
    }

    /// `schoolIDs` are the family's own schools: a coach whose school is another family's, or
    /// none, makes no school count as one with coaches (docs/report.md).
    static func coaches(_ coaches: [Coach], schoolIDs: Set<String>) -> ReportFigures.Coaches {
        var result = ReportFigures.Coaches()
        result.total = coaches.count
        result.schoolsWithCoaches = Set(coaches.compactMap(\.schoolID)).intersection(schoolIDs).count
        let scores = coaches.compactMap(\.responsivenessScore)
        result.avgResponsiveness = Stats.mean(scores)
        return result
    }

    static func interactions(_ interactions: [Interaction]) -> ReportFigures.Interactions {
        var result = ReportFigures.Interactions()
        result.total = interactions.count
        result.byType = tally(InteractionType.allCases, interactions.map(\.type))
        result.bySentiment = tally(Sentiment.allCases, interactions.map(\.countedSentiment))
        result.byDirection = tally(Direction.allCases, interactions.map(\.direction))
        return result
    }

    /// Counts `values` under every key of `keys`, in that order, zero counts included.
    static func tally<Key: Hashable & Sendable>(_ keys: [Key], _ values: [Key]) -> [Tally<Key>] {
        var counts: [Key: Int] = [:]
        for value in values { counts[value, default: 0] += 1 }
        return keys.map { Tally($0, counts[$0] ?? 0) }
    }
}

/// The response rate of docs/report.md §2: of the coaches with an outbound interaction in the
/// range, the share that also have an inbound one. Interactions whose coach is not one of
/// the family's coaches do not count.
struct ResponseRate {
    let contacted: Int
    let responding: Int

    init(_ interactions: [Interaction], coachIDs: Set<String>) {
        var outbound = Set<String>()
        var inbound = Set<String>()
        for interaction in interactions {
            guard let coach = interaction.coachID, coachIDs.contains(coach) else { continue }
            switch interaction.direction {
            case .outbound: outbound.insert(coach)
            case .inbound: inbound.insert(coach)
            }
        }
        contacted = outbound.count
        responding = outbound.intersection(inbound).count
    }

    /// 0–100, or nil when no coach was contacted.
    var rate: Double? { Stats.percentage(responding, of: contacted) }
}

/// Guarded arithmetic: never NaN, never infinity, never a percentage outside 0–100.
public enum Stats {
    /// The mean, or nil for no values (or a non-finite result).
    public static func mean(_ values: [Double]) -> Double? {
        guard !values.isEmpty else { return nil }
        let count = Double(values.count)
        let plain = values.reduce(0, +) / count
        if plain.isFinite { return plain }
        // A sum past the Double limit: scaling each value first keeps the mean finite.
        let scaled = values.reduce(0) { $0 + $1 / count }
        return scaled.isFinite ? scaled : nil
    }

    /// `part` of `whole` in percent, clamped to 0–100; nil when `whole` is 0.
    public static func percentage(_ part: Int, of whole: Int) -> Double? {
        guard whole > 0 else { return nil }
        return min(100, max(0, Double(part) * 100 / Double(whole)))
    }
}

/// Plain Unicode code-point order, which the report uses to sort free-text keys.
public enum CodePoint {
    public static func less(_ a: String, _ b: String) -> Bool {
        a.unicodeScalars.lexicographicallyPrecedes(b.unicodeScalars) { $0.value < $1.value }
    }
}
