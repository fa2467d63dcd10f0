import Aggregation
import Foundation
import ReportGen
import TestFixtures
import TestSupport
import Testing

/// `report-batch export` as a user runs it.
struct ExportCommandTests {
    static let now = "2026-11-23T06:00:00Z"

    /// Every list of every demo family, read back by Python's csv module: the rows parse,
    /// the header is the documented one, and the hostile strings come back unchanged but for
    /// the `'` before a leading = + - @.
    @Test func everyListOfTheDemoReadsBackInPython() throws {
        let demo = try ReportCommandTests.Demo()
        defer { demo.folder.remove() }
        let hostile = [
            "José Núñez said: \"come visit\"", "東京大学の練習を見学", "🏈 Great camp! 🎉🔥", "Smith, Jr. called back, twice",
            "Line one\nLine two\r\nLine three", "=HYPERLINK(\"http://example.invalid\",\"click\")",
            "+1 555 0100 ext. 7",
            "-5 degrees at the showcase", "@coach_handle replied", "\tTabbed note", " leading and trailing spaces ",
        ]
        var seen = Set<String>()
        for family in [demo.rivera, demo.hawks, demo.tanaka, demo.empty] {
            for list in ["coaches", "schools", "interactions"] {
                let result = try ReportBatchProcess.run(
                    ["export", list, "--db", "demo.db", "--family", family, "--now", Self.now, "--out", "out"],
                    in: demo.folder.path
                )
                #expect(result.status == 0, "\(result.stderr)")
                let path = demo.folder.file(result.stdout.trimmingCharacters(in: .newlines))
                let script = """
                    import csv, json, sys
                    with open(sys.argv[1], newline='', encoding='utf-8-sig') as f:
                        rows = list(csv.reader(f))
                    assert all(len(r) == len(rows[0]) for r in rows), 'ragged rows'
                    print(json.dumps(rows))
                    """
                let check = try ReportBatchProcess.tool("python3", ["-c", script, path])
                #expect(check.status == 0, "\(check.stderr)")
                let rows = try #require(try JSONSerialization.jsonObject(with: check.stdoutData) as? [[String]])
                let expectedHeader: [String] =
                    switch list {
                    case "coaches":
                        [
                            "First Name", "Last Name", "Role", "School", "Email", "Phone", "Twitter", "Instagram",
                            "Responsiveness (%)", "Last Contact", "Interactions", "Notes",
                        ]
                    case "schools":
                        [
                            "School", "Location", "State", "Division", "Conference", "Status", "Priority Tier",
                            "Favorite", "Fit Score", "Size", "Students", "Distance (mi)", "Coaches", "Interactions",
                            "Offer", "Scholarship (%)", "Offer Deadline", "Pros", "Cons", "Website", "Notes",
                        ]
                    default:
                        [
                            "Date", "Type", "Direction", "Sentiment", "Subject", "School", "Coach", "Logged By",
                            "Content", "Attachments",
                        ]
                    }
                #expect(rows.first == expectedHeader)
                if family == demo.empty {
                    #expect(rows.count == 1)
                    #expect(result.stderr.contains(list == "interactions" ? "No interactions yet" : "No \(list) found"))
                }
                for cell in rows.dropFirst().joined() {
                    for text in hostile {
                        let guarded = "=+-@\t".contains(text.first!) ? "'" + text : text
                        if cell.contains(guarded) { seen.insert(text) }
                    }
                    // No cell starts a formula.
                    #expect(!(cell.first.map { "=+-@\t\r".contains($0) } ?? false), "\(cell)")
                }
            }
        }
        #expect(seen == Set(hostile), "missing: \(Set(hostile).subtracting(seen))")
    }

    @Test func aPlayerSeesOnlyWhatTheyLoggedAndYouIsTheViewer() throws {
        let demo = try ReportCommandTests.Demo()
        defer { demo.folder.remove() }
        let player = try ReportBatchProcess.tool(
            "sqlite3",
            [
                demo.folder.file("demo.db"),
                "SELECT user_id FROM family_members WHERE family_unit_id = '\(demo.rivera)' AND role = 'player'",
            ]
        ).stdout.trimmingCharacters(in: .newlines)
        let logged = try ReportBatchProcess.tool(
            "sqlite3",
            [
                demo.folder.file("demo.db"),
                "SELECT count(*) FROM interactions WHERE family_unit_id = '\(demo.rivera)' AND logged_by = '\(player)'",
            ]
        ).stdout.trimmingCharacters(in: .newlines)
        let result = try ReportBatchProcess.run(
            [
                "export", "interactions", "--db", "demo.db", "--family", demo.rivera, "--as", player,
                "--out", "-", "--no-bom",
            ],
            in: demo.folder.path
        )
        #expect(result.status == 0)
        let lines = result.stdout.components(separatedBy: "\r\n").filter { !$0.isEmpty }
        let script =
            "import csv,sys\nrows=list(csv.reader(open(sys.argv[1],newline='',encoding='utf-8')))\nprint(len(rows)-1, set(r[7] for r in rows[1:]))"
        let file = demo.folder.file("player.csv")
        try result.stdoutData.write(to: URL(fileURLWithPath: file))
        let check = try ReportBatchProcess.tool("python3", ["-c", script, file])
        #expect(check.stdout.trimmingCharacters(in: .newlines) == "\(logged) {'You'}", "\(lines.count)")
        // The family view sees everyone's, with names instead of "You".
        let family = try ReportBatchProcess.run(
            ["export", "interactions", "--db", "demo.db", "--family", demo.rivera, "--out", "-"],
            in: demo.folder.path
        )
        #expect(!family.stdout.contains(",You,"))
    }

    @Test(
        arguments: [
            (
                ["export", "schools", "--max-distance", "100"], Int32(64),
                "Set a home location (--home LAT,LON) to filter by distance"
            ),
            (
                ["export", "coaches", "--role", "coachy"], 64,
                "The value 'coachy' is invalid for '--role <role>'. Please provide one of 'head', 'assistant' or 'recruiting'."
            ),
            (["export", "interactions", "--as", "stranger"], 77, "user 'stranger' is not a member of family"),
            (
                ["export", "coaches", "--sort", "age"], 64,
                "The value 'age' is invalid for '--sort <sort>'. Please provide one of 'name', 'school', 'last-contacted', 'responsiveness' or 'role'."
            ),
            (
                ["export", "schools", "--status", "offer received"], 64,
                "The value 'offer received' is invalid for '--status <status>'. Please provide one of the following: researching, contacted, visiting, offer_received, committed, not_pursuing"
            ),
            (
                ["export", "schools", "--fit-min", "80", "--fit-max", "60"], 64,
                "--fit-min 80.0 is above --fit-max 60.0"
            ),
            (["export", "schools", "--home", "91,0"], 64, "--home '91,0' is not LAT,LON in degrees"),
            (["export", "interactions", "--days", "0"], 64, "--days 0 must be a whole number of days, at least 1"),
            (
                ["export", "interactions", "--days", "7", "--preset", "last-7-days"], 64,
                "--days 7 cannot be combined with --preset"
            ),
            (
                ["export", "interactions", "--sentiment", "happy"], 64,
                "The value 'happy' is invalid for '--sentiment <sentiment>'. Please provide one of 'very_positive', 'positive', 'neutral' or 'negative'."
            ),
            (
                ["export", "interactions", "--logged-by", "stranger"], 64,
                "--logged-by 'stranger' is not a member of family"
            ),
            (["export", "interactions", "--bogus"], 64, "Unknown option '--bogus'"),
            (
                ["export", "coaches", "--last-contact-days=0"], 64,
                "--last-contact-days 0 must be a whole number of days, at least 1"
            ),
            (
                ["export", "schools", "--home", "30,-97", "--max-distance=-1"], 64,
                "--max-distance -1.0 must be a number of miles, 0 or more"
            ),
            (["export", "schools", "--state", "Texas"], 64, "--state 'Texas' is not a two-letter state code"),
        ] as [([String], Int32, String)]
    )
    func errorsExitWithTheirCodeAndWriteNothing(arguments: [String], status: Int32, message: String) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try Fixture.database(at: folder.file("f.db")) { f in
            try f.family("F")
            try f.user("kid", role: "player")
            try f.member(family: "F", user: "kid", role: "player")
            try f.school("s", family: "F")
        }
        let result = try ReportBatchProcess.run(
            arguments + ["--db", "f.db", "--family", "F", "--out", "out"],
            in: folder.path
        )
        #expect(result.status == status, "\(result.stderr)")
        #expect(result.messages.hasPrefix("report-batch: error: \(message)"), "\(result.stderr)")
        #expect(result.messages.split(separator: "\n").count == 1)
        #expect(folder.contents() == ["f.db"])
    }

    /// A ranged export's fourth figure counts the last 7 days of its range and says which
    /// (docs/lists.md): a previous-week file never says "This Week" about another week.
    @Test(.tags(.pythonReader)) func aRangedExportsWeekFigureIsTheRangesLastSevenDays() throws {
        let demo = try ReportCommandTests.Demo()
        defer { demo.folder.remove() }
        let week = try ReportBatchProcess.run(
            [
                "export", "interactions", "--db", "demo.db", "--family", demo.rivera, "--preset", "previous-week",
                "--now", ReportCommandTests.now, "--format", "xlsx,pdf", "--out", "o",
            ],
            in: demo.folder.path
        )
        #expect(week.status == 0, "\(week.stderr)")
        let files = try FileManager.default.contentsOfDirectory(atPath: demo.folder.file("o"))
        let xlsx = try #require(files.first { $0.hasSuffix(".xlsx") })
        let pdf = try #require(files.first { $0.hasSuffix(".pdf") })
        let script = """
            import openpyxl, sys
            ws = openpyxl.load_workbook(sys.argv[1]).worksheets[1]
            print({row[0]: row[1] for row in ws.iter_rows(min_row=3, values_only=True)})
            """
        let figures = try ReportBatchProcess.tool("python3", ["-c", script, demo.folder.file("o/\(xlsx)")]).stdout
        let total = try #require(figures.firstMatch(of: /'Total': (\d+)/)?.1)
        #expect(figures.contains("'Nov 16 – Nov 22': \(total)}"), "\(figures)")
        #expect(!figures.contains("This Week"))
        let text = try ReportBatchProcess.tool("pdftotext", [demo.folder.file("o/\(pdf)"), "-"]).stdout
        #expect(text.contains("Nov 16 – Nov 22") && !text.contains("This Week"))
        // Unranged, the figure is the last 7 days ending today, labelled so.
        let all = try ReportBatchProcess.run(
            [
                "export", "interactions", "--db", "demo.db", "--family", demo.rivera, "--now", ReportCommandTests.now,
                "--format", "pdf", "--out", "u",
            ],
            in: demo.folder.path
        )
        #expect(all.status == 0)
        let unranged = try FileManager.default.contentsOfDirectory(atPath: demo.folder.file("u")).first {
            $0.hasSuffix(".pdf")
        }
        #expect(
            try ReportBatchProcess.tool("pdftotext", [demo.folder.file("u/\(try #require(unranged))"), "-"]).stdout
                .contains("This Week")
        )
    }

    @Test func aPlayerMayNotFilterByLogger() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try Fixture.database(at: folder.file("f.db")) { f in
            try f.family("F")
            try f.user("kid", role: "player")
            try f.user("mom", role: "parent")
            try f.member(family: "F", user: "kid", role: "player")
            try f.member(family: "F", user: "mom", role: "parent")
        }
        let refused = try ReportBatchProcess.run(
            [
                "export", "interactions", "--db", "f.db", "--family", "F", "--as", "kid", "--logged-by", "mom", "--out",
                "out",
            ],
            in: folder.path
        )
        #expect(refused.status == 77)
        #expect(folder.contents() == ["f.db"])
        let allowed = try ReportBatchProcess.run(
            [
                "export", "interactions", "--db", "f.db", "--family", "F", "--as", "mom", "--logged-by", "kid", "--out",
                "out",
            ],
            in: folder.path
        )
        #expect(allowed.status == 0)
        #expect(allowed.messages == "No interactions yet\n")
    }

    @Test func filtersAndSortsOnTheCommandLine() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try Fixture.database(at: folder.file("f.db")) { f in
            try f.family("F")
            try f.user("kid", role: "player", timezone: "America/Chicago")
            try f.member(family: "F", user: "kid", role: "player")
            try f.location(user: "kid", json: #"{"latitude": 30.2672, "longitude": -97.7431}"#)
            try f.school(
                "near",
                family: "F",
                name: "Texas State",
                status: "interested",
                [
                    "academic_info": #"{"latitude": 29.8884, "longitude": -97.9384, "student_size": 38000}"#,
                    "location": "San Marcos, TX", "is_favorite": 1,
                ]
            )
            try f.school(
                "far",
                family: "F",
                name: "École Polytechnique",
                status: "offer_received",
                ["academic_info": #"{"latitude": 45.5, "longitude": -73.6}"#, "location": "Montréal, QC"]
            )
            try f.school("unknown", family: "F", name: "Abbey College", status: "interested")
            try f.interaction(
                "late",
                family: "F",
                occurredAt: "2026-11-23T05:30:00Z",
                ["subject": "Late call", "school_id": "near"]
            )
            try f.interaction(
                "early",
                family: "F",
                occurredAt: "2026-11-23T06:30:00Z",
                ["subject": "Café visit", "direction": "inbound", "school_id": "far"]
            )
        }
        func run(_ extra: [String]) throws -> [String] {
            let result = try ReportBatchProcess.run(
                ["export"] + extra + ["--db", "f.db", "--family", "F", "--now", Self.now, "--out", "-", "--no-bom"],
                in: folder.path
            )
            #expect(result.status == 0, "\(result.stderr)")
            return result.stdout.components(separatedBy: "\r\n").dropFirst().filter { !$0.isEmpty }.map {
                String($0.prefix(while: { $0 != "," }))
            }
        }
        #expect(try run(["schools", "--sort", "distance"]) == ["Texas State", "École Polytechnique", "Abbey College"])
        #expect(try run(["schools", "--max-distance", "50"]) == ["Texas State"])
        #expect(
            try run(["schools", "--status", "offer_received", "--status", "contacted", "--state", "tx"]) == [
                "Texas State"
            ]
        )
        #expect(try run(["schools", "--search", "ecole"]) == ["École Polytechnique"])
        // Abbey College's stored `interested` makes it a favorite, and researching: it has no interaction.
        #expect(try run(["schools", "--favorites"]) == ["Abbey College", "Texas State"])
        #expect(try run(["schools", "--status", "researching"]) == ["Abbey College"])
        // In Chicago the two interactions fall on Nov 22 (23:30) and Nov 23 (00:30); newest first.
        #expect(try run(["interactions"]) == ["2026-11-23 00:30", "2026-11-22 23:30"])
        #expect(try run(["interactions", "--from", "2026-11-22", "--to", "2026-11-22"]) == ["2026-11-22 23:30"])
        #expect(try run(["interactions", "--search", "CAFE"]) == ["2026-11-23 00:30"])
        #expect(try run(["interactions", "--direction", "inbound", "--timezone", "UTC"]) == ["2026-11-23 06:30"])
    }
}

/// `--templates DIR` changes columns, labels, titles, sections and colours.
struct TemplateCommandTests {
    @Test func aCopyOfTheTemplatesChangesTheOutputs() throws {
        let demo = try ReportCommandTests.Demo()
        defer { demo.folder.remove() }
        let tpl = demo.folder.file("tpl")
        try FileManager.default.createDirectory(atPath: tpl, withIntermediateDirectories: true)
        try "coaches:\n  - last_name: Surname\n  - email: E-mail\n".write(
            toFile: tpl + "/lists.yaml",
            atomically: true,
            encoding: .utf8
        )
        try
            "title: Weekly Scouting Digest\nsections:\n  - previous_period: Last Week vs. the One Before\n  - schools_by_status: Where Schools Stand\n"
            .write(toFile: tpl + "/report.yaml", atomically: true, encoding: .utf8)
        let coaches = try ReportBatchProcess.run(
            [
                "export", "coaches", "--db", "demo.db", "--family", demo.rivera, "--templates", "tpl",
                "--out", "-", "--no-bom",
            ],
            in: demo.folder.path
        )
        #expect(coaches.status == 0, "\(coaches.stderr)")
        #expect(coaches.stdout.hasPrefix("Surname,E-mail\r\n"))
        let report = try ReportBatchProcess.run(
            [
                "report", "--db", "demo.db", "--family", demo.rivera, "--templates", "tpl", "--format", "pdf",
                "--now", ReportCommandTests.now, "--out", "out",
            ],
            in: demo.folder.path
        )
        #expect(report.status == 0, "\(report.stderr)")
        let text = try ReportBatchProcess.tool(
            "pdftotext",
            ["-layout", demo.folder.file(report.stdout.trimmingCharacters(in: .newlines)), "-"]
        ).stdout
        #expect(text.contains("Weekly Scouting Digest"))
        let previous = try #require(text.range(of: "Last Week vs. the One Before"))
        let status = try #require(text.range(of: "Where Schools Stand"))
        #expect(previous.lowerBound < status.lowerBound)
        #expect(!text.contains("Interactions by Type"))
    }

    /// The filters of every list are defined once (ListFilterOption): each `export`
    /// command has exactly those options, besides the ones every export shares.
    @Test(arguments: ["coaches", "schools", "interactions"])
    func theCommandsFiltersAreTheOneTable(list: String) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let help = try ReportBatchProcess.run(["help", "export", list], in: folder.path)
        let shared: Set<String> = [
            "db", "family", "sort", "as", "format", "out", "no-bom", "raw-csv", "templates", "today", "now", "timezone",
            "preset", "from", "to", "verbose", "quiet", "version", "help",
        ]
        let options = Set(help.stdout.matches(of: /--([a-z][a-z-]*)/).map { String($0.1) }).subtracting(shared)
        let kind = try #require(ListKind(rawValue: list))
        #expect(
            options == Set(ListFilterOption.names(for: kind)),
            "\(options.symmetricDifference(Set(ListFilterOption.names(for: kind))))"
        )
    }
}
