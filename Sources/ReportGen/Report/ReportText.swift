import Aggregation
import Core
import Exporters
import Foundation

/// Words of the report shared by every format.
package enum ReportText {
    package static let noData = "No data found for selected date range"
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

    /// "2 rows could not be read and are left out", and of the optional values left out alone
    /// "1 value could not be read and is left out, its row kept".
    package static func leftOutLine(_ issues: [DataIssue]) -> String {
        let rows = DataIssue.rowCount(issues.filter { !$0.keepsRow })
        let values = issues.count { $0.keepsRow }
        let rowsLine =
            "\(rows) \(rows == 1 ? "row" : "rows") could not be read and \(rows == 1 ? "is" : "are") left out"
        let valuesLine =
            "\(values) \(values == 1 ? "value" : "values") could not be read and \(values == 1 ? "is" : "are") left out, "
            + "\(values == 1 ? "its row" : "their rows") kept"
        switch (rows, values) {
        case (_, 0): return rowsLine
        case (0, _): return valuesLine
        default: return rowsLine + "; " + valuesLine
        }
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
        palette: OutputPalette
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

extension ReportText {
    /// A number for people: at most `places` decimals, no trailing zeros, a point whatever the locale.
    package static func decimal(_ value: Double, places: Int = 2) -> String {
        let scale = pow(10, Double(places))
        return NumberText.shortest((value * scale).rounded() / scale)
    }

    /// "28.6%", or "N/A".
    package static func percent(_ value: Double?) -> String {
        value.map { decimal($0, places: 1) + "%" } ?? "N/A"
    }

    /// "+4", "−2", "0".
    package static func change(_ value: Int) -> String {
        value > 0 ? "+\(value)" : value < 0 ? "−\(-value)" : "0"
    }

    /// The footer's generation line.
    package static func footer(zone: Zone, generatedAt: Instant) -> String {
        "Generated \(dayTime(zone.localTime(of: generatedAt))) (\(zone.identifier))"
    }
}
