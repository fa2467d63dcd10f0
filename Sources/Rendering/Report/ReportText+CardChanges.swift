import Aggregation

extension ReportText {
    /// Each stat card's change from the period before, in the order of `statCards`, in words:
    /// "+4 on Nov 9 – Nov 15", "no change", "+12.5 pts on Nov 9 – Nov 15"; all nil for a first
    /// report (no baseline). The response rate's is nil when this period has none (the card
    /// says N/A), "none on Nov 9 – Nov 15" when only the period before had none.
    package static func cardChanges(_ figures: ReportFigures, baseline: CardBaseline?) -> [String?] {
        guard let baseline else { return [nil, nil, nil, nil, nil] }
        let previous = figures.previous
        let on = " on " + shortRange(previous.range.from, previous.range.to)
        func counts(_ now: Int, _ before: Int) -> String { now == before ? "no change" : change(now - before) + on }
        let rate: String? = switch (figures.coaches.responseRate, previous.responseRate) {
        case (nil, _): nil
        case (_, nil): "none" + on
        case (let now?, let before?) where decimal(now, places: 1) == decimal(before, places: 1): "no change"
        case (let now?, let before?): (now > before ? "+" : "−") + decimal(abs(now - before), places: 1) + " pts" + on
        }
        return [counts(figures.schools.total, baseline.schools), counts(figures.coaches.total, baseline.coaches),
                counts(figures.interactions.total, previous.interactionsTotal), counts(figures.metrics.total, baseline.metrics), rate]
    }

    /// A metric type's entries with how many have a value: "3 entries", "2 entries, no value",
    /// "3 entries, 2 with a value".
    package static func entries(_ summary: ReportFigures.MetricSummary) -> String {
        let rows = "\(summary.rows) \(summary.rows == 1 ? "entry" : "entries")"
        if summary.count == summary.rows { return rows }
        return rows + (summary.count == 0 ? ", no value" : ", \(summary.count) with a value")
    }
}
