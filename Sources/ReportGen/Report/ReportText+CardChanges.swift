import Aggregation
import Exporters

extension ReportText {
    /// Under each stat card's figure, its change from the period before in words, in the order
    /// of `statCards`: "+4 on Nov 9 – Nov 15" against the previous period's figure (Interactions,
    /// Metrics; the Response Rate in points), "+2 since Nov 15" for a list's total (Schools,
    /// Coaches: those added since the range began), "no change …"; nil for every card of a first
    /// report, which has nothing before it to compare with (`CardChanges.isFirstReport`).
    package static func cardChangeLines(_ figures: ReportFigures, changes: CardChanges) -> [String?] {
        guard !changes.isFirstReport else { return Array(repeating: nil, count: 5) }
        let before = shortRange(changes.range.from, changes.range.to)
        let since = shortRange(changes.range.to, changes.range.to)
        func counted(_ now: Int, _ then: Int, _ tail: String) -> String {
            let change = now - then
            return change == 0 ? "no change \(tail)" : "\(change > 0 ? "+" : "-")\(abs(change)) \(tail)"
        }
        return [
            counted(figures.schools.total, changes.schools, "since \(since)"),
            counted(figures.coaches.total, changes.coaches, "since \(since)"),
            counted(figures.interactions.total, changes.interactions, "on \(before)"),
            counted(figures.metrics.total, changes.metrics, "on \(before)"),
            rateChange(figures.coaches.responseRate, changes.responseRate, before: before),
        ]
    }

    /// "+5.0 pts on Nov 9 – Nov 15", "no change on …", "was 40.0% on …", "no coach contacted on …".
    private static func rateChange(_ now: Double?, _ then: Double?, before: String) -> String? {
        switch (now, then) {
        case (let now?, let then?):
            let points = ((now - then) * 10).rounded() / 10
            return points == 0
                ? "no change on \(before)"
                : "\(points > 0 ? "+" : "-")\(fixedDecimals(abs(points), places: 1)) pts on \(before)"
        case (nil, let then?): return "was \(fixedDecimals(then, places: NumberText.percentPlaces(then)))% on \(before)"
        case (.some, nil): return "no coach contacted on \(before)"
        case (nil, nil): return nil
        }
    }

    /// A non-negative number with `places` decimals and a point, whatever the locale.
    private static func fixedDecimals(_ value: Double, places: Int) -> String {
        var scale = 1
        for _ in 0..<places { scale *= 10 }
        let scaled = Int((value * Double(scale)).rounded())
        let fraction = String(scaled % scale)
        return "\(scaled / scale)." + String(repeating: "0", count: places - fraction.count) + fraction
    }

    /// A metric type's entries with how many have a value: "3 entries", "2 entries, no value",
    /// "3 entries, 2 with a value".
    package static func entries(_ summary: ReportFigures.MetricSummary) -> String {
        let rows = "\(summary.rows) \(summary.rows == 1 ? "entry" : "entries")"
        if summary.count == summary.rows { return rows }
        return rows + (summary.count == 0 ? ", no value" : ", \(summary.count) with a value")
    }
}
