import Foundation
import Testing

@testable import Aggregation
@testable import Delivery

/// The recap's sections as lines (Sources/Delivery/RecapSections.swift): what goes
/// in "Do this week", what is left for "Your reminders", what is counted "in the report".
struct RecapSectionsTests {
    static let today = CivilDate(iso: "2026-11-23")!

    static func deadline(_ school: String, in days: Int) -> FollowUps.Deadline {
        FollowUps.Deadline(
            offerID: "o-\(school)",
            school: school,
            offerType: FreeTextValue(raw: "full_ride"),
            deadline: today.adding(days: days),
            daysLeft: days
        )
    }

    static func awaiting(_ coach: String, days: Int) -> FollowUps.AwaitingReply {
        FollowUps.AwaitingReply(
            coachID: "c-\(coach)",
            coach: coach,
            school: "Amherst College",
            lastContact: today.adding(days: -days),
            daysWaiting: days
        )
    }

    static func reminder(
        _ title: String,
        in days: Int,
        priority: ReminderPriority = .medium
    ) -> PersonalItems.ReminderItem {
        PersonalItems.ReminderItem(
            id: "r-\(title)",
            title: title,
            type: .custom,
            priority: priority,
            school: nil,
            coach: nil,
            due: today.adding(days: days),
            daysLeft: days
        )
    }

    static func ownDeadline(_ label: String, in days: Int) -> PersonalItems.DeadlineItem {
        PersonalItems.DeadlineItem(
            id: "d-\(label)",
            label: label,
            category: "school",
            date: today.adding(days: days),
            daysLeft: days,
            school: nil
        )
    }

    @Test func doThisWeekIsByDateThenCoachesFewestDaysFirstAndCountsTheFamilysRest() {
        var followUps = FollowUps(today: Self.today)
        followUps.deadlines = [
            Self.deadline("Bates", in: 1), Self.deadline("Colby", in: 5), Self.deadline("Tufts", in: 10),
        ]
        followUps.awaitingReply = [
            Self.awaiting("Dana Smith", days: 20), Self.awaiting("Ann Lee", days: 8),
            Self.awaiting("Bo Chen", days: 12),
        ]
        var personal = PersonalItems()
        personal.reminders = [Self.reminder("Call back", in: -2, priority: .high), Self.reminder("Send video", in: 1)]
        personal.deadlines = [Self.ownDeadline("Essay", in: 6), Self.ownDeadline("Tuition form", in: 12)]
        let agenda = RecapSections.agenda(followUps, personal: personal, today: Self.today)
        #expect(
            agenda.doThisWeek.lines.map(\.text) == [
                "Call back: overdue by 2 days (Nov 21, 2026)",
                "Bates's Full Ride offer ends tomorrow (Nov 24, 2026)",
                "Send video: due tomorrow (Nov 24, 2026)",
                "Colby's Full Ride offer ends in 5 days (Nov 28, 2026)",
                "Essay: in 6 days (Nov 29, 2026)",
            ]
        )
        #expect(
            agenda.doThisWeek.lines.map(\.mark) == [
                "Your reminder, high priority", "Deadline", "Your reminder", "Deadline", "Your deadline",
            ]
        )
        #expect(agenda.doThisWeek.lines.map(\.urgent) == [true, true, false, false, false])
        // The three coaches did not fit: the report has them. Tufts (10 days) is for "Coming up".
        #expect(agenda.doThisWeek.more == 3 && agenda.doThisWeek.moreText == "and 3 more in the report")
        #expect(agenda.reminders.map(\.text) == ["Tuition form: in 12 days (Dec 5, 2026)"])
        let coming = RecapSections.comingUp(
            SeasonAhead(),
            deadlines: followUps.deadlines,
            today: Self.today,
            athlete: "Mateo"
        )
        #expect(coming.lines.map(\.text) == ["Tufts's Full Ride offer ends on Dec 3, 2026"])
    }

    @Test func theRecipientsOwnItemsAreNeverLostAndCoachesComeFewestDaysFirst() {
        var followUps = FollowUps(today: Self.today)
        followUps.awaitingReply = [Self.awaiting("Dana Smith", days: 20), Self.awaiting("Ann Lee", days: 8)]
        var personal = PersonalItems()
        personal.reminders = (1...7).map { Self.reminder("Task \($0)", in: -$0) }.reversed()
        let agenda = RecapSections.agenda(followUps, personal: personal, today: Self.today)
        #expect(
            agenda.doThisWeek.lines.map(\.text).map { String($0.prefix(6)) } == [
                "Task 7", "Task 6", "Task 5", "Task 4", "Task 3",
            ]
        )
        #expect(agenda.reminders.map { String($0.text.prefix(6)) } == ["Task 2", "Task 1"])
        #expect(agenda.doThisWeek.more == 2, "the two coaches")
        let coachesOnly = RecapSections.agenda(followUps, personal: PersonalItems(), today: Self.today)
        #expect(
            coachesOnly.doThisWeek.lines.map(\.text) == [
                "Write again to Ann Lee (Amherst College): 8 days since you wrote",
                "Write again to Dana Smith (Amherst College): 20 days since you wrote",
            ]
        )
        #expect(coachesOnly.doThisWeek.moreText == nil && coachesOnly.reminders.isEmpty)
    }

    /// The app's newer to-dos in the e-mail (docs/next-steps.md): a letter due within 7 days
    /// by its date among the deadlines, a broken video after the dated lines, and a contact
    /// window that opens within 60 days in "Coming up", said to be the app's rules.
    @Test func lettersVideosAndContactWindowsInTheEmail() throws {
        var followUps = FollowUps(today: Self.today)
        followUps.deadlines = [Self.deadline("Bates", in: 3)]
        followUps.letters = [
            FollowUps.LetterDue(
                id: "l1",
                writer: "Coach Daniels",
                due: Self.today.adding(days: 2),
                daysLeft: 2,
                status: .requested
            ),
            FollowUps.LetterDue(
                id: "l2",
                writer: "Ms. Alvarez",
                due: Self.today.adding(days: 9),
                daysLeft: 9,
                status: .requested
            ),
        ]
        followUps.brokenVideos = [FollowUps.BrokenVideo(id: "v1", title: nil, platform: "hudl")]
        followUps.awaitingReply = [Self.awaiting("Ann Lee", days: 8)]
        let agenda = RecapSections.agenda(followUps, personal: PersonalItems(), today: Self.today)
        #expect(
            agenda.doThisWeek.lines.map(\.text) == [
                "Recommendation letter from Coach Daniels (requested): due in 2 days (Nov 25, 2026)",
                "Bates's Full Ride offer ends in 3 days (Nov 26, 2026)",
                "Fix the highlight video link \"Untitled video\" (Hudl): it no longer plays",
                "Write again to Ann Lee (Amherst College): 8 days since you wrote",
            ]
        )
        #expect(agenda.doThisWeek.lines.map(\.urgent) == [true, true, true, false])
        var ahead = SeasonAhead()
        let rule = { (division: Division, days: Int?) in
            ContactWindow(
                division: division,
                sport: "*",
                kind: .dateAfterGrade,
                opensOn: days.map { Self.today.adding(days: $0) },
                state: days == nil ? .unknown : .opens,
                daysUntil: days,
                schools: 3,
                note: nil
            )
        }
        ahead.contactWindows = [rule(.d1, 60), rule(.d2, 61), rule(.d3, nil)]
        let coming = RecapSections.comingUp(ahead, deadlines: [], today: Self.today, athlete: "Anaïs")
        #expect(
            coming.lines.map(\.text) == [
                "From Jan 22, 2027, D1 coaches may contact Anaïs directly: 3 schools on your list (the app's contact rules)"
            ]
        )
    }

    @Test func aNewBestIsALineOfWhatChanged() throws {
        var summary = ReportFigures.MetricSummary(
            type: "sixty_time",
            rows: 1,
            count: 1,
            avg: 6.81,
            min: 6.81,
            max: 6.81,
            unit: "s",
            definition: MetricRegistry.app.definition("sixty_time"),
            latest: ReportFigures.MetricEntry(
                date: Self.today,
                value: 6.81,
                display: "6.81 sec",
                source: "Perfect Game",
                verified: true
            )
        )
        summary.progress.best = summary.latest
        summary.progress.bestBefore = 6.92
        summary.progress.newBest = true
        var metrics = ReportFigures.Metrics()
        metrics.summaries = [summary]
        let changed = RecapSections.whatChanged(SeasonChanges(), metrics: metrics)
        #expect(changed.lines.map(\.text) == ["New best: 60-Yard Dash 6.81 sec, was 6.92 (Perfect Game)"])
    }

    @Test func whatChangedPutsFirstRepliesFirstAndCapsAtFive() {
        var changes = SeasonChanges()
        changes.coachesWhoWrote = (1...6).map { n in
            SeasonChanges.CoachWrote(
                coachID: "c\(n)",
                coach: "Coach \(n)",
                school: "School \(n)",
                inbound: n == 2 ? 3 : 1,
                last: Self.today.adding(days: -n),
                firstTime: n == 6
            )
        }
        changes.moved = SeasonChanges.Moved(forward: 2, back: 0, out: 1)
        let changed = RecapSections.whatChanged(changes, metrics: ReportFigures.Metrics())
        #expect(changed.lines.first == RecapSections.Line(text: "Coach 6 (School 6) wrote", mark: "First reply"))
        #expect(
            changed.lines.map(\.text).dropFirst().prefix(2) == [
                "Coach 1 (School 1) wrote", "Coach 2 (School 2) wrote 3 times",
            ]
        )
        #expect(changed.lines.count == 5 && changed.moreText == "and 1 more in the report")
        // The schools that moved come before the coaches, so that five coaches never hide them.
        changes.statusChanges = [
            SeasonChanges.StatusChange(
                id: "h1",
                date: Self.today,
                school: "Stanford University",
                from: .contacted,
                to: .visiting,
                direction: .forward,
                by: nil,
                note: nil
            ),
            SeasonChanges.StatusChange(
                id: "h2",
                date: Self.today,
                school: "Rice University",
                from: .interested,
                to: .notPursuing,
                direction: .out,
                by: nil,
                note: nil
            ),
        ]
        let moved = RecapSections.whatChanged(changes, metrics: ReportFigures.Metrics())
        #expect(
            moved.lines.prefix(3).map(\.text) == [
                "Stanford University: Contacted → Visiting", "Rice University: Interested → Not Pursuing",
                "Coach 6 (School 6) wrote",
            ]
        )
        #expect(moved.lines[1].mark == "Dropped out" && moved.moreText == "and 3 more in the report")
        #expect(RecapSections.movedText(changes) == "2 schools moved forward, 1 dropped out")
        #expect(RecapSections.movedText(SeasonChanges()) == nil)
    }

    @Test func aPDFsPagesAreCountedAndOtherFilesSaySize() {
        let pdf = Data(
            "%PDF-1.5\n1 0 obj << /Type /Pages /Count 2 >>\n2 0 obj << /Type /Page >>\n3 0 obj <</Type/Page/Parent 1 0 R>>\n"
                .utf8
        )
        #expect(
            RecapSections.describe(
                RecapEmail.File(name: "report_rivera_2026-11-16.pdf", path: "", format: "pdf"),
                data: pdf
            ) == "Full report (PDF, 2 pages)"
        )
        #expect(
            RecapSections.describe(
                RecapEmail.File(name: "coaches_rivera.xlsx", path: "", format: "xlsx"),
                data: Data(count: 12_300)
            )
                == "Your coaches (spreadsheet, XLSX, 12 KB)"
        )
        #expect(
            RecapSections.describe(
                RecapEmail.File(name: "schools_rivera.csv", path: "", format: "csv"),
                data: Data(count: 300)
            ) == "Your schools (CSV, 300 bytes)"
        )
    }

    @Test(arguments: [
        ("https://myrecruitingcompass.com", true), ("https://app.example.com/dash?x=1#y", true),
        ("http://app.example.com", false), ("https://user:pw@app.example.com", false),
        ("https://user@app.example.com", false),
        ("https://app.example.com/a b", false), ("https://app.example.com/\"><x", false), ("https://", false),
        ("javascript:alert(1)", false),
    ])
    func anAppURLIsHTTPSWithoutCredentials(url: String, accepted: Bool) {
        #expect((DeliveryJob.appURL(url) != nil) == accepted)
    }
}
