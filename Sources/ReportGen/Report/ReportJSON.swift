import Aggregation
import Core
import Exporters

/// The json of the report: the exact shape of docs/report.md §3, keys in a stable order,
/// every category present, nulls as null, numbers unrounded.
package enum ReportJSON {
    package static let schemaVersion = 1

    /// - Parameter title: the report's title: report.yaml's, the built-in one or a user's copy.
    package static func document(_ run: ReportRun, title: String) -> JSONValue {
        let figures = run.figures
        return .object([
            ("schemaVersion", .integer(schemaVersion)),
            ("title", .string(title)),
            ("family", .object([("id", .string(run.data.family.id)), ("name", .string(run.data.family.displayName))])),
            ("range", range(run)),
            ("generatedAt", .string(run.generatedAt.iso8601)),
            ("schools", schools(figures.schools)),
            ("coaches", coaches(figures.coaches)),
            ("interactions", interactions(figures.interactions)),
            ("metrics", metrics(figures.metrics)),
            ("previousPeriod", previousPeriod(figures.previous)),
            ("followUps", followUps(run.followUps)),
            ("changes", SeasonJSON.changes(run.changes)),
            ("ahead", SeasonJSON.ahead(run.ahead)),
            ("trend", SeasonJSON.trend(run.trend)),
        ])
    }

    /// A tally as an object: each key's name and its count, in the tally's order.
    private static func tally<Key>(_ tallies: [Tally<Key>], name: (Key) -> String) -> JSONValue {
        .object(tallies.map { (name($0.key), .integer($0.count)) })
    }

    /// `range`: the report's days, its time zone and the preset that chose them, if one did.
    private static func range(_ run: ReportRun) -> JSONValue {
        .object([
            ("from", .string(run.range.from.description)), ("to", .string(run.range.to.description)),
            ("timezone", .string(run.zone.identifier)), ("preset", .string(run.range.preset?.rawValue)),
        ])
    }

    /// `schools`: the total, by status, by division (unknown last) and the favorites.
    private static func schools(_ schools: ReportFigures.Schools) -> JSONValue {
        .object([
            ("total", .integer(schools.total)),
            ("byStatus", tally(schools.byStatus) { $0.rawValue }),
            ("byDivision", tally(schools.byDivision) { $0?.rawValue ?? Division.unknownLabel }),
            ("favorites", .integer(schools.favorites)),
        ])
    }

    /// `coaches`: the totals, the response rate and the mean responsiveness.
    private static func coaches(_ coaches: ReportFigures.Coaches) -> JSONValue {
        .object([
            ("total", .integer(coaches.total)), ("schoolsWithCoaches", .integer(coaches.schoolsWithCoaches)),
            ("contactedCoaches", .integer(coaches.contactedCoaches)),
            ("respondingCoaches", .integer(coaches.respondingCoaches)),
            ("responseRate", .number(coaches.responseRate)),
            ("avgResponsiveness", .number(coaches.avgResponsiveness)),
        ])
    }

    /// `interactions`: the total, by type, by sentiment and by direction.
    private static func interactions(_ interactions: ReportFigures.Interactions) -> JSONValue {
        .object([
            ("total", .integer(interactions.total)),
            ("byType", tally(interactions.byType) { $0.rawValue }),
            ("bySentiment", tally(interactions.bySentiment) { $0.rawValue }),
            ("byDirection", tally(interactions.byDirection) { $0.rawValue }),
        ])
    }

    /// `metrics`: the rows in all, the rows of each type, and each type's summary.
    private static func metrics(_ metrics: ReportFigures.Metrics) -> JSONValue {
        .object([
            ("total", .integer(metrics.total)),
            ("byType", .object(metrics.summaries.map { ($0.type, .integer($0.rows)) })),
            (
                "summaries",
                .array(
                    metrics.summaries.map { summary in
                        .object(
                            [
                                ("type", .string(summary.type)), ("count", .integer(summary.count)),
                                ("avg", .number(summary.avg)),
                                ("min", .number(summary.min)), ("max", .number(summary.max)),
                                ("unit", .string(summary.unit)), ("label", .string(summary.definition.label)),
                                ("lowerIsBetter", .bool(summary.definition.lowerIsBetter)),
                                ("primary", .bool(summary.primary)), ("latest", latest(summary.latest)),
                            ] + NextStepsJSON.progress(summary.progress)
                        )
                    }
                )
            ),
        ])
    }

    /// A summary's `latest`: the last entry in the range as the app shows it.
    private static func latest(_ entry: ReportFigures.MetricEntry) -> JSONValue {
        .object([
            ("date", .string(entry.date.description)), ("value", .number(entry.value)),
            ("display", .string(entry.display)), ("source", .string(entry.source)),
            ("verified", .bool(entry.verified)),
        ])
    }

    /// `previousPeriod`: its days, its interactions by direction and its response rate.
    private static func previousPeriod(_ previous: ReportFigures.PreviousPeriod) -> JSONValue {
        .object([
            ("from", .string(previous.range.from.description)), ("to", .string(previous.range.to.description)),
            (
                "interactions",
                .object([
                    ("total", .integer(previous.interactionsTotal)),
                    ("byDirection", tally(previous.byDirection) { $0.rawValue }),
                ])
            ),
            ("coaches", .object([("responseRate", .number(previous.responseRate))])),
        ])
    }

    static func followUps(_ followUps: FollowUps) -> JSONValue {
        .object(
            [
                ("today", .string(followUps.today.description)),
                (
                    "deadlines",
                    .array(
                        followUps.deadlines.map { deadline in
                            .object([
                                ("school", .string(deadline.school)),
                                ("offerType", .string(deadline.offerType.rawValue)),
                                ("deadline", .string(deadline.deadline.description)),
                                ("daysLeft", .integer(deadline.daysLeft)),
                            ])
                        }
                    )
                ),
                (
                    "awaitingReply",
                    .array(
                        followUps.awaitingReply.map { coach in
                            .object([
                                ("coach", .string(coach.coach)), ("school", .string(coach.school)),
                                ("lastContact", .string(coach.lastContact.description)),
                                ("daysWaiting", .integer(coach.daysWaiting)),
                            ])
                        }
                    )
                ),
                ("awaitingReplyOlder", .integer(followUps.awaitingReplyOlder)),
                (
                    "goneQuiet",
                    .array(
                        followUps.goneQuiet.map { school in
                            .object([
                                ("school", .string(school.school)), ("status", .string(school.status.rawValue)),
                                ("lastContact", .string(school.lastContact?.description)),
                                ("daysSince", school.daysSince.map { .integer($0) } ?? .null),
                            ])
                        }
                    )
                ),
                (
                    "contactsToFix",
                    .array(
                        followUps.contactsToFix.map { fix in
                            .object([
                                ("coach", .string(fix.coach)), ("school", .string(fix.school)),
                                ("field", .string(fix.field.rawValue)),
                                ("value", .string(fix.value)),
                            ])
                        }
                    )
                ),
            ] + NextStepsJSON.followUps(followUps)
        )
    }
}
