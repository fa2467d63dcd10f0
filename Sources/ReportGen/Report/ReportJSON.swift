import Aggregation
import Exporters

/// The json of the report: the exact shape of report.md §4, keys in a stable order,
/// every category present, nulls as null, numbers unrounded.
public enum ReportJSON {
    public static let schemaVersion = 1

    public static func document(_ run: ReportRun) -> JSONValue {
        let figures = run.figures
        func tally<Key>(_ tallies: [Tally<Key>], name: (Key) -> String) -> JSONValue {
            .object(tallies.map { (name($0.key), .integer($0.count)) })
        }
        let schools = figures.schools, coaches = figures.coaches, interactions = figures.interactions
        let previous = figures.previous
        return .object([
            ("schemaVersion", .integer(schemaVersion)),
            ("title", .string(ReportText.title)),
            ("family", .object([("id", .string(run.data.family.id)), ("name", .string(run.data.family.displayName))])),
            ("range", .object([
                ("from", .string(run.range.from.description)), ("to", .string(run.range.to.description)),
                ("timezone", .string(run.zone.identifier)), ("preset", .string(run.range.preset?.rawValue)),
            ])),
            ("generatedAt", .string(run.generatedAt.iso8601)),
            ("schools", .object([
                ("total", .integer(schools.total)),
                ("byStatus", tally(schools.byStatus) { $0.rawValue }),
                ("byDivision", tally(schools.byDivision) { $0?.rawValue ?? Division.unknownLabel }),
                ("favorites", .integer(schools.favorites)),
            ])),
            ("coaches", .object([
                ("total", .integer(coaches.total)), ("schoolsWithCoaches", .integer(coaches.schoolsWithCoaches)),
                ("contactedCoaches", .integer(coaches.contactedCoaches)), ("respondingCoaches", .integer(coaches.respondingCoaches)),
                ("responseRate", .number(coaches.responseRate)), ("avgResponsiveness", .number(coaches.avgResponsiveness)),
            ])),
            ("interactions", .object([
                ("total", .integer(interactions.total)),
                ("byType", tally(interactions.byType) { $0.rawValue }),
                ("bySentiment", tally(interactions.bySentiment) { $0.rawValue }),
                ("byDirection", tally(interactions.byDirection) { $0.rawValue }),
            ])),
            ("metrics", .object([
                ("total", .integer(figures.metrics.total)),
                ("byType", .object(figures.metrics.summaries.map { ($0.type, .integer($0.rows)) })),
                ("summaries", .array(figures.metrics.summaries.map { summary in
                    .object([
                        ("type", .string(summary.type)), ("count", .integer(summary.count)), ("avg", .number(summary.avg)),
                        ("min", .number(summary.min)), ("max", .number(summary.max)), ("unit", .string(summary.unit)),
                    ])
                })),
            ])),
            ("previousPeriod", .object([
                ("from", .string(previous.range.from.description)), ("to", .string(previous.range.to.description)),
                ("interactions", .object([
                    ("total", .integer(previous.interactionsTotal)),
                    ("byDirection", tally(previous.byDirection) { $0.rawValue }),
                ])),
                ("coaches", .object([("responseRate", .number(previous.responseRate))])),
            ])),
        ])
    }
}

/// Words of the report shared by every format.
public enum ReportText {
    public static let title = "Recruiting Report"
    public static let noData = "No data found for selected date range"
}
