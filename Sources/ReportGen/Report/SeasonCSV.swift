import Aggregation
import Exporters

/// The season's rows of the report's csv (docs/season.md §6), after the follow-ups: the
/// changes, the coming days, then each of the twelve weeks. A part that is null has no rows.
enum SeasonCSV {
    static func rows(_ run: ReportRun) -> [[Cell]] {
        var rows: [[Cell]] = []
        func add(_ section: String, _ measure: String, _ category: String = "", value: Cell, unit: String? = nil) {
            rows.append([.text(section), .text(measure), .text(category), value, .text(unit)])
        }
        let changes = run.changes
        for change in changes.statusChanges ?? [] {
            add("changes", "status_change", change.school, value: .text(change.to.rawValue))
        }
        if let moved = changes.moved {
            for (direction, count) in [("forward", moved.forward), ("back", moved.back), ("out", moved.out)] {
                add("changes", "moved", direction, value: .integer(count))
            }
        }
        for coach in changes.coachesWhoWrote {
            add("changes", "coach_wrote", "\(coach.coach) (\(coach.school))", value: .integer(coach.inbound))
        }
        add("changes", "other_inbound", value: .integer(changes.otherInbound))
        for school in changes.newSchools {
            add("changes", "new_school", school.school, value: .text(school.status.rawValue))
        }
        for offer in changes.newOffers {
            add("changes", "new_offer", offer.school, value: .text(offer.offerType.rawValue))
        }
        if let views = changes.profileViews {
            add("changes", "profile_views", value: .integer(views.total))
            for coach in views.byCoach {
                add(
                    "changes",
                    "profile_views_by_coach",
                    "\(coach.coach) (\(coach.school))",
                    value: .integer(coach.views)
                )
            }
            add("changes", "profile_views_other", value: .integer(views.other))
        }
        NextStepsCSV.outreach(changes.outreach) { add("changes", $0, $1, value: $2, unit: $3) }
        for event in run.ahead.events ?? [] { add("ahead", "event", event.name, value: .text(event.start.description)) }
        for item in run.ahead.calendar ?? [] {
            add("ahead", "calendar", item.label, value: .text(item.start.description))
        }
        NextStepsCSV.contactWindows(run.ahead.contactWindows) { add("ahead", $0, $1, value: $2, unit: $3) }
        rows += trendRows(run.trend)
        return rows
    }

    /// For each week: outbound, inbound, response rate, profile views (when the tables are
    /// there), each metric's average, then the pipeline in data-model order.
    static func trendRows(_ trend: SeasonTrend) -> [[Cell]] {
        var rows: [[Cell]] = []
        for week in trend.weeks {
            let start = week.start.description
            func add(_ measure: String, _ value: Cell, unit: String? = nil) {
                rows.append([.text("trend"), .text(measure), .text(start), value, .text(unit)])
            }
            add("outbound", .integer(week.outbound))
            add("inbound", .integer(week.inbound))
            add("response_rate", .number(week.responseRate), unit: "%")
            if let views = week.profileViews { add("profile_views", .integer(views)) }
            for metric in week.metrics {
                add("metric_avg:\(metric.type)", .number(metric.average), unit: trend.metricUnits[metric.type])
            }
            for tally in week.pipeline { add("pipeline_\(tally.key.rawValue)", .integer(tally.count)) }
        }
        return rows
    }
}
