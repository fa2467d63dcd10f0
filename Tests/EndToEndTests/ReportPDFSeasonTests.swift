import Foundation
import TestFixtures
import TestSupport
import Testing

@testable import AppStore

/// The report's pdf as a family reads it (docs/outputs.md, "The report's pdf"): each card's
/// change, the metric entries, "This week", "Coming up" and "The season" page, read back with
/// pdftotext and poppler's structure tree, for a family with a busy season, one with an empty
/// season and one whose database has no season tables.
struct ReportPDFSeasonTests {
    static let now = ReportCommandTests.now

    /// Family B (busy): 4 schools, 3 coaches, 12 weeks of interactions, status moves, a first
    /// reply, profile views, an event and a dead period ahead, a reminder (personal) and a metric
    /// type with two entries and no value. Family Q: schools and coaches, nothing in the season.
    static func database(at path: String, seasonTables: Bool = true) throws {
        try Fixture.database(at: path) { f in
            try f.family("B", name: "Busy Family", ["created_at": "2024-01-01T00:00:00Z"])
            try f.user("uB", timezone: "America/New_York", fullName: "Pat Busy")
            try f.member(family: "B", user: "uB")
            for (id, name, status) in [
                ("s1", "Amherst College", "interested"), ("s2", "Bates College", "offer_received"),
                ("s3", "Colby College", "declined"), ("s4", "Dartmouth College", "contacted"),
            ] {
                try f.school(id, family: "B", name: name, status: status, ["division": "D1"])
            }
            try f.school(
                "s5",
                family: "B",
                name: "Emory University",
                status: "researching",
                ["division": "D3", "created_at": "2026-11-18T12:00:00Z"]
            )
            for (id, school, first, last) in [
                ("c1", "s1", "Ann", "Avery"), ("c2", "s2", "Bo", "Baker"), ("c3", "s4", "Cy", "Cole"),
            ] {
                try f.coach(id, family: "B", school: school, ["first_name": first, "last_name": last])
            }
            // Eleven weeks before the range of e-mails to c1 and c2; c1 answers most weeks, c3 writes for the first
            // time this week.
            let days = [
                "09-02", "09-09", "09-16", "09-23", "09-30", "10-07", "10-14", "10-21", "10-28", "11-04", "11-11",
            ]
            for (week, date) in days.enumerated() {
                let day = "2026-\(date)T15:00:00Z"
                try f.interaction("o\(week)", family: "B", occurredAt: day, ["coach_id": week % 3 == 0 ? nil : "c1"])
                for extra in 0..<(week % 4) {
                    try f.interaction("x\(week)-\(extra)", family: "B", occurredAt: day, ["coach_id": "c2"])
                }
                if week % 3 == 1 {
                    try f.interaction(
                        "i\(week)",
                        family: "B",
                        direction: "inbound",
                        occurredAt: day,
                        ["coach_id": "c1"]
                    )
                }
            }
            try f.interaction("w1", family: "B", occurredAt: "2026-11-17T15:00:00Z", ["coach_id": "c1"])
            try f.interaction(
                "w2",
                family: "B",
                direction: "inbound",
                occurredAt: "2026-11-19T15:00:00Z",
                ["coach_id": "c3"]
            )
            try f.interaction(
                "w3",
                family: "B",
                direction: "inbound",
                occurredAt: "2026-11-20T15:00:00Z",
                ["coach_id": "c1"]
            )
            try f.interaction("w4", family: "B", direction: "inbound", occurredAt: "2026-11-20T16:00:00Z")
            try f.metric("m1", family: "B", type: "broad_jump", value: nil)
            try f.metric("m2", family: "B", type: "broad_jump", value: nil)
            try f.metric("m3", family: "B", type: "sixty_yard_dash", value: 6.9)
            try f.metric("m4", family: "B", type: "sixty_yard_dash", value: 7.1, recorded: "2026-11-12")
            try f.offer(
                "f1",
                family: "B",
                school: "s2",
                ["offer_date": "2026-11-19", "deadline_date": "2026-12-04", "status": "pending"]
            )
            try f.family("Q", name: "Quiet Family", ["created_at": "2024-01-01T00:00:00Z"])
            try f.school("q1", family: "Q", name: "Quiet State", status: "interested")
            try f.coach("qc", family: "Q", school: "q1")
            guard seasonTables else { return }
            for statement in AppSchema.tableStatements(AppSchema.seasonTables, leavingOut: [], primaryKeys: true) {
                try f.db.execute(sql: statement)
            }
            try f.db.execute(
                sql: """
                    INSERT INTO school_status_history VALUES
                        ('h1', 's1', 'contacted', 'interested', 'uB', '2026-11-17T12:00:00Z', 'Auto-advanced: interaction logged'),
                        ('h2', 's2', 'interested', 'offer_received', 'uB', '2026-11-19T12:00:00Z', NULL),
                        ('h3', 's3', 'interested', 'declined', NULL, '2026-11-20T12:00:00Z', NULL),
                        ('h0', 's2', 'contacted', 'interested', NULL, '2026-10-01T12:00:00Z', NULL);
                    INSERT INTO player_profiles VALUES ('pB', 'uB', 'B', 1);
                    INSERT INTO profile_tracking_links VALUES ('l1', 'pB', 'c1'), ('l2', 'pB', 'c2');
                    INSERT INTO profile_views VALUES ('v1', 'pB', 'l1', '2026-11-18T12:00:00Z'), ('v2', 'pB', 'l1', '2026-11-19T12:00:00Z'),
                        ('v3', 'pB', 'l2', '2026-11-19T13:00:00Z'), ('v4', 'pB', NULL, '2026-11-20T12:00:00Z'), ('v5', 'pB', NULL, '2026-10-20T12:00:00Z');
                    INSERT INTO events (id, family_unit_id, school_id, user_id, type, name, city, state, start_date, end_date, start_time, registered) VALUES
                        ('e1', 'B', 's1', NULL, 'camp', 'Amherst Winter Prospect Camp', 'Amherst', 'MA', '2026-11-28', NULL, '09:30', 1),
                        ('e2', 'B', 's2', NULL, 'official_visit', 'Bates Official Visit', NULL, NULL, '2026-12-03', '2026-12-04', NULL, 0);
                    INSERT INTO follow_up_reminders VALUES ('r1', 'uB', 's1', 'c1', 'follow_up', 'Call Coach Avery privately', '2026-11-24', 'high', 0);
                    INSERT INTO user_deadlines VALUES ('d1', 'uB', 'Secret essay deadline', '2026-12-01', 'school', 's1');
                    INSERT INTO system_calendar VALUES ('k1', 'Thanksgiving Dead Period', '2026-11-26', '2026-11-29', 'dead_period', NULL, 'd1'),
                        ('k2', 'D2 Quiet Period', '2026-11-26', '2026-11-29', 'quiet_period', NULL, 'd2');
                    """
            )
        }
    }

    /// The report's pdf of one family, previous week, and its text.
    static func report(_ family: String, in folder: TemporaryFolder) throws -> (path: String, text: String) {
        let result = try ReportBatchProcess.run(
            [
                "report", "--db", "app.db", "--family", family, "--preset", "previous-week",
                "--now", now, "--format", "pdf", "--out", family,
            ],
            in: folder.path
        )
        #expect(result.status == 0, "\(result.stderr)")
        let name = try #require(
            try FileManager.default.contentsOfDirectory(atPath: folder.file(family)).first { $0.hasSuffix(".pdf") }
        )
        let path = folder.file("\(family)/\(name)")
        return (path, try ReportBatchProcess.tool("pdftotext", [path, "-"]).stdout)
    }

    static func oneLine(_ text: String) -> String {
        text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    @Test func aBusySeasonReadsInWords() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try Self.database(at: folder.file("app.db"))
        let (path, layout) = try Self.report("B", in: folder)
        let text = Self.oneLine(layout)
        // The cards' changes against Nov 9 – Nov 15, and the metric entries apart.
        #expect(text.contains("+1 since Nov 15"), "\(text)")
        #expect(text.contains("no change"))
        #expect(text.contains("2 entries, no value"))
        // This week.
        for words in [
            "This week", "1 school moved forward and 1 dropped out", "Status changes", "Forward", "Out", "Pat Busy",
            "Same stage",
            "Coaches who wrote", "Cy Cole", "First reply", "and 1 inbound interaction from no coach on your list",
            "Emory University", "New offer", "Bates College",
            "4 views of the profile, 3 by coaches on your list and 1 by others",
            "Ann Avery",
        ] {
            #expect(text.contains(words), "the report lacks \(words)")
        }
        // Coming up, from today (Nov 23): the camp in 5 days, the D1 dead period, not the D2 one.
        for words in [
            "Coming up", "Amherst Winter Prospect Camp", "Amherst, MA", "in 5 days", "Bates Official Visit",
            "Thanksgiving Dead Period", "Dead Period",
        ] {
            #expect(text.contains(words), "the report lacks \(words)")
        }
        #expect(!text.contains("D2 Quiet Period"))
        // Personal items never reach the family's pdf.
        #expect(!text.contains("Call Coach Avery privately") && !text.contains("Secret essay deadline"))
        // The season page: three charts, each with its caption in words.
        for words in [
            "The season", "Interactions per week", "Response rate per week", "Schools at each stage at the week's end",
            "Outbound:", "Inbound:", "Profile views:", "Response rate:", "highest", "No coach was contacted in",
            "Contacted:", "Visiting:", "Offer Received:", "Committed:",
        ] {
            #expect(text.contains(words), "the season page lacks \(words)")
        }
        let pages = try ReportBatchProcess.tool("pdfinfo", [path]).stdout
        let last = try ReportBatchProcess.tool(
            "pdftotext",
            ["-f", "\(Self.pageCount(pages))", "-l", "\(Self.pageCount(pages))", path, "-"]
        ).stdout
        #expect(last.contains("Schools at each stage at the week's end"), "the charts come last")
    }

    static func pageCount(_ info: String) -> Int {
        info.split(separator: "\n").first { $0.hasPrefix("Pages:") }.flatMap {
            Int($0.split(separator: " ").last ?? "")
        } ?? 0
    }

    @Test func theNewSectionsAreHeadingsTablesAndFigures() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try Self.database(at: folder.file("app.db"))
        let (path, _) = try Self.report("B", in: folder)
        let nodes = try PDFAccessibilityTests.structure(of: path)
        let headings = nodes.filter { $0.type == "H2" }.map { $0.text.trimmingCharacters(in: .whitespaces) }
        for heading in ["This week", "Coming up", "The season"] { #expect(headings.contains(heading), "\(headings)") }
        let subheadings = nodes.filter { $0.type == "H3" }.map { $0.text.trimmingCharacters(in: .whitespaces) }
        for heading in [
            "Status changes", "Coaches who wrote", "Events", "Recruiting calendar", "Interactions per week",
            "Response rate per week",
        ] { #expect(subheadings.contains(heading), "\(subheadings)") }
        #expect(nodes.filter { $0.type == "Figure" }.count >= 3 + 2)  // the three charts and the report's bar charts
        let captions = nodes.filter { $0.type == "Caption" && $0.text.contains("(week of") }
        #expect(captions.count == 3, "\(captions.map(\.text))")
        #expect(captions.contains { $0.text.contains("Response rate:") && $0.text.contains("highest") })
        #expect(nodes.contains { $0.type == "TH" && $0.text.contains("Move") })
        #expect(nodes.contains { $0.type == "TH" && $0.text.contains("Registered") })
        // Every card's change is in its LBody, after its figure and what it counts.
        #expect(
            nodes.contains { $0.type == "LBody" && $0.text.contains("5on your list+1") },
            "\(nodes.filter { $0.type == "LBody" }.map(\.text))"
        )
        try PDFAccessibilityTests.expectNoTextOutside(nodes, of: path, kind: "report")
        // No text below 9 points but the footer's.
        let small = try ReportBatchProcess.tool("python3", ["-c", PDFAccessibilityTests.smallCharacters, path]).stdout
        #expect(small.hasSuffix("checked\n") && small.split(separator: "\n").count == 1, "\(small.prefix(400))")
    }

    @Test func anEmptySeasonAndAMissingOneSayWhatTheyAre() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try Self.database(at: folder.file("app.db"))
        let quiet = Self.oneLine(try Self.report("Q", in: folder).text)
        for words in [
            "No school moved forward, back or out in this period", "No coach on your list wrote in this period",
            "No school added and no offer in this period", "No one viewed the profile in this period",
            "No camps, showcases, visits or games in the next 14 days", "The season", "Outbound: 0 every week.",
            "Response rate: none in any week.",
        ] {
            #expect(quiet.contains(words), "the quiet family's report lacks \(words): \(quiet)")
        }
        let without = try TemporaryFolder()
        defer { without.remove() }
        try Self.database(at: without.file("app.db"), seasonTables: false)
        let text = Self.oneLine(try Self.report("B", in: without).text)
        #expect(text.contains("Status changes are not recorded in this database"))
        #expect(text.contains("Not recorded in this database: profile views"))
        #expect(!text.contains("Coming up"), "no events and no calendar: the section is left out")
        #expect(
            text.contains("Cy Cole") && text.contains("First reply"),
            "the coaches who wrote come from the core tables"
        )
        #expect(text.contains("Interactions per week") && !text.contains("Profile views:"))
    }

    /// How far down each page its text reaches, as a share of the page's height, the footer
    /// (the bottom 40 points) left out: from poppler's word boxes.
    static func filled(_ path: String) throws -> [Double] {
        var pages: [Double] = []
        for line in try ReportBatchProcess.tool("pdftotext", ["-bbox", path, "-"]).stdout.split(separator: "\n") {
            if line.contains("<page ") {
                pages.append(0)
            } else if let match = line.firstMatch(of: /yMax="([0-9.]+)"/), let bottom = Double(match.1),
                bottom < 792 - 40, !pages.isEmpty
            {
                pages[pages.count - 1] = max(pages[pages.count - 1], bottom / 792)
            }
        }
        return pages
    }

    /// The demo's Rivera family, previous week: the comparison on the first page beside the
    /// cards, and no page but the last mostly blank (the comparison alone used to fill 20 % of
    /// a fourth page). The season's sections and its charts make it 6 pages.
    @Test func theDemoReportHasNoMostlyBlankPage() throws {
        let demo = try ReportCommandTests.Demo()
        defer { demo.folder.remove() }
        let result = try ReportBatchProcess.run(
            [
                "report", "--db", "demo.db", "--family", demo.rivera, "--preset", "previous-week",
                "--now", Self.now, "--format", "pdf", "--out", "out",
            ],
            in: demo.folder.path
        )
        #expect(result.status == 0, "\(result.stderr)")
        let name = try #require(
            try FileManager.default.contentsOfDirectory(atPath: demo.folder.file("out")).first { $0.hasSuffix(".pdf") }
        )
        let path = demo.folder.file("out/\(name)")
        let first = try ReportBatchProcess.tool("pdftotext", ["-f", "1", "-l", "1", path, "-"]).stdout
        #expect(
            first.contains("Compared with Nov 9, 2026 – Nov 15, 2026") && first.contains("Outbound interactions"),
            "\(first)"
        )
        let pages = try Self.filled(path)
        #expect(pages.count >= 3 && pages.count <= 6, "\(pages.count) pages")
        for (index, share) in pages.dropLast().enumerated() {
            #expect(share > 0.5, "page \(index + 1) of \(pages.count) is filled to \(Int(share * 100)) %")
        }
        let last = try ReportBatchProcess.tool(
            "pdftotext",
            ["-f", "\(pages.count)", "-l", "\(pages.count)", path, "-"]
        ).stdout
        #expect(last.contains("Schools at each stage at the week's end"))
    }
}
