import Aggregation
import Exporters

/// The json of the app's newer to-dos, metric progress and contact windows
/// (docs/next-steps.md, docs/metrics.md "Progress"): keys after the older ones, so that
/// `schemaVersion` stays 1.
enum NextStepsJSON {
    static func day(_ date: CivilDate?) -> JSONValue { .string(date?.description) }

    /// A summary's progress keys: `best`, `previous`, `change`, `improved`, `newBest`.
    static func progress(_ progress: ReportFigures.MetricProgress) -> [(String, JSONValue)] {
        [
            (
                "best",
                progress.best.map {
                    .object([("date", day($0.date)), ("value", .number($0.value)), ("display", .string($0.display))])
                } ?? .null
            ),
            (
                "previous",
                progress.previous.map { .object([("date", day($0.date)), ("value", .number($0.value))]) } ?? .null
            ),
            ("change", .number(progress.change)), ("improved", progress.improved.map { .bool($0) } ?? .null),
            ("newBest", .bool(progress.newBest)),
        ]
    }

    /// `followUps`' keys after `contactsToFix`: `questionnaires`, `brokenVideos`, `letters`.
    static func followUps(_ followUps: FollowUps) -> [(String, JSONValue)] {
        [
            (
                "questionnaires",
                followUps.questionnaires.map { list in
                    .array(
                        list.map { .object([("school", .string($0.school)), ("status", .string($0.status.rawValue))]) }
                    )
                } ?? .null
            ),
            (
                "brokenVideos",
                followUps.brokenVideos.map { list in
                    .array(list.map { .object([("title", .string($0.title)), ("platform", .string($0.platform))]) })
                } ?? .null
            ),
            (
                "letters",
                followUps.letters.map { list in
                    .array(
                        list.map {
                            .object([
                                ("writer", .string($0.writer)), ("status", .string($0.status.rawValue)),
                                ("due", day($0.due)), ("daysLeft", .integer($0.daysLeft)),
                            ])
                        }
                    )
                } ?? .null
            ),
        ]
    }

    /// `changes.outreach`: the messages sent in the range with the app's two warnings.
    static func outreach(_ outreach: [SeasonChanges.Outreach]?) -> JSONValue {
        outreach.map { list in
            .array(
                list.map {
                    .object([
                        ("date", day($0.date)), ("school", .string($0.school)), ("coach", .string($0.coach)),
                        ("channel", .string($0.channel)), ("subject", .string($0.subject)),
                        ("daysSincePrevious", $0.daysSincePrevious.map { .integer($0) } ?? .null),
                        ("sentBefore", $0.sentBefore.map { .integer($0) } ?? .null),
                    ])
                }
            )
        } ?? .null
    }

    /// `ahead.contactWindows`.
    static func contactWindows(_ windows: [ContactWindow]?) -> JSONValue {
        windows.map { list in
            .array(
                list.map {
                    .object([
                        ("division", .string($0.division.rawValue)), ("sport", .string($0.sport)),
                        ("kind", .string($0.kind.rawValue)), ("opensOn", day($0.opensOn)),
                        ("state", .string($0.state.rawValue)),
                        ("daysUntil", $0.daysUntil.map { .integer($0) } ?? .null),
                        ("schools", .integer($0.schools)), ("note", .string($0.note)),
                    ])
                }
            )
        } ?? .null
    }
}
