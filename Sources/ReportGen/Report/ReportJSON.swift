import Aggregation
import Core
import Exporters

/// The json of the report: the exact shape of docs/report.md §3, keys in a stable order,
/// every category present, nulls as null, numbers unrounded.
package enum ReportJSON {
    package static let schemaVersion = 1

    package static func document(_ run: ReportRun) -> JSONValue {
        let figures = run.figures
        return .object([
            ("schemaVersion", .integer(schemaVersion)),
            ("title", .string(ReportText.title)),
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

extension ReportText {
    package static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// "Feb 3, 2026".
    package static func day(_ date: CivilDate) -> String { "\(months[date.month - 1]) \(date.day), \(date.year)" }

    /// "Feb 3, 2026, 2:15 PM" for a local time.
    package static func dayTime(_ time: LocalDateTime) -> String {
        let hour = time.hour % 12 == 0 ? 12 : time.hour % 12
        return "\(day(time.date)), \(hour):\(Instant.two(time.minute)) \(time.hour < 12 ? "AM" : "PM")"
    }

    /// A metric's name as the app shows it ("60-Yard Dash"), the headline stat said so. json and
    /// csv keep the key, with the label beside it.
    package static func metricLabel(_ summary: ReportFigures.MetricSummary) -> String {
        summary.definition.label + (summary.primary ? " ★" : "")
    }

    /// What the metric table's marks mean, under it.
    package static let metricMarks =
        "★ the athlete's headline stat · ✓ a verified entry · latest entries over their source · best: of every "
        + "entry up to the period's end · change: the period's last entry against the one before the period"

    /// A metric's latest entry as shown, with a check mark when it is verified: "6.81 sec ✓".
    package static func latest(_ entry: ReportFigures.MetricEntry) -> String {
        (entry.display ?? "no value") + (entry.verified ? " ✓" : "")
    }

    /// "Nov 16, 2026 – Nov 22, 2026".
    package static func rangeText(_ range: DateRange) -> String {
        range.from == range.to ? day(range.from) : "\(day(range.from)) – \(day(range.to))"
    }

    /// "Nov 16, 2026 – Nov 22, 2026 (America/New_York)".
    package static func rangeLine(_ run: ReportRun) -> String { "\(rangeText(run.range)) (\(run.zone.identifier))" }

    /// The generation time in the report's zone, e.g. "Nov 23, 2026, 1:00 AM".
    package static func generatedLine(_ run: ReportRun) -> String { dayTime(run.zone.localTime(of: run.generatedAt)) }

    /// Days without their year when both are in one year: "Nov 16 – Nov 22", "Nov 16";
    /// else "Dec 29, 2025 – Jan 4, 2026".
    package static func shortRange(_ first: CivilDate, _ last: CivilDate) -> String {
        func short(_ day: CivilDate) -> String { "\(months[day.month - 1]) \(day.day)" }
        if first == last { return short(first) }
        return first.year == last.year ? "\(short(first)) – \(short(last))" : "\(day(first)) – \(day(last))"
    }

    /// The four follow-up lists as tables: a heading, the column titles, the rows as cells
    /// (dates as dates, days as numbers), what an empty list says, and how urgent each row is
    /// (for a deadline: within 3 days, within 7).
    package struct FollowUpTable {
        package enum Urgency { case none, soon, urgent }
        package let heading: String
        package let columns: [String]
        package let rows: [[Cell]]
        package let urgency: [Urgency]
        package let empty: String
        /// A line under the table, e.g. how many older ones are counted but not listed.
        package var note: String? = nil
    }

    package static func followUpTables(_ followUps: FollowUps) -> [FollowUpTable] {
        func date(_ day: CivilDate) -> Cell { .date(ExportDate(year: day.year, month: day.month, day: day.day)) }
        let never = "Never contacted"
        return [
            FollowUpTable(
                heading: "Offer deadlines in the next \(FollowUps.deadlineDays) days",
                columns: ["School", "Offer", "Deadline", "Days left"],
                rows: followUps.deadlines.map {
                    [.text($0.school), .text($0.offerType.displayName), date($0.deadline), .integer($0.daysLeft)]
                },
                urgency: followUps.deadlines.map { $0.daysLeft <= 3 ? .urgent : $0.daysLeft <= 7 ? .soon : .none },
                empty: "No offer deadlines in the next \(FollowUps.deadlineDays) days"
            ),
            FollowUpTable(
                heading: "Coaches who have not replied for \(FollowUps.replyDays) to \(FollowUps.replyListDays) days",
                columns: ["Coach", "School", "Last contact", "Days waiting"],
                rows: followUps.awaitingReply.map {
                    [.text($0.coach), .text($0.school), date($0.lastContact), .integer($0.daysWaiting)]
                },
                urgency: followUps.awaitingReply.map { _ in .none },
                empty: "No coach has waited \(FollowUps.replyDays) to \(FollowUps.replyListDays) days for a reply",
                note: followUps.awaitingReplyOlder == 0
                    ? nil
                    : "\(followUps.awaitingReplyOlder) more \(followUps.awaitingReplyOlder == 1 ? "coach has" : "coaches have") not replied for over \(FollowUps.replyListDays) days"
            ),
            FollowUpTable(
                heading: "Schools you are pursuing with no interaction in \(FollowUps.quietDays) days",
                columns: ["School", "Status", "Last contact", "Days since"],
                rows: followUps.goneQuiet.map {
                    [
                        .text($0.school), .text($0.status.displayName), $0.lastContact.map(date) ?? .text(never),
                        .integer($0.daysSince),
                    ]
                },
                urgency: followUps.goneQuiet.map { _ in .none },
                empty: "Every school you are pursuing had an interaction in the last \(FollowUps.quietDays) days"
            ),
            FollowUpTable(
                heading: "Contact details to fix in the app",
                columns: ["Coach", "School", "Field", "Stored value"],
                rows: followUps.contactsToFix.map {
                    [.text($0.coach), .text($0.school), .text($0.field.label), .text($0.value)]
                },
                urgency: followUps.contactsToFix.map { _ in .none },
                empty: "Every coach's e-mail, phone and handles follow the app's rules"
            ),
        ] + nextStepTables(followUps)
    }

    /// "2 rows could not be read and are left out".
    package static func leftOutLine(_ issues: [DataIssue]) -> String {
        let rows = DataIssue.rowCount(issues)
        return "\(rows) \(rows == 1 ? "row" : "rows") could not be read and \(rows == 1 ? "is" : "are") left out"
    }

    /// What the response rate means, in one line for the page and the Summary sheet.
    package static let responseRateExplained =
        "Response rate: of the coaches you wrote to, called or met in this period (outbound), "
        + "the share who also reached out to you in it (inbound). Schools and coaches count everything on your list; "
        + "interactions and metrics count this period."

    /// The five stat cards of the dashboard, with their colours and what each counts:
    /// Schools and Coaches everything on the family's list, the others the report's days.
    package static func statCards(
        _ figures: ReportFigures,
        range: DateRange,
        palette: OutputPalette = OutputPalette()
    )
        -> [(label: String, value: Cell, color: RGBColor, scope: String)]
    {
        let period = shortRange(range.from, range.to)
        let coaches = figures.coaches
        let replies =
            coaches.contactedCoaches == 0
            ? "no coach contacted in this period"
            : "\(coaches.respondingCoaches) of \(coaches.contactedCoaches) \(coaches.contactedCoaches == 1 ? "coach" : "coaches") you contacted replied"
        return [
            ("Schools", .integer(figures.schools.total), palette.card("schools"), "on your list"),
            ("Coaches", .integer(figures.coaches.total), palette.card("coaches"), "on your list"),
            ("Interactions", .integer(figures.interactions.total), palette.card("interactions"), period),
            ("Metrics", .integer(figures.metrics.total), palette.card("metrics"), period),
            (
                "Response Rate", coaches.responseRate.map { .percent($0) } ?? .text("N/A"),
                palette.card("response_rate"), replies
            ),
        ]
    }

    /// This period against the previous one: interactions, each direction, the response rate.
    package static func comparison(
        _ figures: ReportFigures
    ) -> [(label: String, current: Cell, previous: Cell, change: Cell)] {
        func counts(_ label: String, _ now: Int, _ before: Int) -> (String, Cell, Cell, Cell) {
            (label, .integer(now), .integer(before), .integer(now - before))
        }
        let previous = figures.previous
        var rows = [counts("Interactions", figures.interactions.total, previous.interactionsTotal)]
        for direction in Direction.allCases {
            rows.append(
                counts(
                    "\(direction.displayName) interactions",
                    figures.interactions.byDirection.count(of: direction),
                    previous.byDirection.count(of: direction)
                )
            )
        }
        let now = figures.coaches.responseRate
        let before = previous.responseRate
        let change: Cell = (now != nil && before != nil) ? .points(now! - before!) : .empty
        rows.append(
            (
                "Response Rate", now.map { .percent($0) } ?? .text("N/A"), before.map { .percent($0) } ?? .text("N/A"),
                change
            )
        )
        return rows
    }
}
