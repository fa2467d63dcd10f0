import Aggregation
import Foundation
import ReportGen

/// "What changed", "Coming up", "The week in numbers", the trend in words and the attachments
/// by what they are (docs/delivery.md, "The message"; docs/season.md §6, "e-mail").
extension RecapSections {
    // MARK: What changed

    /// The moved counts in words ("2 schools moved forward, 1 dropped out"); nil when none moved.
    package static func movedText(_ changes: SeasonChanges) -> String? {
        guard let moved = changes.moved else { return nil }
        var parts: [String] = []
        if moved.forward > 0 { parts.append("\(schools(moved.forward)) moved forward") }
        if moved.back > 0 { parts.append("\(parts.isEmpty ? schools(moved.back) : String(moved.back)) moved back") }
        if moved.out > 0 { parts.append("\(parts.isEmpty ? schools(moved.out) : String(moved.out)) dropped out") }
        return parts.isEmpty ? nil : parts.joined(separator: ", ")
    }

    private static func schools(_ n: Int) -> String { n == 1 ? "1 school" : "\(n) schools" }

    /// The schools that moved ("Stanford University: Contacted → Visiting"), new offers, new
    /// personal bests, coaches who wrote (first replies marked), profile views by coach: the
    /// moves lead, so that coaches' lines never push them out of the five.
    package static func whatChanged(_ changes: SeasonChanges, metrics: ReportFigures.Metrics) -> Capped {
        var lines: [Line] = (changes.statusChanges ?? []).map { change in
            let move =
                change.from.map { "\($0.displayName) → \(change.to.displayName)" }
                ?? "added as \(change.to.displayName)"
            return Line(text: "\(change.school): \(move)", mark: change.direction == .out ? "Dropped out" : nil)
        }
        lines += changes.newOffers.map { offer in
            let deadline = offer.deadline.map { ", deadline \(ReportText.day($0))" } ?? ""
            let whose = offer.school == CoachListRow.unknownSchool ? "a school" : offer.school
            return Line(text: "New offer from \(whose): \(offer.offerType.displayName)\(deadline)", mark: "Offer")
        }
        lines += metrics.summaries.compactMap(ReportText.newBest).map { Line(text: $0) }
        // First replies lead the coaches, so that a cut list never hides one.
        let wrote = changes.coachesWhoWrote.filter(\.firstTime) + changes.coachesWhoWrote.filter { !$0.firstTime }
        lines += wrote.map { coach in
            Line(
                text: "\(coach.coach)\(about(coach.school)) wrote"
                    + (coach.inbound > 1 ? " \(coach.inbound) times" : ""),
                mark: coach.firstTime ? "First reply" : nil
            )
        }
        lines += (changes.profileViews?.byCoach ?? []).map { views in
            Line(
                text: "\(views.coach)\(about(views.school)) viewed your profile"
                    + (views.views == 1 ? "" : " \(views.views) times")
            )
        }
        return Capped(lines)
    }

    // MARK: Coming up

    /// How far ahead "Coming up" names a contact window that opens.
    package static let contactWindowDays = 60

    /// Offer deadlines of the next 8 to 14 days ("Do this week" has the nearer ones), events
    /// and the recruiting calendar of the next 14 days, by start day (in that order on a day).
    package static func comingUp(
        _ ahead: SeasonAhead,
        deadlines: [FollowUps.Deadline],
        today: CivilDate,
        athlete: String
    ) -> Capped {
        var dated: [(start: CivilDate, line: Line)] = deadlines.filter { $0.daysLeft > weekDays }.map { deadline in
            let whose =
                (deadline.school == CoachListRow.unknownSchool ? "" : "\(deadline.school)'s ")
                + "\(deadline.offerType.displayName) offer"
            return (
                deadline.deadline, Line(text: "\(whose) ends on \(ReportText.day(deadline.deadline))", mark: "Deadline")
            )
        }
        dated += (ahead.events ?? []).map { event in
            let day =
                event.start < today
                ? ", now until \(event.end.map(ReportText.day) ?? ReportText.day(today))"
                : " on \(ReportText.day(event.start))"
            let time = event.time.map { " at \($0)" } ?? ""
            let place = event.place.map { " in \($0)" } ?? ""
            return (
                event.start,
                Line(text: "\(event.name)\(about(event.school))\(place)\(day)\(time)", mark: event.type.displayName)
            )
        }
        dated += (ahead.calendar ?? []).map { entry in
            let division = entry.division.map { " (\($0.displayName.uppercased()))" } ?? ""
            return (
                entry.start,
                Line(
                    text: "\(entry.label)\(division), \(ReportText.shortRange(entry.start, entry.end))",
                    mark: entry.category.displayName
                )
            )
        }
        // A contact window that opens within 60 days, said to be the app's configured rules.
        dated += (ahead.contactWindows ?? []).filter { ($0.daysUntil ?? .max) <= contactWindowDays }.compactMap {
            window in
            window.opensOn.map {
                (
                    $0,
                    Line(
                        text: ReportText.contactWindow(window, athlete: athlete) + " (the app's contact rules)",
                        mark: "Contact"
                    )
                )
            }
        }
        // A stable sort: the events' and the calendar's own orders hold within a day.
        let ordered = dated.enumerated().sorted { a, b in
            a.element.start != b.element.start ? a.element.start < b.element.start : a.offset < b.offset
        }
        return Capped(ordered.map(\.element.line))
    }

    // MARK: The week in numbers

    /// One figure: "Interactions", "42", "17 the week before".
    package struct Number: Equatable, Sendable {
        package let label: String
        package let value: String
        package let before: String

        package var context: [String: Any] {
            ["label": label, "value": value, "before": before, "line": "\(label) \(value) (\(before))"]
        }
    }

    /// Each figure of the range that has a value for the period before, with that value in words.
    package static func numbers(_ figures: ReportFigures) -> [Number] {
        let days = figures.range.from.days(until: figures.range.to) + 1
        let before = days == 7 ? "the week before" : "the \(days) days before"
        let previous = figures.previous
        func direction(_ tallies: [Tally<Direction>], _ key: Direction) -> Int {
            tallies.first { $0.key == key }?.count ?? 0
        }
        func rate(_ value: Double?) -> String { value.map { ReportText.percent($0) } ?? "none" }
        return [
            Number(
                label: "Interactions",
                value: String(figures.interactions.total),
                before: "\(previous.interactionsTotal) \(before)"
            ),
            Number(
                label: "Sent to coaches",
                value: String(direction(figures.interactions.byDirection, .outbound)),
                before: "\(direction(previous.byDirection, .outbound)) \(before)"
            ),
            Number(
                label: "Received from coaches",
                value: String(direction(figures.interactions.byDirection, .inbound)),
                before: "\(direction(previous.byDirection, .inbound)) \(before)"
            ),
            Number(
                label: "Coaches contacted",
                value: String(figures.coaches.contactedCoaches),
                before: "\(previous.contactedCoaches) \(before)"
            ),
            Number(
                label: "Response rate",
                value: rate(figures.coaches.responseRate),
                before: "\(rate(previous.responseRate)) \(before)"
            ),
        ]
    }

    // MARK: The trend in words

    /// The twelve weeks of interactions out and in (docs/season.md §5) as a sentence, for the
    /// chart's alt text and the text part.
    package static func trendWords(_ trend: SeasonTrend) -> String? {
        guard let summary = trendSummary(trend) else { return nil }
        return summary + " Out, oldest first: " + trend.weeks.map { String($0.outbound) }.joined(separator: ", ")
            + "; in: " + trend.weeks.map { String($0.inbound) }.joined(separator: ", ") + "."
    }

    /// The trend in one sentence: the last week against the first, and the busiest week (the
    /// chart's alt text).
    package static func trendSummary(_ trend: SeasonTrend) -> String? {
        guard let first = trend.weeks.first, let last = trend.weeks.last else { return nil }
        let totals = trend.weeks.map { $0.outbound + $0.inbound }
        let peak = totals.indices.max { a, b in totals[a] != totals[b] ? totals[a] < totals[b] : a > b } ?? 0
        var words =
            "Interactions per week for the \(trend.weeks.count) weeks to \(ReportText.day(last.end)): "
            + "\(last.outbound) out and \(last.inbound) in the last week, against \(first.outbound) out and \(first.inbound) in the week of \(ReportText.day(first.start))"
        if totals[peak] > 0 {
            words += "; the busiest was the week of \(ReportText.day(trend.weeks[peak].start)) with \(totals[peak])"
        }
        return words + "."
    }

    // MARK: Attachments

    /// What a file is: "Full report (PDF, 3 pages)", "Your coaches (spreadsheet, XLSX, 12 KB)".
    package static func describe(_ file: RecapEmail.File, data: Data) -> String {
        let kind = file.name.split(separator: "_").first.map(String.init) ?? ""
        let what =
            [
                "report": "Full report", "schools": "Your schools", "coaches": "Your coaches",
                "interactions": "Your interactions",
            ][kind] ?? "File"
        let size = data.count < 1_024 ? "\(data.count) bytes" : "\(max(1, (data.count + 512) / 1_024)) KB"
        switch file.format {
        case "pdf":
            let pages = pdfPages(data)
            return "\(what) (PDF, \(pages.map { $0 == 1 ? "1 page" : "\($0) pages" } ?? size))"
        case "xlsx": return "\(what) (spreadsheet, XLSX, \(size))"
        case "html": return "\(what) (web page, \(size))"
        default: return "\(what) (\(file.format.uppercased()), \(size))"
        }
    }

    /// How many page objects a PDF holds (`/Type /Page`, not `/Pages`); nil when it names none.
    static func pdfPages(_ data: Data) -> Int? {
        let text = String(decoding: data, as: UTF8.self)
        guard let pattern = try? NSRegularExpression(pattern: "/Type\\s*/Page(?![A-Za-z])") else { return nil }
        let count = pattern.numberOfMatches(in: text, range: NSRange(text.startIndex..., in: text))
        return count == 0 ? nil : count
    }
}
