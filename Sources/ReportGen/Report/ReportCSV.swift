import Aggregation
import Exporters

/// The tidy csv of the report (docs/report.md §3): one number per row under
/// `section,measure,category,value,unit`, so that a spreadsheet can pivot it.
package enum ReportCSV {
    package static let header = ["section", "measure", "category", "value", "unit"]

    /// The rows after the header, in the order of docs/report.md.
    package static func rows(_ run: ReportRun) -> [[Cell]] {
        let figures = run.figures
        var rows = reportRows(run)
        rows += schoolRows(figures.schools)
        rows += coachRows(figures.coaches)
        rows += interactionRows(figures.interactions)
        rows += metricRows(figures.metrics)
        rows += previousPeriodRows(figures.previous)
        rows += followUpRows(run.followUps)
        rows += SeasonCSV.rows(run)
        return rows
    }

    /// The rows of one section, each `section,measure,category,value,unit`.
    private struct Section {
        let name: String
        var rows: [[Cell]] = []

        init(_ name: String) { self.name = name }

        mutating func add(_ measure: String, _ category: String = "", value: Cell, unit: String? = nil) {
            rows.append([.text(name), .text(measure), .text(category), value, .text(unit)])
        }
    }

    /// `report`: the family, the days and their time zone and preset, and when the report was made.
    private static func reportRows(_ run: ReportRun) -> [[Cell]] {
        var section = Section("report")
        section.add("family_id", value: .text(run.data.family.id))
        section.add("family_name", value: .text(run.data.family.displayName))
        section.add("from", value: .text(run.range.from.description))
        section.add("to", value: .text(run.range.to.description))
        section.add("timezone", value: .text(run.zone.identifier))
        section.add("preset", value: .text(run.range.preset?.rawValue))
        section.add("generated_at", value: .text(run.generatedAt.iso8601))
        return section.rows
    }

    /// `schools`: the total, the favorites, then a row per status and per division.
    private static func schoolRows(_ schools: ReportFigures.Schools) -> [[Cell]] {
        var section = Section("schools")
        section.add("total", value: .integer(schools.total))
        section.add("favorites", value: .integer(schools.favorites))
        for tally in schools.byStatus { section.add("by_status", tally.key.rawValue, value: .integer(tally.count)) }
        for tally in schools.byDivision {
            section.add("by_division", tally.key?.rawValue ?? Division.unknownLabel, value: .integer(tally.count))
        }
        return section.rows
    }

    /// `coaches`: the counts, the response rate and the mean responsiveness.
    private static func coachRows(_ coaches: ReportFigures.Coaches) -> [[Cell]] {
        var section = Section("coaches")
        section.add("total", value: .integer(coaches.total))
        section.add("schools_with_coaches", value: .integer(coaches.schoolsWithCoaches))
        section.add("contacted", value: .integer(coaches.contactedCoaches))
        section.add("responding", value: .integer(coaches.respondingCoaches))
        section.add("response_rate", value: .number(coaches.responseRate), unit: "%")
        section.add("avg_responsiveness", value: .number(coaches.avgResponsiveness), unit: "%")
        return section.rows
    }

    /// `interactions`: the total, then a row per type, per sentiment and per direction.
    private static func interactionRows(_ interactions: ReportFigures.Interactions) -> [[Cell]] {
        var section = Section("interactions")
        section.add("total", value: .integer(interactions.total))
        for tally in interactions.byType { section.add("by_type", tally.key.rawValue, value: .integer(tally.count)) }
        for tally in interactions.bySentiment {
            section.add("by_sentiment", tally.key.rawValue, value: .integer(tally.count))
        }
        for tally in interactions.byDirection {
            section.add("by_direction", tally.key.rawValue, value: .integer(tally.count))
        }
        return section.rows
    }

    /// `metrics`: the total, the rows of each type, then each type's count, average, min and max.
    private static func metricRows(_ metrics: ReportFigures.Metrics) -> [[Cell]] {
        var section = Section("metrics")
        section.add("total", value: .integer(metrics.total))
        for summary in metrics.summaries { section.add("by_type", summary.type, value: .integer(summary.rows)) }
        for summary in metrics.summaries {
            section.add("count", summary.type, value: .integer(summary.count), unit: summary.unit)
            section.add("label", summary.type, value: .empty, unit: summary.definition.label)
            section.add("avg", summary.type, value: .number(summary.avg), unit: summary.unit)
            section.add("min", summary.type, value: .number(summary.min), unit: summary.unit)
            section.add("max", summary.type, value: .number(summary.max), unit: summary.unit)
            NextStepsCSV.progress(summary) { section.add($0, $1, value: $2, unit: $3) }
        }
        return section.rows
    }

    /// `previous_period`: its days, its interactions (in all and per direction) and its response rate.
    private static func previousPeriodRows(_ previous: ReportFigures.PreviousPeriod) -> [[Cell]] {
        var section = Section("previous_period")
        section.add("from", value: .text(previous.range.from.description))
        section.add("to", value: .text(previous.range.to.description))
        section.add("interactions_total", value: .integer(previous.interactionsTotal))
        for tally in previous.byDirection {
            section.add("by_direction", tally.key.rawValue, value: .integer(tally.count))
        }
        section.add("response_rate", value: .number(previous.responseRate), unit: "%")
        return section.rows
    }

    /// `follow_ups`: a row per deadline, coach awaiting a reply, school gone quiet and contact to fix.
    private static func followUpRows(_ followUps: FollowUps) -> [[Cell]] {
        var section = Section("follow_ups")
        for deadline in followUps.deadlines {
            section.add("deadline", deadline.school, value: .integer(deadline.daysLeft), unit: "days")
        }
        for coach in followUps.awaitingReply {
            section.add(
                "awaiting_reply",
                "\(coach.coach) (\(coach.school))",
                value: .integer(coach.daysWaiting),
                unit: "days"
            )
        }
        section.add("awaiting_reply_older", value: .integer(followUps.awaitingReplyOlder))
        for school in followUps.goneQuiet {
            section.add("gone_quiet", school.school, value: .integer(school.daysSince), unit: "days")
        }
        for fix in followUps.contactsToFix {
            section.add("contact_to_fix", "\(fix.coach) (\(fix.school))", value: .text(fix.field.rawValue))
        }
        NextStepsCSV.followUps(followUps) { section.add($0, $1, value: $2, unit: $3) }
        return section.rows
    }
}
