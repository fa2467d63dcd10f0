import Foundation
import TestFixtures
import TestSupport
import Testing

/// Values the app's real database holds that older text called bad input: the `visiting`
/// status, a null status, and free-text offer types and statuses (docs/data-model.md).
struct AppDataModelTests {
    static let now = "2026-11-23T06:00:00Z"

    /// A family whose rows use every such value.
    private func database(_ folder: TemporaryFolder) throws -> String {
        let path = folder.file("app.db")
        try Fixture.database(at: path) { f in
            try f.family("F", name: "Real Family")
            try f.user("p", role: "player", timezone: "America/New_York")
            try f.member(family: "F", user: "p", role: "player")
            try f.school("s1", family: "F", name: "Visiting U", status: "visiting")
            try f.school("s2", family: "F", name: "Null Status College", status: nil)
            try f.school("s3", family: "F", name: "Scholarship State", status: "offer_received")
            try f.school("s4", family: "F", name: "Grant Tech", status: "contacted")
            try f.offer(
                "o1",
                family: "F",
                school: "s3",
                type: "scholarship",
                ["status": nil, "offer_date": "2026-11-01"]
            )
            try f.offer(
                "o2",
                family: "F",
                school: "s4",
                type: "academic_grant",
                ["status": "on hold", "offer_date": "2026-11-02"]
            )
            try f.offer(
                "o3",
                family: "F",
                school: "s1",
                type: "recruited_walk_on",
                ["status": "accepted", "offer_date": "2026-11-03"]
            )
            try f.interaction("i1", family: "F", ["school_id": "s1"])
        }
        return path
    }

    @Test func checkAcceptsTheAppsOwnValues() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        _ = try database(folder)
        let result = try ReportBatchProcess.run(["check", "--db", "app.db"], in: folder.path)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
    }

    @Test func theReportCountsVisitingInTheAppsOrderAndANullStatusAsResearching() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        _ = try database(folder)
        let result = try ReportBatchProcess.run(
            ["report", "--db", "app.db", "--family", "F", "--now", Self.now, "--format", "json", "--out", "-"],
            in: folder.path
        )
        #expect(result.status == 0, "\(result.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: result.stdoutData) as? [String: Any])
        let schools = try #require(json["schools"] as? [String: Any])
        let byStatus = try #require(schools["byStatus"] as? [String: Int])
        #expect(byStatus["visiting"] == 1)
        #expect(byStatus["researching"] == 1)
        #expect(byStatus["offer_received"] == 1 && byStatus["contacted"] == 1)
        // `visiting` comes after contacted and before offer_received, in the app's order.
        let text = result.stdout
        let visiting = try #require(text.range(of: "\"visiting\""))
        let offer = try #require(text.range(of: "\"offer_received\""))
        #expect(visiting.lowerBound < offer.lowerBound)
    }

    @Test func theSchoolsListShowsVisitingAndOffersAsStored() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        _ = try database(folder)
        let result = try ReportBatchProcess.run(
            ["export", "schools", "--db", "app.db", "--family", "F", "--now", Self.now, "--out", "-", "--no-bom"],
            in: folder.path
        )
        #expect(result.status == 0, "\(result.stderr)")
        let rows = try CSVRows.parse(result.stdout)
        let byName = Dictionary(uniqueKeysWithValues: rows.dropFirst().map { ($0[0], $0) })
        let status = try #require(rows.first?.firstIndex(of: "Status"))
        let offer = try #require(rows.first?.firstIndex(of: "Offer"))
        #expect(byName["Visiting U"]?[status] == "Visiting")
        #expect(byName["Null Status College"]?[status] == "Researching")
        #expect(byName["Scholarship State"]?[offer] == "Scholarship (Pending)")
        #expect(byName["Grant Tech"]?[offer] == "academic_grant (on hold)")
        #expect(byName["Visiting U"]?[offer] == "Recruited Walk-On (Accepted)")

        let filtered = try ReportBatchProcess.run(
            [
                "export", "schools", "--db", "app.db", "--family", "F", "--now", Self.now, "--status", "visiting",
                "--out", "-", "--no-bom",
            ],
            in: folder.path
        )
        #expect(filtered.status == 0, "\(filtered.stderr)")
        #expect(try CSVRows.parse(filtered.stdout).dropFirst().map { $0[0] } == ["Visiting U"])
    }

    @Test func thePDFAndWorkbookDrawEveryValue() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        _ = try database(folder)
        let result = try ReportBatchProcess.run(
            [
                "export", "schools", "--db", "app.db", "--family", "F", "--now", Self.now, "--format", "pdf,xlsx",
                "--out", "out",
            ],
            in: folder.path
        )
        #expect(result.status == 0, "\(result.stderr)")
        let pdf = try #require(result.stdout.split(separator: "\n").first { $0.hasSuffix(".pdf") })
        let text = try ReportBatchProcess.tool("pdftotext", ["-layout", String(pdf), "-"], in: folder.path)
        #expect(text.stdout.contains("Visiting"))
        #expect(text.stdout.contains("academic_grant"))
    }
}

/// A small csv reader for tests, Python's csv module's rules for quoted fields.
enum CSVRows {
    static func parse(_ text: String) throws -> [[String]] {
        let script = "import csv, json, sys, io\nprint(json.dumps(list(csv.reader(io.StringIO(sys.stdin.read())))))"
        let input = FileManager.default.temporaryDirectory.appendingPathComponent("csv-\(UUID().uuidString)")
        try Data(text.utf8).write(to: input)
        defer { try? FileManager.default.removeItem(at: input) }
        let result = try ReportBatchProcess.tool("sh", ["-c", "python3 -c \"$0\" < \"$1\"", script, input.path])
        return try JSONSerialization.jsonObject(with: result.stdoutData) as? [[String]] ?? []
    }
}

/// A database of the app's current schema, without the optional columns: every command says
/// so once, naming each column, and `--quiet` hides it (docs/data-model.md).
struct OptionalColumnsNoteTests {
    static let now = "2026-11-23T12:00:00Z"
    static let columns = "schools.fit_score, schools.priority_tier, schools.ranking, coaches.responsiveness_score"

    @Test func everyCommandSaysItOnceAndQuietHidesIt() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let made = try ReportBatchProcess.run(
            ["demo", "--out", "current.db", "--families", "6", "--today", "2026-11-22", "--without-optional-columns"],
            in: folder.path
        )
        #expect(made.status == 0, "\(made.stderr)")
        let family = try ReportBatchProcess.tool(
            "sqlite3",
            [folder.file("current.db"), "SELECT id FROM family_units WHERE family_name = 'Rivera Family'"]
        ).stdout
            .trimmingCharacters(in: .whitespacesAndNewlines)
        func notes(_ stderr: String) -> [Substring] {
            stderr.split(separator: "\n").filter { $0.contains("has no column") }
        }

        let commands: [[String]] = [
            ["run", BatchRunTests.weekly, "--db", "current.db", "--out", "weekly", "--now", Self.now],
            ["report", "--db", "current.db", "--family", family, "--now", Self.now, "--format", "json", "--out", "r"],
            ["export", "coaches", "--db", "current.db", "--family", family, "--now", Self.now, "--out", "e"],
            ["families", "--db", "current.db"],
            ["check", "--db", "current.db"],
        ]
        for command in commands {
            let loud = try ReportBatchProcess.run(command, in: folder.path)
            #expect(loud.status == 0, "\(command[0]): \(loud.stderr)")
            let found = notes(loud.stderr)
            #expect(found.count == 1, "\(command[0]): \(loud.stderr)")
            #expect(found.first?.contains(Self.columns) == true, "\(command[0]): \(loud.stderr)")
            let quiet = try ReportBatchProcess.run(command + ["--quiet"], in: folder.path)
            #expect(quiet.status == 0, "\(command[0]) --quiet: \(quiet.stderr)")
            #expect(notes(quiet.stderr).isEmpty, "\(command[0]) --quiet: \(quiet.stderr)")
        }
    }
}
