import Foundation
import TestFixtures
import TestSupport
import Testing

/// `demo`, `families` and `check` as a user runs them: stdout, stderr, exit code, files.
struct FoundationCommandTests {
    /// An output named with one character in the current folder is written (Foundation's
    /// `deletingLastPathComponent` stopped the process on it: PathText.swift).
    @Test func aOneCharacterOutputNameIsWritten() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let made = try ReportBatchProcess.run(["demo", "--out", "a", "--quiet"], in: folder.path)
        #expect(made.status == 0, "\(made.stderr)")
        #expect(made.stderr.isEmpty, "\(made.stderr)")
        let check = try ReportBatchProcess.run(["check", "--db", "a"], in: folder.path)
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
    }

    @Test func theDemoIsDeterministicAndPassesCheck() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        for name in ["one.db", "two.db"] {
            let made = try ReportBatchProcess.run(
                ["demo", "--out", name, "--seed", "7", "--today", "2026-11-22"],
                in: folder.path
            )
            #expect(made.status == 0, "\(made.stderr)")
            #expect(
                made.stderr
                    == "wrote \(name): 4 families, 9 users, 68 schools, 139 coaches, 690 interactions, 73 metrics, "
                    + "9 offers (today 2026-11-22, seed 7)\n"
            )
        }
        let first = try ReportBatchProcess.tool("sqlite3", [folder.file("one.db"), ".dump"])
        let second = try ReportBatchProcess.tool("sqlite3", [folder.file("two.db"), ".dump"])
        #expect(first.status == 0)
        // The dump holds the rows the demo said it wrote, table by table.
        let lines = first.stdout.split(separator: "\n")
        #expect(lines.prefix(2) == ["PRAGMA foreign_keys=OFF;", "BEGIN TRANSACTION;"] && lines.last == "COMMIT;")
        let rows = ["family_units", "users", "schools", "coaches", "interactions", "performance_metrics", "offers"].map
        {
            table in lines.filter { $0.hasPrefix("INSERT INTO \(table) VALUES(") }.count
        }
        #expect(rows == [4, 9, 68, 139, 690, 73, 9])
        #expect(first.stdout == second.stdout)

        // Another seed or another day gives other data.
        _ = try ReportBatchProcess.run(
            ["demo", "--out", "three.db", "--seed", "8", "--today", "2026-11-22"],
            in: folder.path
        )
        #expect(try ReportBatchProcess.tool("sqlite3", [folder.file("three.db"), ".dump"]).stdout != first.stdout)

        let check = try ReportBatchProcess.run(["check", "--db", "one.db"], in: folder.path)
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
        #expect(check.stderr == "one.db: no problems found\n")
        // Nothing but the two databases and the third was written.
        #expect(folder.contents() == ["one.db", "three.db", "two.db"])
    }

    @Test func theDemoHoldsEveryValueAndTheHostileStrings() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        _ = try ReportBatchProcess.run(["demo", "--out", "demo.db", "--today", "2026-11-22"], in: folder.path)
        func values(_ sql: String) throws -> Set<String> {
            Set(
                try ReportBatchProcess.tool("sqlite3", [folder.file("demo.db"), sql]).stdout.split(separator: "\n").map(
                    String.init
                )
            )
        }
        // The six statuses, and older ones in the second family's schools (an older snapshot) and
        // in history rows of before 2026-08-28 only.
        let statuses = try values("SELECT DISTINCT status FROM schools")
        #expect(
            statuses.isSuperset(of: [
                "researching", "contacted", "visiting", "offer_received", "committed", "not_pursuing", "interested",
                "declined",
            ]),
            "\(statuses)"
        )
        let older =
            "('interested', 'camp_invite', 'recruited', 'official_visit_invited', 'official_visit_scheduled', 'declined')"
        #expect(
            try values(
                "SELECT count(*) FROM school_status_history WHERE (new_status IN \(older) OR previous_status IN \(older)) AND substr(changed_at, 1, 10) >= '2026-08-29'"
            ) == ["0"]
        )
        #expect(try values("SELECT count(*) > 0 FROM school_status_history WHERE new_status IN \(older)") == ["1"])
        #expect(try values("SELECT DISTINCT type FROM interactions").count == 13)
        #expect(
            try values("SELECT DISTINCT coalesce(sentiment, 'null') FROM interactions") == [
                "very_positive", "positive", "neutral", "negative", "null",
            ]
        )
        #expect(
            try values("SELECT DISTINCT coalesce(division, 'null') FROM schools") == [
                "D1", "D2", "D3", "NAIA", "JUCO", "null",
            ]
        )
        #expect(try values("SELECT DISTINCT role FROM coaches") == ["head", "assistant", "recruiting"])
        #expect(
            try values("SELECT DISTINCT timezone FROM users WHERE timezone IS NOT NULL").contains("America/Los_Angeles")
        )
        #expect(try values("SELECT count(*) FROM schools GROUP BY family_unit_id ORDER BY 1 DESC LIMIT 1") == ["40"])
        #expect(try values("SELECT count(*) FROM offers") != ["0"])
        #expect(try values("SELECT count(*) FROM user_preferences WHERE category = 'location'") == ["4"])
        let notes = try ReportBatchProcess.tool(
            "sqlite3",
            [folder.file("demo.db"), "SELECT notes FROM schools UNION ALL SELECT content FROM interactions"]
        ).stdout
        for hostile in [
            "Núñez", "東京大学", "🏈", "Smith, Jr.", "\"come visit\"", "Line one\nLine two", "=HYPERLINK", "+1 555",
            "@coach_handle", "-5 degrees",
        ] {
            #expect(notes.contains(hostile), "the demo lacks \(hostile)")
        }
        // Interactions spread over two years before --today, and some in the last week.
        let range = try ReportBatchProcess.tool(
            "sqlite3",
            [
                folder.file("demo.db"),
                "SELECT min(substr(created_at,1,10)), max(substr(created_at,1,10)) FROM interactions",
            ]
        ).stdout
        #expect(range.hasPrefix("2024-11-2") && range.contains("|2026-11-2"), "\(range)")
    }

    /// The season's tables (docs/season.md, "The demo's season"): every one filled, read
    /// without a note, and the Rivera family's week has moves, coaches who wrote, profile
    /// views, events and calendar entries of its divisions and sport, and no member's
    /// reminder or deadline in its files.
    @Test func theDemoWritesTheSeasonAndTheWeeklyReportShowsIt() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        _ = try ReportBatchProcess.run(["demo", "--out", "demo.db", "--today", "2026-11-22"], in: folder.path)
        func value(_ sql: String) throws -> String {
            try ReportBatchProcess.tool("sqlite3", [folder.file("demo.db"), sql]).stdout.trimmingCharacters(
                in: .whitespacesAndNewlines
            )
        }
        for table in [
            "school_status_history", "player_profiles", "profile_tracking_links", "profile_views", "events",
            "follow_up_reminders",
            "user_deadlines", "system_calendar", "sports",
        ] {
            #expect(try value("SELECT count(*) > 0 FROM \(table)") == "1", "\(table) is empty")
        }
        // Two baseball players by primary_sport_id, a football player, and the Hawks' softball
        // player named only by the `player` preference (app-today.md §3).
        #expect(
            try value(
                "SELECT group_concat(coalesce(s.name, '-'), ',') FROM (SELECT s.name FROM users u JOIN family_members m ON m.user_id = u.id LEFT JOIN sports s ON s.id = u.primary_sport_id WHERE m.role IN ('player', 'athlete') ORDER BY 1) s"
            ) == "-,Baseball,Baseball,Football"
        )
        #expect(
            try value(
                "SELECT json_extract(p.data, '$.primary_sport') FROM user_preferences p JOIN family_members m ON m.user_id = p.user_id WHERE p.category = 'player' AND m.role = 'athlete'"
            ) == "Softball"
        )
        #expect(
            try value(
                "SELECT count(*) > 0 FROM school_status_history WHERE notes = 'Auto-advanced: interaction logged' AND changed_by IS NULL"
            ) == "1"
        )
        let family = try value("SELECT id FROM family_units WHERE family_name = 'Rivera Family'")
        let report = try ReportBatchProcess.run(
            [
                "report", "--db", "demo.db", "--family", family, "--preset", "previous-week", "--now",
                "2026-11-23T12:00:00Z",
                "--format", "json", "--out", "-",
            ],
            in: folder.path
        )
        #expect(report.status == 0 && !report.stderr.contains("note:"), "\(report.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: report.stdoutData) as? [String: Any])
        let changes = try #require(json["changes"] as? [String: Any])
        let ahead = try #require(json["ahead"] as? [String: Any])
        #expect(((changes["statusChanges"] as? [Any])?.count ?? 0) >= 2)
        #expect(((changes["coachesWhoWrote"] as? [Any])?.count ?? 0) > 0)
        #expect(((changes["profileViews"] as? [String: Any])?["total"] as? Int ?? 0) > 0)
        #expect(((ahead["events"] as? [Any])?.count ?? 0) > 0)
        let labels = (ahead["calendar"] as? [[String: Any]] ?? []).compactMap { $0["label"] as? String }
        #expect(
            labels.contains("Thanksgiving dead period") && !labels.contains("Softball dead period")
                && !labels.contains("ACT test date"),
            "\(labels)"
        )
        let titles = try value("SELECT group_concat(title, '|') FROM follow_up_reminders").split(separator: "|")
        #expect(!titles.isEmpty && titles.allSatisfy { !report.stdout.contains($0) })
        #expect(!report.stdout.contains("Financial aid form"))
    }

    @Test func theAppsCurrentSchemaWithoutOptionalColumns() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let made = try ReportBatchProcess.run(
            ["demo", "--out", "current.db", "--without-optional-columns", "--today", "2026-11-22"],
            in: folder.path
        )
        #expect(made.status == 0)
        let columns = try ReportBatchProcess.tool(
            "sqlite3",
            [folder.file("current.db"), "SELECT name FROM pragma_table_info('schools')"]
        ).stdout
        #expect(!columns.contains("fit_score") && columns.contains("fit_tier"))
        let check = try ReportBatchProcess.run(["check", "--db", "current.db"], in: folder.path)
        #expect(check.status == 0)
        #expect(
            check.stderr.contains(
                "note: 'current.db' has no column schools.fit_score, schools.priority_tier, schools.ranking, coaches.responsiveness_score"
            )
        )
    }

    @Test func familiesListsIdsNamesAndCounts() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        _ = try ReportBatchProcess.run(
            ["demo", "--out", "demo.db", "--families", "6", "--today", "2026-11-22"],
            in: folder.path
        )
        let result = try ReportBatchProcess.run(["families", "--db", "demo.db"], in: folder.path)
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 7)
        #expect(lines[0].hasPrefix("ID") && lines[0].contains("INTERACTIONS"))
        #expect(result.stdout.contains("Rivera Family"))
        #expect(result.stdout.contains("田中 Tanaka Family 🏈"))
        #expect(result.stderr == "6 families in demo.db\n")
        let rivera = try #require(lines.first { $0.contains("Rivera Family") })
        #expect(rivera.split(separator: " ", omittingEmptySubsequences: true).contains("40"))
    }

    /// `--members` gives the user ids that `--as` and `--logged-by` take, with roles and names;
    /// its columns line up in a terminal with CJK and emoji in the names (two columns each).
    @Test func familiesListsMembersWithAlignedColumns() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        _ = try ReportBatchProcess.run(["demo", "--out", "demo.db", "--today", "2026-11-22"], in: folder.path)
        let result = try ReportBatchProcess.run(["families", "--db", "demo.db", "--members"], in: folder.path)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr == "9 members of 4 families in demo.db\n")
        try result.stdout.write(toFile: folder.file("members.txt"), atomically: true, encoding: .utf8)
        let check = """
            import sys, unicodedata
            lines = open(sys.argv[1], encoding='utf-8').read().splitlines()
            assert lines[0].split() == ['FAMILY', 'USER', 'ID', 'ROLE', 'NAME', 'EMAIL'], lines[0]
            def width(s): return sum(0 if unicodedata.combining(c) else 2 if unicodedata.east_asian_width(c) in 'WF' else 1 for c in s)
            # Where the user id starts on each line, in terminal columns: the same on every line.
            starts = {width(lines[0][:lines[0].index('USER ID')])}
            for line in lines[1:]:
                family = line.split('  ')[0]
                user = line[len(family):].split()[0]
                starts.add(width(line[:line.index(user)]))
            assert len(starts) == 1, starts
            """
        let aligned = try ReportBatchProcess.tool("python3", ["-c", check, folder.file("members.txt")])
        #expect(aligned.status == 0, "\(aligned.stderr)")
        #expect(result.stdout.contains("田中 Tanaka Family 🏈"))
        // An id listed is one `--as` accepts.
        let rivera = try #require(
            result.stdout.split(separator: "\n").first { $0.hasPrefix("Rivera Family") && $0.contains(" player ") }
        )
        let user = String(rivera.split(separator: " ", omittingEmptySubsequences: true)[2])
        let families = try ReportBatchProcess.run(["families", "--db", "demo.db"], in: folder.path).stdout
        let family = String(
            try #require(families.split(separator: "\n").first { $0.contains("Rivera Family") }).prefix { $0 != " " }
        )
        let viewed = try ReportBatchProcess.run(
            ["export", "interactions", "--db", "demo.db", "--family", family, "--as", user, "--out", "-"],
            in: folder.path
        )
        #expect(viewed.status == 0, "\(viewed.stderr)")
    }

    @Test func checkListsEveryProblemAndExits65() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.file("bad.db")
        try Fixture.database(at: path) { f in
            try f.family("F")
            try f.school("s1", family: "F", status: "Interested")
            try f.interaction("i1", family: "F", occurredAt: "2026-02-08T12:00:00", ["created_at": nil])
            try f.metric("m1", family: "F", ["value": "NaN"])
            try f.school("s2", family: nil)
        }
        let result = try ReportBatchProcess.run(["check", "--db", "bad.db"], in: folder.path)
        #expect(result.status == 65)
        #expect(
            result.stdout == """
                bad.db: schools row 's1', column status: unknown value 'Interested' (accepted: researching, contacted, interested, offer_received, committed, declined, camp_invite, recruited, official_visit_invited, official_visit_scheduled, not_pursuing, visiting)
                bad.db: interactions row 'i1', column occurred_at: '2026-02-08T12:00:00' has no UTC offset (add Z or an offset such as +00:00)
                bad.db: performance_metrics row 'm1', column value: holds text 'NaN' where a number is expected
                bad.db: schools row 's2', column family_unit_id: is null: the row belongs to no family and appears in no report

                """
        )
        #expect(result.messages == "report-batch: error: bad.db: 4 problems found\n")
    }

    @Test(
        arguments: [
            (
                ["families", "--db", "missing.db"], Int32(66),
                "report-batch: error: database 'missing.db' does not exist (check the path; `report-batch demo --out demo.db` makes a demo database to try)\n"
            ),
            (
                ["check", "--db", "empty.db"], 66,
                "report-batch: error: 'empty.db' is not a SQLite database: the file is empty\n"
            ),
            (
                ["check", "--db", "text.db"], 66,
                "report-batch: error: 'text.db' is not a SQLite database: it does not start with the SQLite header\n"
            ),
            (["families", "--db", "."], 66, "report-batch: error: database '.' is a folder, not a file\n"),
            (["demo", "--families", "0"], 64, "report-batch: error: --families must be at least 1 (got 0)\n"),
            (
                ["demo", "--today", "2026-02-30"], 64,
                "report-batch: error: --today '2026-02-30' is not a date in the form YYYY-MM-DD\n"
            ),
            (
                ["demo", "--now", "yesterday"], 64,
                "report-batch: error: --now 'yesterday' is not a timestamp with an offset (e.g. 2026-11-23T06:00:00Z)\n"
            ),
            (["demo", "--out", "/proc/report-batch-test.db", "--today", "2026-11-22"], 73, nil),
            (
                ["demo", "--out", "blocker/x.db", "--today", "2026-11-22"], 73,
                "report-batch: error: cannot write 'blocker': it is a file, not a folder\n"
            ),
        ] as [([String], Int32, String?)]
    )
    func errorsExitWithTheirCodeAndOneLine(arguments: [String], status: Int32, message: String?) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        _ = FileManager.default.createFile(atPath: folder.file("empty.db"), contents: Data())
        _ = FileManager.default.createFile(atPath: folder.file("text.db"), contents: Data("hello".utf8))
        _ = FileManager.default.createFile(atPath: folder.file("blocker"), contents: Data("x".utf8))
        let result = try ReportBatchProcess.run(arguments, in: folder.path)
        #expect(result.status == status, "\(result.stderr)")
        if let message { #expect(result.stderr == message) }
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    @Test func theRunsClockComesFromSourceDateEpoch() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        // 1_795_000_000 is 2026-11-18T11:06:40Z: the demo is relative to that day when --today is not given.
        let result = try ReportBatchProcess.run(
            ["demo", "--out", "d.db"],
            in: folder.path,
            environment: ["SOURCE_DATE_EPOCH": "1795000000"]
        )
        #expect(result.status == 0)
        #expect(result.stderr.contains("today 2026-11-18"), "\(result.stderr)")
    }

    /// The enumerated options come from the domain's types: help lists their values, and the
    /// shell completion scripts offer them.
    @Test func helpAndCompletionsListTheEnumeratedValues() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let help = try ReportBatchProcess.run(["help", "export", "schools"], in: folder.path)
        #expect(help.stdout.contains("offer_received") && help.stdout.contains("visiting"), "\(help.stdout)")
        for shell in ["bash", "zsh", "fish"] {
            let script = try ReportBatchProcess.run(["--generate-completion-script", shell], in: folder.path)
            #expect(script.status == 0)
            #expect(
                script.stdout.contains("not_pursuing") && !script.stdout.contains("official_visit_scheduled")
                    && script.stdout.contains("last-contacted"),
                "\(shell)"
            )
        }
        // A lower-case tier is a tier.
        let tier = try ReportBatchProcess.run(
            ["export", "schools", "--db", "none.db", "--family", "F", "--tier", "b"],
            in: folder.path
        )
        #expect(tier.status == 66, "\(tier.stderr)")  // past option parsing: the database is what is missing
    }
}
