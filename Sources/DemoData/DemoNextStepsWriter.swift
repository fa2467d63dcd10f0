import Aggregation
import AppStore
import GRDB
import SeededRandom

/// Writes the app's newer tables for the demo (docs/next-steps.md): the app's eight seeded
/// contact-window rules, and for each family with schools outreach messages that draw both
/// of the app's warnings, the player's highlight videos (one broken) and recommendation
/// letters (one due within the week, one received), some with no family but the player's.
/// It draws from a random stream of its own, so that the other tables' rows stay what they were.
struct DemoNextStepsWriter {
    private var random: SplitMix64
    private let today: CivilDate
    private let messages, videos, letters, rules: TableInserter

    init(db: Database, options: DemoOptions) throws {
        random = SplitMix64(seed: options.seed ^ 0x4E57_5374_0000_0001)
        today = options.today
        func inserter(_ table: AppSchema.Table) throws -> TableInserter {
            try TableInserter(db: db, table: table, includeOptionalColumns: true)
        }
        messages = try inserter(AppSchema.athleteMessages)
        videos = try inserter(AppSchema.videoLinks)
        letters = try inserter(AppSchema.recommendationLetters)
        rules = try inserter(AppSchema.contactWindowRules)
    }

    /// The rules as the app's migration 20260820000000 seeds them.
    static let seededRules: [(String, String, String, String?, String?, String)] = [
        (
            "baseball", "D1", "date_before_grade", "junior", "Aug 1",
            "Coaches may contact starting Aug 1 before junior year."
        ),
        ("softball", "D1", "date_after_grade", "sophomore", "Sept 1", "Sept 1 of junior year."),
        (
            "football", "D1", "date_after_grade", "sophomore", "Sept 1",
            "Sept 1 of junior year (recruiting materials Jun 15 after sophomore)."
        ),
        (
            "*", "D1", "date_after_grade", "sophomore", "Jun 15",
            "Default D1: Jun 15 after sophomore year (text/email/social)."
        ),
        ("*", "D2", "date_after_grade", "sophomore", "Jun 15", "D2 coach contact opens Jun 15 after sophomore year."),
        ("*", "D3", "unrestricted", nil, nil, "No NCAA D3 contact-date restriction."),
        ("*", "NAIA", "unrestricted", nil, nil, "No NAIA contact-date restriction."),
        ("*", "JUCO", "unrestricted", nil, nil, "No NJCAA/JUCO contact-date restriction."),
    ]

    static let subjects = [
        "intro": "Introduction: class of 2028, recruiting video inside", "follow_up": "Following up on my introduction",
        "update": "Season update and my new showcase numbers", "camp_follow_up": "Thank you for the camp",
    ]

    mutating func writeRules() throws {
        for (sport, division, kind, reference, date, notes) in Self.seededRules {
            try rules.insert([
                "id": random.uuid(), "sport": sport, "division": division, "rule_kind": kind, "reference": reference,
                "window_date": date, "notes": notes,
            ])
        }
    }

    mutating func write(_ family: DemoFamilyRecord) throws {
        guard let player = family.members.first, !family.schools.isEmpty else { return }
        try writeMessages(family, player: player)
        try writeVideos(family, player: player)
        try writeLetters(family, player: player)
    }

    /// Three messages to one school (the third draws "already sent 2 messages here") and two
    /// to another three days apart (the second draws "last messaged … days ago"), the last of
    /// each in the past week.
    private mutating func writeMessages(_ family: DemoFamilyRecord, player: String) throws {
        let schools = family.schools.shuffled(using: &random)
        let plan: [(school: DemoFamilyRecord.School, daysAgo: Int, slug: String)] =
            [(schools[0], 24, "intro"), (schools[0], 15, "follow_up"), (schools[0], 2, "update")]
            + (schools.count > 1 ? [(schools[1], 6, "intro"), (schools[1], 3, "camp_follow_up")] : [])
        for (index, message) in plan.enumerated() {
            let day = today.adding(days: -message.daysAgo)
            try messages.insert([
                "id": random.uuid(), "user_id": player, "family_unit_id": family.familyID,
                "school_id": message.school.id, "coach_id": nil, "template_slug": message.slug,
                "channel": index % 2 == 0 ? "email" : "dm",
                "subject": Self.subjects[message.slug],
                "sent_at": stamp(day, hour: 17 + index % 3, family.zone),
            ])
        }
    }

    /// Three links: a healthy YouTube one, a broken Hudl one (the large family and every
    /// other), one not yet checked with no family but the player's.
    private mutating func writeVideos(_ family: DemoFamilyRecord, player: String) throws {
        let broken = family.large || random.chance(0.5)
        let rows: [(String, String?, String, String?)] = [
            ("youtube", "Junior season highlights", "healthy", family.familyID),
            ("hudl", "Showcase reel", broken ? "broken" : "healthy", family.familyID),
            ("vimeo", nil, "unknown", nil),
        ]
        for (platform, title, health, familyID) in rows {
            let id = random.uuid()
            try videos.insert([
                "id": id, "user_id": player, "family_unit_id": familyID, "platform": platform,
                "url": "https://video.example.com/\(platform)/\(id.prefix(8))", "title": title, "health_status": health,
            ])
        }
    }

    /// A letter requested and due within the week, one received (past its due day), one not
    /// yet requested, due in 12 days and with no family but the player's.
    private mutating func writeLetters(_ family: DemoFamilyRecord, player: String) throws {
        let rows: [(String, Int, String, String?)] = [
            ("Coach Daniels", 4, "requested", family.familyID), ("Ms. Alvarez", -3, "received", family.familyID),
            ("Mr. Chen, \"AP Physics\"", 12, "not_requested", nil),
        ]
        for (writer, days, status, familyID) in rows {
            try letters.insert([
                "id": random.uuid(), "user_id": player, "family_unit_id": familyID, "writer_name": writer,
                "due_date": today.adding(days: days).description, "status": status,
            ])
        }
    }

    private func stamp(_ date: CivilDate, hour: Int, _ zone: Zone) -> String {
        Instant(seconds: zone.startOfDay(date).seconds + Int64(hour * 3600)).iso8601
    }
}
