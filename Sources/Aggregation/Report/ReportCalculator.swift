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
