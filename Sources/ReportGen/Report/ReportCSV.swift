import Aggregation
import Exporters

/// The tidy csv of the report (docs/report.md §3): one number per row under
/// `section,measure,category,value,unit`, so that a spreadsheet can pivot it.
package enum ReportCSV {
    package static let header = ["section", "measure", "category", "value", "unit"]

    /// The rows after the header, in the order of docs/report.md.
    package static func rows(_ run: ReportRun) -> [[Cell]] {
        let figures = run.figures
        var rows: [[Cell]] = []
        func add(_ section: String, _ measure: String, _ category: String = "", value: Cell, unit: String? = nil) {
            rows.append([.text(section), .text(measure), .text(category), value, .text(unit)])
        }
        func count(_ value: Int) -> Cell { .integer(value) }

        add("report", "family_id", value: .text(run.data.family.id))
        add("report", "family_name", value: .text(run.data.family.displayName))
        add("report", "from", value: .text(run.range.from.description))
        add("report", "to", value: .text(run.range.to.description))
        add("report", "timezone", value: .text(run.zone.identifier))
        add("report", "preset", value: .text(run.range.preset?.rawValue))
        add("report", "generated_at", value: .text(run.generatedAt.iso8601))

        let schools = figures.schools
        add("schools", "total", value: count(schools.total))
        add("schools", "favorites", value: count(schools.favorites))
        for tally in schools.byStatus { add("schools", "by_status", tally.key.rawValue, value: count(tally.count)) }
        for tally in schools.byDivision {
            add("schools", "by_division", tally.key?.rawValue ?? Division.unknownLabel, value: count(tally.count))
        }

        let coaches = figures.coaches
        add("coaches", "total", value: count(coaches.total))
        add("coaches", "schools_with_coaches", value: count(coaches.schoolsWithCoaches))
        add("coaches", "contacted", value: count(coaches.contactedCoaches))
        add("coaches", "responding", value: count(coaches.respondingCoaches))
        add("coaches", "response_rate", value: .number(coaches.responseRate), unit: "%")
        add("coaches", "avg_responsiveness", value: .number(coaches.avgResponsiveness), unit: "%")

        let interactions = figures.interactions
        add("interactions", "total", value: count(interactions.total))
        for tally in interactions.byType {
            add("interactions", "by_type", tally.key.rawValue, value: count(tally.count))
        }
        for tally in interactions.bySentiment {
            add("interactions", "by_sentiment", tally.key.rawValue, value: count(tally.count))
        }
        for tally in interactions.byDirection {
            add("interactions", "by_direction", tally.key.rawValue, value: count(tally.count))
        }

        add("metrics", "total", value: count(figures.metrics.total))
        for summary in figures.metrics.summaries { add("metrics", "by_type", summary.type, value: count(summary.rows)) }
        for summary in figures.metrics.summaries {
            add("metrics", "count", summary.type, value: count(summary.count), unit: summary.unit)
            add("metrics", "avg", summary.type, value: .number(summary.avg), unit: summary.unit)
            add("metrics", "min", summary.type, value: .number(summary.min), unit: summary.unit)
            add("metrics", "max", summary.type, value: .number(summary.max), unit: summary.unit)
        }

        let previous = figures.previous
        add("previous_period", "from", value: .text(previous.range.from.description))
        add("previous_period", "to", value: .text(previous.range.to.description))
        add("previous_period", "interactions_total", value: count(previous.interactionsTotal))
        for tally in previous.byDirection {
            add("previous_period", "by_direction", tally.key.rawValue, value: count(tally.count))
        }
        add("previous_period", "response_rate", value: .number(previous.responseRate), unit: "%")

        let followUps = run.followUps
        for deadline in followUps.deadlines {
            add("follow_ups", "deadline", deadline.school, value: count(deadline.daysLeft), unit: "days")
        }
        for coach in followUps.awaitingReply {
            add(
                "follow_ups",
                "awaiting_reply",
                "\(coach.coach) (\(coach.school))",
                value: count(coach.daysWaiting),
                unit: "days"
            )
        }
        add("follow_ups", "awaiting_reply_older", value: count(followUps.awaitingReplyOlder))
        for school in followUps.goneQuiet {
            add("follow_ups", "gone_quiet", school.school, value: .integer(school.daysSince), unit: "days")
        }
        for fix in followUps.contactsToFix {
            add("follow_ups", "contact_to_fix", "\(fix.coach) (\(fix.school))", value: .text(fix.field.rawValue))
        }
        rows += SeasonCSV.rows(run)
        return rows
    }
}
