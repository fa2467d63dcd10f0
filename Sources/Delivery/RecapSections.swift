import Aggregation
import Core
import Exporters
import Foundation
import ReportGen

/// The recap's sections in docs/delivery.md's order ("The message"), as lines of words that the
/// templates receive: "Do this week", "Your reminders", "What changed", "Coming up" and "The
/// week in numbers". Pure: made from a report run and, for one recipient, their own items.
package enum RecapSections {
    /// The most lines "Do this week", "What changed" and "Coming up" show; past it one line
    /// says how many more the report holds.
    package static let maxLines = 5
    /// How far ahead "Do this week" looks.
    package static let weekDays = 7
    /// The most of a recipient's own items "Your reminders" lists in the body, so that no table
    /// of the database can push the HTML part past its size; past it, every one of them goes in
    /// an attached list (`Agenda.overflow`), so that none is lost.
    package static let maxReminders = 40

    /// One line of a section: its words, an optional short mark before them ("Deadline",
    /// "First reply") and whether it is urgent (drawn in the alert colour).
    package struct Line: Equatable, Sendable {
        package let text: String
        package var mark: String? = nil
        package var urgent = false

        package var context: [String: Any] {
            var line: [String: Any] = ["text": text, "urgent": urgent]
            if let mark { line["mark"] = mark }
            return line
        }
    }

    /// A section's lines, cut at `maxLines`, and how many were left out.
    package struct Capped: Equatable, Sendable {
        package var lines: [Line]
        package var more: Int

        init(_ all: [Line], limit: Int = RecapSections.maxLines) {
            lines = Array(all.prefix(limit))
            more = max(0, all.count - limit)
        }

        /// "and 6 more in the report"; nil when nothing was left out.
        package var moreText: String? { more == 0 ? nil : "and \(more) more in the report" }
    }

    /// "Do this week" and "Your reminders" of one recipient: `personal` is theirs alone.
    package struct Agenda: Equatable, Sendable {
        package var doThisWeek: Capped
        /// Every one of the recipient's own items that "Do this week" did not show.
        package var ownRest: [Line]

        /// The lines "Your reminders" shows in the body.
        package var reminders: [Line] { Array(ownRest.prefix(RecapSections.maxReminders)) }
        /// The recipient's own items past `maxReminders`, which the attached list holds.
        package var remindersMore: Int { max(0, ownRest.count - RecapSections.maxReminders) }
        /// The attached list of every item of "Your reminders", one line each, when the body
        /// cannot show them all; nil when it can.
        package var overflow: String? {
            remindersMore == 0
                ? nil : ownRest.map { line in "- " + (line.mark.map { $0 + ": " } ?? "") + line.text + "\n" }.joined()
        }
    }

    // MARK: Do this week

    /// The family's offer deadlines of the next 7 days and the recipient's own reminders due by
    /// today + 7 (overdue first) and deadlines of the next 7 days, by date; then the coaches
    /// awaiting a reply, fewest days first. What does not fit: the family's are counted ("in
    /// the report"), the recipient's own go to "Your reminders", so that none is lost.
    package static func agenda(_ followUps: FollowUps, personal: PersonalItems, today: CivilDate) -> Agenda {
        typealias Dated = (date: CivilDate, rank: Int, line: Line, own: Bool)
        var dated: [Dated] = followUps.deadlines.filter { $0.daysLeft <= weekDays }.map { deadline in
            let whose =
                (deadline.school == CoachListRow.unknownSchool ? "" : "\(deadline.school)'s ")
                + "\(deadline.offerType.displayName) offer"
            return (
                deadline.deadline, 0,
                Line(
                    text: "\(whose) ends \(when(deadline.daysLeft, deadline.deadline))",
                    mark: "Deadline",
                    urgent: deadline.daysLeft <= WeekHeadline.deadlineDays
                ), false
            )
        }
        // The family's recommendation letters due (or past due) within 7 days (docs/next-steps.md).
        dated += (followUps.letters ?? []).filter { $0.daysLeft <= weekDays }.map { ($0.due, 0, letterLine($0), false) }
        dated += personal.reminders.map { reminder in
            (reminder.due, 1, reminderLine(reminder), true)
        }
        var laterOwn: [Line] = []
        for deadline in personal.deadlines {
            let line = Line(
                text: deadline.label + about(deadline.school) + ": " + when(deadline.daysLeft, deadline.date),
                mark: "Your deadline",
                urgent: deadline.daysLeft <= WeekHeadline.deadlineDays
            )
            if deadline.daysLeft <= weekDays {
                dated.append((deadline.date, 2, line, true))
            } else {
                laterOwn.append(line)
            }
        }
        dated.sort { a, b in a.date != b.date ? a.date < b.date : a.rank < b.rank }
        let awaiting = followUps.awaitingReply.sorted { a, b in
            a.daysWaiting != b.daysWaiting ? a.daysWaiting < b.daysWaiting : CodePoint.less(a.coach, b.coach)
        }.map { coach in
            (
                line: Line(
                    text:
                        "Write again to \(coach.coach)\(about(coach.school)): \(coach.daysWaiting) days since you wrote"
                ), own: false
            )
        }
        // A broken highlight video is as urgent as the app treats it, after the dated items.
        let videos = (followUps.brokenVideos ?? []).map { (line: videoLine($0), own: false) }
        let all = dated.map { (line: $0.line, own: $0.own) } + videos + awaiting
        let shown = all.prefix(maxLines)
        let rest = all.dropFirst(maxLines)
        let ownRest = rest.filter(\.own).map(\.line) + laterOwn
        var doThisWeek = Capped(shown.map(\.line))
        doThisWeek.more = rest.filter { !$0.own }.count
        return Agenda(doThisWeek: doThisWeek, ownRest: ownRest)
    }

    static func letterLine(_ letter: FollowUps.LetterDue) -> Line {
        let due =
            letter.daysLeft < 0
            ? "overdue since \(ReportText.day(letter.due))" : "due " + when(letter.daysLeft, letter.due)
        return Line(
            text: "Recommendation letter from \(letter.writer) (\(letter.status.displayName.lowercased())): \(due)",
            mark: "Letter",
            urgent: letter.daysLeft <= WeekHeadline.deadlineDays
        )
    }

    static func videoLine(_ video: FollowUps.BrokenVideo) -> Line {
        Line(
            text: "Fix the highlight video link \"\(ReportText.videoName(video))\" "
                + "(\(ReportText.platformName(video.platform))): it no longer plays",
            mark: "Video",
            urgent: true
        )
    }

    static func reminderLine(_ reminder: PersonalItems.ReminderItem) -> Line {
        let whom = [reminder.coach, reminder.school].compactMap { $0 }.joined(separator: ", ")
        let due =
            reminder.daysLeft < 0
            ? "overdue by \(reminder.daysLeft == -1 ? "1 day" : "\(-reminder.daysLeft) days") (\(ReportText.day(reminder.due)))"
            : "due " + when(reminder.daysLeft, reminder.due)
        return Line(
            text: reminder.title + (whom.isEmpty ? "" : " (\(whom))") + ": " + due,
            mark: reminder.priority == .high ? "Your reminder, high priority" : "Your reminder",
            urgent: reminder.daysLeft <= 0
        )
    }

    /// The athlete's first name as the e-mail says it ("Mateo"), else "your athlete".
    package static func athleteName(_ data: FamilyData) -> String {
        let name = data.player.flatMap { data.users[$0.userID]?.fullName }.map(CellText.clean)
        let first = name?.split(separator: " ").first.map(String.init)
        return first.map { WeekHeadline.fit($0, limit: 40) } ?? "your athlete"
    }

    /// "today", "tomorrow", "in 5 days (Nov 28, 2026)".
    static func when(_ daysLeft: Int, _ date: CivilDate) -> String {
        switch daysLeft {
        case 0: "today"
        case 1: "tomorrow (\(ReportText.day(date)))"
        default: "in \(daysLeft) days (\(ReportText.day(date)))"
        }
    }

    /// " (Stanford)", or nothing for an unknown or missing school.
    static func about(_ school: String?) -> String {
        guard let school, !school.isEmpty, school != CoachListRow.unknownSchool else { return "" }
        return " (\(school))"
    }
}
