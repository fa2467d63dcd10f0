import Aggregation
import AppStore
import Foundation
import GRDB
import SeededRandom

/// Writes the season's tables (docs/season.md §1) for the demo: a history of status changes
/// that follows the app's funnel (with its "Auto-advanced" note), a published profile with
/// views from tracked coaches and anonymous ones, events behind and ahead, each member's
/// reminders and deadlines, and the recruiting calendar with its sports. It draws from a
/// random stream of its own, so that the other tables' rows stay what they were.
struct DemoSeasonWriter {
    private var random: SplitMix64
    private let today: CivilDate
    private let history, profiles, links, views, events, reminders, deadlines, calendar, sports: TableInserter
    /// The ids of the sports, by name.
    private(set) var sportIDs: [String: String] = [:]

    init(db: Database, options: DemoOptions) throws {
        random = SplitMix64(seed: options.seed ^ 0x5EA5_0000_0000_0001)
        today = options.today
        try AppSchema.createSeasonTables(in: db)
        func inserter(_ table: AppSchema.Table) throws -> TableInserter {
            try TableInserter(db: db, table: table, includeOptionalColumns: true)
        }
        history = try inserter(AppSchema.schoolStatusHistory)
        profiles = try inserter(AppSchema.playerProfiles)
        links = try inserter(AppSchema.profileTrackingLinks)
        views = try inserter(AppSchema.profileViews)
        events = try inserter(AppSchema.events)
        reminders = try inserter(AppSchema.followUpReminders)
        deadlines = try inserter(AppSchema.userDeadlines)
        calendar = try inserter(AppSchema.systemCalendar)
        sports = try inserter(AppSchema.sports)
    }

    // MARK: Every family's rows

    /// The sports and the recruiting calendar around today: dead, quiet, contact and
    /// evaluation periods for D1–D3, a softball entry that a baseball player does not see,
    /// test dates and a signing period that has passed.
    mutating func writeShared() throws {
        for name in ["Baseball", "Softball", "Football", "Basketball", "Soccer", "Volleyball"] {
            let id = random.uuid()
            sportIDs[name] = id
            try sports.insert(["id": id, "name": name])
        }
        let entries: [(String, Int, Int?, CalendarCategory, String?, String?)] = [
            ("Thanksgiving dead period", 2, 5, .deadPeriod, "Baseball", "d1"),
            ("Winter quiet period", 6, 40, .quietPeriod, "Baseball", "d1"),
            ("Fall contact period", -10, 20, .contactPeriod, "baseball ", "d2"),
            ("Winter contact period", -30, 60, .contactPeriod, nil, "d3"),
            ("Evaluation period", 8, 12, .evaluationPeriod, nil, "d2"),
            ("Softball dead period", 1, 3, .deadPeriod, "Softball", "d1"),
            ("SAT test date", 10, nil, .satDate, nil, nil),
            ("ACT test date", 17, nil, .actDate, nil, nil),
            ("Early signing period", -12, -5, .signingDay, "Baseball", "d1"),
        ]
        for (label, start, end, category, sport, division) in entries {
            try calendar.insert([
                "id": random.uuid(), "label": label, "start_date": day(start).description,
                "end_date": end.map { day($0).description }, "category": category.rawValue, "sport": sport,
                "division": division,
            ])
        }
    }

    /// One family's rows of the season's tables.
    mutating func write(_ family: DemoFamilyRecord) throws {
        try writeHistory(family)
        try writeProfile(family)
        guard !family.schools.isEmpty else { return }
        try writeEvents(family)
        for member in family.members {
            try writeReminders(member, family)
        }
    }

    // MARK: History

    /// The pipeline's steps from researching to `status`; a school that left the list was
    /// contacted first.
    static func path(to status: SchoolStatus) -> [SchoolStatus] {
        switch status {
        case .researching: []
        case .contacted: [.contacted]
        case .visiting: [.contacted, .visiting]
        case .offerReceived: [.contacted, .visiting, .offerReceived]
        case .committed: [.contacted, .offerReceived, .committed]
        case .notPursuing: [.contacted, .notPursuing]
        }
    }

    /// The day the app's statuses became the five stages and the off-ramp (its migrations of
    /// 2026-08-28): a row recorded before it spells `visiting` and `not_pursuing` as the app
    /// did then, `camp_invite` and `declined`.
    static let pipelineSince = CivilDate(year: 2026, month: 8, day: 28)

    static func recorded(_ status: SchoolStatus, on date: CivilDate) -> StoredSchoolStatus {
        guard let since = pipelineSince, date < since else { return StoredSchoolStatus(status) }
        switch status {
        case .visiting: return .campInvite
        case .notPursuing: return .declined
        default: return StoredSchoolStatus(status)
        }
    }

    /// The last one to three steps of each school's path; the first three schools of a family
    /// took their last step in the past week, so that the weekly report has moves.
    private mutating func writeHistory(_ family: DemoFamilyRecord) throws {
        for (index, school) in family.schools.enumerated() {
            let steps = Self.path(to: school.status)
            guard !steps.isEmpty else { continue }
            let taken = Array(steps.suffix(random.int(1...3)))
            let span = max(1, school.created.days(until: today) - 8)
            var dates = taken.indices.map { _ in school.created.adding(days: random.int(0...span)) }.sorted()
            if index < 3 { dates[dates.count - 1] = today.adding(days: -random.int(0...6)) }
            var previous = steps.firstIndex(of: taken[0]).map { $0 == 0 ? nil : steps[$0 - 1] } ?? nil
            for (step, date) in zip(taken, dates) {
                let automatic = step == .contacted && random.chance(0.7)
                try history.insert([
                    "id": random.uuid(), "school_id": school.id,
                    "previous_status": Self.recorded(previous ?? .researching, on: date).rawValue,
                    "new_status": Self.recorded(step, on: date).rawValue,
                    "changed_by": automatic ? nil : random.pick(family.members),
                    "changed_at": stamp(date, hour: random.int(8...21), family.zone),
                    "notes": automatic
                        ? "Auto-advanced: interaction logged"
                        : (random.chance(0.3) ? "Talked it over after the call." : nil),
                ])
                previous = step
            }
        }
    }

    // MARK: Profile and its views

    /// A published profile, tracking links for about four coaches in ten, and 0–20 views a
    /// week over the last twelve weeks (more in the large family), most through a link.
    private mutating func writeProfile(_ family: DemoFamilyRecord) throws {
        let profile = random.uuid()
        try profiles.insert([
            "id": profile, "user_id": family.members[0], "family_unit_id": family.familyID, "is_published": 1,
        ])
        var linkIDs: [String] = []
        for coach in family.coaches where random.chance(0.4) {
            let id = random.uuid()
            try links.insert(["id": id, "profile_id": profile, "coach_id": coach])
            linkIDs.append(id)
        }
        guard !family.schools.isEmpty else { return }
        for week in 0..<12 {
            for _ in 0..<random.int(0...(family.large ? 20 : 8)) {
                let date = today.adding(days: -(week * 7 + random.int(0...6)))
                let link: String? = !linkIDs.isEmpty && random.chance(0.6) ? random.pick(linkIDs) : nil
                try views.insert([
                    "id": random.uuid(), "profile_id": profile, "tracking_link_id": link,
                    "viewed_at": stamp(date, hour: random.int(7...22), family.zone),
                ])
            }
        }
    }

    // MARK: Events

    /// Three to six camps, showcases, visits and games: some behind, some in the next two
    /// weeks, some later; visits at one of the family's schools, most of the others too.
    private mutating func writeEvents(_ family: DemoFamilyRecord) throws {
        for number in 0..<random.int(3...6) {
            let type = random.pick(EventType.allCases)
            let visit = type == .officialVisit || type == .unofficialVisit
            let school: DemoFamilyRecord.School? = visit || random.chance(0.7) ? random.pick(family.schools) : nil
            let offset =
                number == 0
                ? random.int(1...6) : random.pick([random.int(-60 ... -1), random.int(0...14), random.int(15...90)])
            let start = today.adding(days: offset)
            let long = type == .showcase || type == .officialVisit
            try events.insert([
                "id": random.uuid(), "family_unit_id": random.chance(0.9) ? family.familyID : nil,
                "school_id": school?.id,
                "user_id": family.members[0], "type": type.rawValue,
                "name": school.map { "\($0.name) \(type.displayName)" } ?? "Regional \(type.displayName)",
                "location": school == nil ? "Regional Sports Complex" : nil, "city": school?.city,
                "state": school?.state,
                "start_date": start.description, "end_date": long ? start.adding(days: 1).description : nil,
                "start_time": random.pick(["09:30", "13:00:00", nil] as [String?]),
                "registered": random.chance(0.6) ? 1 : 0, "attended": offset < 0 ? (random.chance(0.8) ? 1 : 0) : nil,
            ])
        }
    }

    // MARK: Personal items

    private static let reminderTitles = [
        "Send the updated highlight video", "Call the coach back about the visit", "Email the fall transcript",
        "Write a thank-you note after the camp", "Register for the winter showcase",
        "Ask about the walk-on tryout date",
    ]
    private static let deadlineLabels = [
        ("Financial aid form (FAFSA)", "money"), ("Application essay draft", "school"),
        ("Official visit RSVP", "visit"),
        ("Housing deposit", "money"),
    ]

    /// Up to four reminders of the member (overdue, due this week, later; one in four done)
    /// and up to two deadlines of their own in the next three weeks.
    private mutating func writeReminders(_ member: String, _ family: DemoFamilyRecord) throws {
        for _ in 0..<random.int(0...4) {
            let due = today.adding(days: random.pick([random.int(-10 ... -1), random.int(0...7), random.int(8...30)]))
            try reminders.insert([
                "id": random.uuid(), "user_id": member,
                "school_id": random.chance(0.6) ? random.pick(family.schools).id : nil,
                "coach_id": random.chance(0.4) && !family.coaches.isEmpty ? random.pick(family.coaches) : nil,
                "reminder_type": random.pick(ReminderType.allCases).rawValue, "title": random.pick(Self.reminderTitles),
                "due_date": stamp(due, hour: 17, family.zone),
                "priority": random.chance(0.2) ? nil : random.pick(ReminderPriority.allCases).rawValue,
                "is_completed": random.chance(0.25) ? 1 : (random.chance(0.5) ? 0 : nil),
            ])
        }
        for _ in 0..<random.int(0...2) {
            let (label, category) = random.pick(Self.deadlineLabels)
            try deadlines.insert([
                "id": random.uuid(), "user_id": member, "label": label,
                "deadline_date": today.adding(days: random.int(0...20)).description,
                "category": category, "school_id": random.chance(0.5) ? random.pick(family.schools).id : nil,
            ])
        }
    }

    // MARK: Values

    private func day(_ offset: Int) -> CivilDate { today.adding(days: offset) }

    private func stamp(_ date: CivilDate, hour: Int, _ zone: Zone) -> String {
        Instant(seconds: zone.startOfDay(date).seconds + Int64(hour * 3600)).iso8601
    }
}
