import Aggregation
import AppStore
import Core
import Foundation
import GRDB
import TestFixtures
import TestSupport
import Testing

/// The SQLite reader: bad input of every kind, the family boundary, optional columns.
struct SQLiteSourceTests {
    /// A database with one good family and one row made bad by `poison`.
    private func database(_ folder: TemporaryFolder, poison: (Fixture) throws -> Void) throws -> String {
        let path = folder.file("app.db")
        try Fixture.database(at: path) { f in
            try f.family("fam")
            try f.user("u1", role: "player", timezone: "America/New_York")
            try f.member(family: "fam", user: "u1", role: "player")
            try f.school("s1", family: "fam")
            try poison(f)
        }
        return path
    }

    /// Loads family `fam` and returns the bad-data error's issues.
    private func issues(_ poison: (Fixture) throws -> Void) throws -> [DataIssue] {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let source = try SQLiteSource(path: try database(folder, poison: poison))
        do {
            _ = try source.loadFamily(id: "fam")
        } catch let BadDataError.badValues(_, familyID, issues) {
            #expect(familyID == "fam")
            #expect(ExitStatus.of(BadDataError.badValues(path: "x", familyID: "fam", issues: issues)) == .badData)
            // The check command finds the same problems.
            #expect(try source.check() == issues)
            return issues
        }
        Issue.record("the family loaded despite its bad row")
        return []
    }

    static let badValues: [(String, String, String, String, String)] = [
        // table, row id, column, what the message must say, SQL that makes the bad row
        (
            "schools", "'s2'", "status", "unknown value 'Interested'",
            "INSERT INTO schools (id, family_unit_id, name, status) VALUES ('s2', 'fam', 'X', 'Interested')"
        ),
        (
            "schools", "'s2'", "division", "unknown value 'D4'",
            "INSERT INTO schools (id, family_unit_id, name, status, division) VALUES ('s2', 'fam', 'X', 'contacted', 'D4')"
        ),
        (
            "schools", "'s2'", "created_at", "no UTC offset",
            "INSERT INTO schools (id, family_unit_id, name, status, created_at) VALUES ('s2', 'fam', 'X', 'contacted', '2026-02-08T12:00:00')"
        ),
        (
            "schools", "'s2'", "updated_at", "is not a timestamp",
            "INSERT INTO schools (id, family_unit_id, name, status, updated_at) VALUES ('s2', 'fam', 'X', 'contacted', 'last tuesday')"
        ),
        (
            "schools", "'s2'", "pros", "malformed JSON",
            "INSERT INTO schools (id, family_unit_id, name, status, pros) VALUES ('s2', 'fam', 'X', 'contacted', '[\"a\",')"
        ),
        (
            "schools", "'s2'", "cons", "not an array",
            "INSERT INTO schools (id, family_unit_id, name, status, cons) VALUES ('s2', 'fam', 'X', 'contacted', '{\"a\":1}')"
        ),
        (
            "schools", "'s2'", "academic_info", "malformed JSON",
            "INSERT INTO schools (id, family_unit_id, name, status, academic_info) VALUES ('s2', 'fam', 'X', 'contacted', '{latitude: 3}')"
        ),
        (
            "schools", "'s2'", "academic_info", "member 'latitude' is not a finite number",
            "INSERT INTO schools (id, family_unit_id, name, status, academic_info) VALUES ('s2', 'fam', 'X', 'contacted', '{\"latitude\": \"north\"}')"
        ),
        (
            "schools", "'s2'", "fit_score", "holds text 'NaN'",
            "INSERT INTO schools (id, family_unit_id, name, status, fit_score) VALUES ('s2', 'fam', 'X', 'contacted', 'NaN')"
        ),
        (
            "schools", "'s2'", "fit_score", "not a finite number",
            "INSERT INTO schools (id, family_unit_id, name, status, fit_score) VALUES ('s2', 'fam', 'X', 'contacted', 9e999)"
        ),
        (
            "schools", "'s2'", "fit_score", "expected a number from 0 to 100",
            "INSERT INTO schools (id, family_unit_id, name, status, fit_score) VALUES ('s2', 'fam', 'X', 'contacted', 140)"
        ),
        (
            "schools", "'s2'", "is_favorite", "expected 0, 1 or null",
            "INSERT INTO schools (id, family_unit_id, name, status, is_favorite) VALUES ('s2', 'fam', 'X', 'contacted', 2)"
        ),
        (
            "schools", "(binary data)", "id", "holds binary data where text is expected",
            "INSERT INTO schools (id, family_unit_id, name, status) VALUES (X'01', 'fam', 'X', 'contacted')"
        ),
        (
            "schools", "'s2'", "name", "is null but is required",
            "INSERT INTO schools (id, family_unit_id, name, status) VALUES ('s2', 'fam', NULL, 'contacted')"
        ),
        (
            "coaches", "'c1'", "role", "unknown value 'Head'",
            "INSERT INTO coaches (id, family_unit_id, role, first_name, last_name) VALUES ('c1', 'fam', 'Head', 'A', 'B')"
        ),
        (
            "coaches", "'c1'", "responsiveness_score", "holds text 'abc'",
            "INSERT INTO coaches (id, family_unit_id, role, first_name, last_name, responsiveness_score) VALUES ('c1', 'fam', 'head', 'A', 'B', 'abc')"
        ),
        (
            "coaches", "'c1'", "responsiveness_score", "not a finite number",
            "INSERT INTO coaches (id, family_unit_id, role, first_name, last_name, responsiveness_score) VALUES ('c1', 'fam', 'head', 'A', 'B', -9e999)"
        ),
        (
            "performance_metrics", "'m1'", "is_primary", "expected 0, 1 or null",
            "INSERT INTO performance_metrics (id, family_unit_id, metric_type, value, recorded_date, is_primary) VALUES ('m1', 'fam', 'sixty_time', 6.8, '2026-01-01', 2)"
        ),
        (
            "users", "'u9'", "graduation_year", "3028 is not a year",
            "INSERT INTO users (id, email, role, graduation_year) VALUES ('u9', 'a@example.com', 'player', 3028); "
                + "INSERT INTO family_members VALUES ('fam', 'u9', 'player')"
        ),
        (
            "schools", "'s2'", "questionnaire_completed", "expected 0, 1 or null",
            "INSERT INTO schools (id, family_unit_id, name, status, questionnaire_completed) VALUES ('s2', 'fam', 'X', 'contacted', 5)"
        ),
        (
            "video_links", "'v1'", "health_status", "unknown value 'dead'",
            "CREATE TABLE video_links (id TEXT, user_id TEXT, family_unit_id TEXT, platform TEXT, url TEXT, title TEXT, health_status TEXT); "
                + "INSERT INTO video_links VALUES ('v1', 'u1', 'fam', 'hudl', 'https://hudl.example/1', NULL, 'dead')"
        ),
        (
            "recommendation_letters", "'l1'", "due_date", "2026-02-30",
            "CREATE TABLE recommendation_letters (id TEXT, user_id TEXT, family_unit_id TEXT, writer_name TEXT, due_date TEXT, status TEXT); "
                + "INSERT INTO recommendation_letters VALUES ('l1', 'u1', 'fam', 'Coach D', '2026-02-30', 'requested')"
        ),
        (
            "contact_window_rules", "'r1'", "division", "unknown value 'D4'",
            "CREATE TABLE contact_window_rules (id TEXT, sport TEXT, division TEXT, rule_kind TEXT, reference TEXT, window_date TEXT, notes TEXT); "
                + "INSERT INTO contact_window_rules VALUES ('r1', '*', 'D4', 'unrestricted', NULL, NULL, NULL)"
        ),
        (
            "athlete_messages", "'a1'", "sent_at", "is null but is required",
            "CREATE TABLE athlete_messages (id TEXT, user_id TEXT, family_unit_id TEXT, school_id TEXT, coach_id TEXT, template_slug TEXT, channel TEXT, subject TEXT, sent_at TEXT); "
                + "INSERT INTO athlete_messages VALUES ('a1', 'u1', 'fam', NULL, NULL, NULL, NULL, NULL, NULL)"
        ),
        (
            "interactions", "'i1'", "sentiment", "unknown value 'happy'",
            "INSERT INTO interactions (id, family_unit_id, type, direction, sentiment, occurred_at) VALUES ('i1', 'fam', 'email', 'inbound', 'happy', '2026-01-01T00:00:00Z')"
        ),
        (
            "interactions", "'i1'", "direction", "unknown value 'Outbound'",
            "INSERT INTO interactions (id, family_unit_id, type, direction, occurred_at) VALUES ('i1', 'fam', 'email', 'Outbound', '2026-01-01T00:00:00Z')"
        ),
        (
            "interactions", "'i1'", "occurred_at", "an interaction needs a date",
            "INSERT INTO interactions (id, family_unit_id, type, direction) VALUES ('i1', 'fam', 'email', 'inbound')"
        ),
        (
            "interactions", "'i1'", "attachments", "non-string element",
            "INSERT INTO interactions (id, family_unit_id, type, direction, occurred_at, attachments) VALUES ('i1', 'fam', 'email', 'inbound', '2026-01-01T00:00:00Z', '[1, 2]')"
        ),
        (
            "performance_metrics", "'m1'", "value", "holds text 'NaN'",
            "INSERT INTO performance_metrics (id, family_unit_id, metric_type, value, recorded_date) VALUES ('m1', 'fam', 'gpa', 'NaN', '2026-01-01')"
        ),
        (
            "performance_metrics", "'m1'", "value", "not a finite number",
            "INSERT INTO performance_metrics (id, family_unit_id, metric_type, value, recorded_date) VALUES ('m1', 'fam', 'gpa', 9e999, '2026-01-01')"
        ),
        (
            "performance_metrics", "'m1'", "recorded_date", "a metric needs a date",
            "INSERT INTO performance_metrics (id, family_unit_id, metric_type, value) VALUES ('m1', 'fam', 'gpa', 3.5)"
        ),
        (
            "offers", "'o1'", "offer_type", "is null but is required",
            "INSERT INTO offers (id, family_unit_id, offer_type) VALUES ('o1', 'fam', NULL)"
        ),
        (
            "offers", "'o1'", "deadline_date", "is not a timestamp",
            "INSERT INTO offers (id, family_unit_id, offer_type, deadline_date) VALUES ('o1', 'fam', 'walk_on', '2026-02-30')"
        ),
        (
            "users", "'u2'", "timezone", "unknown time zone 'Mars/Base'",
            "INSERT INTO users (id, email, role, timezone) VALUES ('u2', 'x@example.com', 'parent', 'Mars/Base'); INSERT INTO family_members VALUES ('fam', 'u2', 'parent')"
        ),
        (
            "users", "'u2'", "role", "unknown value 'coach'",
            "INSERT INTO users (id, email, role) VALUES ('u2', 'x@example.com', 'coach'); INSERT INTO family_members VALUES ('fam', 'u2', 'parent')"
        ),
        (
            "family_members", "(family_unit_id 'fam', user_id 'u2')", "role", "unknown value 'Parent'",
            "INSERT INTO users (id, email, role) VALUES ('u2', 'x@example.com', 'parent'); INSERT INTO family_members VALUES ('fam', 'u2', 'Parent')"
        ),
        (
            "user_preferences", "(user_id 'u1', category 'location')", "data", "malformed JSON",
            "INSERT INTO user_preferences VALUES ('u1', 'location', 'lat=3')"
        ),
        (
            "user_preferences", "(user_id 'u1', category 'location')", "data",
            "member 'latitude' is 95.0; expected -90 to 90",
            "INSERT INTO user_preferences VALUES ('u1', 'location', '{\"latitude\": 95, \"longitude\": 0}')"
        ),
    ]

    @Test(arguments: badValues)
    func aBadValueNamesTableRowAndColumn(
        table: String,
        row: String,
        column: String,
        message: String,
        sql: String
    ) throws {
        let found = try issues { try $0.db.execute(sql: sql) }
        let issue = try #require(found.first)
        #expect(found.count == 1)
        #expect(issue.table == table)
        #expect(issue.rowID == row)
        #expect(issue.column == column)
        #expect(issue.description.contains(message), "\(issue.description)")
        #expect(!issue.description.contains("\n"))
    }

    /// `bad_rows: skip` leaves out every row it lists, also one whose bad value a decoder reads
    /// after the row's required ones (it once kept the school with no `updated_at`, and the
    /// interaction with no school, while listing both as left out).
    @Test func aRowListedAsLeftOutIsLeftOut() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let source = try SQLiteSource(
            path: try database(folder) { f in
                try f.school("s2", family: "fam", ["updated_at": "last tuesday"])
                try f.interaction("i1", family: "fam", ["school_id": Data([0x00, 0xFF])])
                try f.interaction("i2", family: "fam", ["school_id": "s1"])
            }
        )
        let (data, leftOut) = try source.loadFamilyLeavingOutBadRows(id: "fam")
        #expect(
            leftOut.map { "\($0.table) \($0.column ?? "")" }.sorted() == [
                "interactions school_id", "schools updated_at",
            ]
        )
        #expect(data.schools.map(\.id) == ["s1"])
        #expect(data.interactions.map(\.id) == ["i2"])
    }

    @Test func aRowWithSeveralBadValuesReportsEachOfThem() throws {
        let found = try issues { f in
            try f.db.execute(
                sql:
                    "INSERT INTO interactions (id, family_unit_id, type, direction, sentiment, occurred_at) VALUES ('i9', 'fam', 'letter', 'sideways', 'meh', 'soon')"
            )
        }
        #expect(found.map(\.column) == ["type", "direction", "occurred_at", "sentiment"])
    }

    @Test func aBadValueWithALineBreakStaysOnOneLine() throws {
        let found = try issues { f in
            try f.school("s9", family: "fam", status: "interested\n=1+1")
        }
        #expect(
            found.first?.description
                == "schools row 's9', column status: unknown value 'interested\\n=1+1' (accepted: researching, contacted, interested, offer_received, committed, declined, camp_invite, recruited, official_visit_invited, official_visit_scheduled, not_pursuing, visiting)"
        )
    }

    @Test func theMessageOfTheErrorNamesTheFileAndCheck() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = try database(folder) { try $0.school("bad", family: "fam", status: "Interested") }
        let error = #expect(throws: BadDataError.self) { try SQLiteSource(path: path).loadFamily(id: "fam") }
        let message = try #require(error).description
        #expect(
            message.hasPrefix(
                "bad data in '\(path)' (family fam): schools row 'bad', column status: unknown value 'Interested'"
            )
        )
        #expect(message.hasSuffix("`report-batch check --db \(path)` lists every problem"))
    }

    // MARK: Files that are not databases

    @Test func aMissingFile() throws {
        let error = #expect(throws: InputError.self) { try SQLiteSource(path: "/nonexistent/app.db") }
        #expect(ExitStatus.of(try #require(error)) == .inputMissing)
        #expect(
            error?.description
                == "database '/nonexistent/app.db' does not exist (check the path; `report-batch demo --out demo.db` makes a demo database to try)"
        )
    }

    @Test func anEmptyFileAFolderAndAFileThatIsNotSQLite() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        _ = FileManager.default.createFile(atPath: folder.file("empty.db"), contents: Data())
        _ = FileManager.default.createFile(atPath: folder.file("notes.db"), contents: Data("id,name\n1,Rivera\n".utf8))
        let cases = [
            (folder.file("empty.db"), "the file is empty"), (folder.file("notes.db"), "SQLite header"),
            (folder.path, "is a folder"),
        ]
        for (path, words) in cases {
            let error = #expect(throws: InputError.self) { try SQLiteSource(path: path) }
            #expect(ExitStatus.of(try #require(error)) == .inputMissing)
            #expect(error?.description.contains(words) == true, "\(error?.description ?? "")")
        }
    }

    @Test func aMissingTableAndAMissingRequiredColumn() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let noOffers = folder.file("no-offers.db")
        try Fixture.database(at: noOffers) { try $0.db.execute(sql: "DROP TABLE offers") }
        let tableError = #expect(throws: BadDataError.self) { try SQLiteSource(path: noOffers) }
        #expect(
            tableError?.description
                == "database '\(noOffers)' has no table 'offers', which report-batch needs (docs/data-model.md lists every table)"
        )
        #expect(ExitStatus.of(try #require(tableError)) == .badData)

        let noStatus = folder.file("no-status.db")
        try Fixture.database(at: noStatus) { try $0.db.execute(sql: "ALTER TABLE schools DROP COLUMN status") }
        let columnError = #expect(throws: BadDataError.self) { try SQLiteSource(path: noStatus) }
        #expect(
            columnError?.description
                == "database '\(noStatus)': table 'schools' has no column 'status', which report-batch needs"
        )
    }

    @Test func anUnknownFamilyIsAUsageErrorThatPointsAtFamilies() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let source = try SQLiteSource(path: try database(folder) { _ in })
        let error = #expect(throws: UsageError.self) { try source.loadFamily(id: "nobody") }
        #expect(error?.description.contains("`report-batch families --db") == true)
        #expect(ExitStatus.of(try #require(error)) == .usage)
    }
}
