import Foundation
import TestSupport
import Testing

/// The season's tables from PostgreSQL (docs/season.md §1): copied by the snapshot with the
/// app's types, giving the same report as the same rows in a SQLite file, and a one-family
/// import copies only that family's rows of them.
@Suite(.tags(.postgres), .serialized)
struct PostgresSeasonTests {
    /// The demo's older snapshot (its second family: stored `interested`, visit statuses and
    /// `declined`, in the app's enum type; the sport only in the player's preference; metrics
    /// with sources and a headline stat) reads the same, to the byte, from PostgreSQL as from
    /// SQLite (app-today.md §1–§4), with an entry that has only a display value added to both.
    @Test func olderStatusesReadTheSameFromPostgresAsFromSQLite() throws {
        let demo = try PostgresSourceTests.Demo(["--families", "2"])
        defer { demo.folder.remove() }
        let family = try demo.server.psql(
            demo.database,
            "SELECT family_unit_id FROM schools WHERE status = 'interested' ORDER BY id LIMIT 1"
        )
        try #require(!family.isEmpty, "the demo has no school stored as interested")
        let player = try demo.server.psql(
            demo.database,
            "SELECT user_id FROM family_members WHERE family_unit_id = '\(family)' AND role = 'athlete'"
        )
        #expect(
            try demo.server.psql(demo.database, "SELECT DISTINCT pg_typeof(is_primary) FROM performance_metrics")
                == "boolean"
        )
        let row = """
            INSERT INTO performance_metrics (id, family_unit_id, user_id, metric_type, value, unit, recorded_date, notes, verified, display_value, source, is_primary, created_at)
            VALUES ('00000000-0000-4000-8000-0000000000e1', '\(family)', '\(player)', 'height', NULL, NULL, '2026-11-20', NULL, TRUE, '6''2"', 'Team physical', FALSE, '2026-11-20T18:00:00Z');
            """
        try demo.server.psql(demo.database, row)
        let added = try ReportBatchProcess.tool(
            "sqlite3",
            [
                demo.folder.file("demo.db"),
                row.replacingOccurrences(of: "TRUE", with: "1").replacingOccurrences(of: "FALSE", with: "0"),
            ]
        )
        #expect(added.status == 0, "\(added.stderr)")
        func report(_ db: String) throws -> String {
            let result = try demo.run([
                "report", "--db", db, "--family", family, "--now", PostgresSourceTests.now, "--format", "json",
                "--out", "-",
            ])
            try #require(result.status == 0, "\(result.stderr)")
            return result.stdout
        }
        let fromSQLite = try report("demo.db")
        #expect(try report(demo.uri) == fromSQLite)
        #expect(!fromSQLite.contains("\"interested\": ") && fromSQLite.contains("\"not_pursuing\": "))
        // The headline stat (softball's first key, from the preference's sport) and the height's display value.
        let json = try #require(try JSONSerialization.jsonObject(with: Data(fromSQLite.utf8)) as? [String: Any])
        let metrics = try #require(json["metrics"] as? [String: Any])
        let summaries = try #require(metrics["summaries"] as? [[String: Any]])
        #expect(summaries.first?["type"] as? String == "velocity" && summaries.first?["primary"] as? Bool == true)
        #expect(summaries.first?["label"] as? String == "Fastball Velocity")
        let height = try #require(summaries.first { $0["type"] as? String == "height" })
        let latest = try #require(height["latest"] as? [String: Any])
        #expect(latest["display"] as? String == "6'2\"" && latest["source"] as? String == "Team physical")
        #expect(latest["verified"] as? Bool == true && latest["value"] is NSNull)
    }

    @Test func theSeasonFromPostgresIsTheSeasonFromSQLite() throws {
        let demo = try PostgresSourceTests.Demo(["--families", "2"])
        defer { demo.folder.remove() }
        let server = demo.server
        let family = try server.psql(
            demo.database,
            "SELECT family_unit_id FROM schools GROUP BY 1 ORDER BY count(*) DESC LIMIT 1"
        )
        let other = try server.psql(demo.database, "SELECT id FROM family_units WHERE id <> '\(family)' LIMIT 1")
        let school = try server.psql(
            demo.database,
            "SELECT id FROM schools WHERE family_unit_id = '\(family)' ORDER BY id LIMIT 1"
        )
        let otherSchool = try server.psql(
            demo.database,
            "SELECT id FROM schools WHERE family_unit_id = '\(other)' ORDER BY id LIMIT 1"
        )
        let member = try server.psql(
            demo.database,
            "SELECT user_id FROM family_members WHERE family_unit_id = '\(family)' ORDER BY user_id LIMIT 1"
        )
        let rows = """
            INSERT INTO school_status_history VALUES ('00000000-0000-4000-8000-0000000000a1', '\(school)', 'contacted', 'interested', '\(member)', '2026-11-18T12:00:00Z', 'Auto-advanced: interaction logged'),
                ('00000000-0000-4000-8000-0000000000a2', '\(otherSchool)', NULL, 'committed', NULL, '2026-11-18T12:00:00Z', NULL);
            INSERT INTO events VALUES ('00000000-0000-4000-8000-0000000000b1', NULL, '\(school)', NULL, 'official_visit', 'Visit', NULL, 'Palo Alto', 'CA', '2026-11-28', '2026-11-29', '09:30:00', TRUE, NULL),
                ('00000000-0000-4000-8000-0000000000b2', '\(other)', NULL, NULL, 'camp', 'Their camp', NULL, NULL, NULL, '2026-11-28', NULL, NULL, NULL, NULL);
            INSERT INTO follow_up_reminders VALUES ('00000000-0000-4000-8000-0000000000c1', '\(member)', NULL, NULL, 'custom', 'Private note', '2026-11-24T12:00:00Z', 'high', FALSE);
            INSERT INTO system_calendar VALUES ('00000000-0000-4000-8000-0000000000d1', 'Dead Period', '2026-11-26', '2026-11-29', 'dead_period', NULL, NULL);
            """
        // The demo wrote the season's tables into both (docs/season.md, "The demo's season"); these rows come on top.
        try server.psql(demo.database, rows)
        let added = try ReportBatchProcess.tool(
            "sqlite3",
            [
                demo.folder.file("demo.db"),
                rows.replacingOccurrences(of: "TRUE", with: "1").replacingOccurrences(of: "FALSE", with: "0"),
            ]
        )
        #expect(added.status == 0, "\(added.stderr)")
        func report(_ db: String, _ out: String) throws -> String {
            let result = try demo.run([
                "report", "--db", db, "--family", family, "--preset", "previous-week", "--now", "2026-11-23T12:00:00Z",
                "--format", "json", "--out", out,
            ])
            try #require(result.status == 0, "\(result.stderr)")
            return try String(
                contentsOfFile: demo.folder.file(result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)),
                encoding: .utf8
            )
        }
        let fromSQLite = try report("demo.db", "a")
        let fromPostgres = try report(demo.uri, "b")
        #expect(fromSQLite == fromPostgres)
        #expect(
            fromPostgres.contains("\"direction\": \"forward\"") && fromPostgres.contains("\"name\": \"Visit\"")
                && fromPostgres.contains("\"time\": \"09:30\"")
        )
        #expect(!fromPostgres.contains("Their camp") && !fromPostgres.contains("Private note"))
        // A one-family import copies that family's rows of the season's tables, and the calendar whole.
        let imported = try demo.run(["import", demo.uri, "--family", other, "--out", "one.db"])
        #expect(imported.status == 0, "\(imported.stderr)")
        func count(_ sql: String) throws -> String {
            try ReportBatchProcess.tool("sqlite3", [demo.folder.file("one.db"), sql]).stdout.trimmingCharacters(
                in: .whitespacesAndNewlines
            )
        }
        #expect(try count("SELECT count(*) FROM school_status_history WHERE id LIKE '00000000-%'") == "1")
        #expect(
            try count("SELECT count(*) FROM school_status_history WHERE id = '00000000-0000-4000-8000-0000000000a2'")
                == "1"
        )
        #expect(
            try count("SELECT count(*) FROM school_status_history WHERE school_id NOT IN (SELECT id FROM schools)")
                == "0"
        )
        #expect(
            try count("SELECT count(*) > 1 FROM school_status_history") == "1",
            "the demo's history of that family came too"
        )
        #expect(try count("SELECT count(*) FROM events WHERE name IN ('Their camp', 'Visit')") == "1")
        #expect(try count("SELECT count(*) FROM events WHERE name = 'Their camp'") == "1")
        #expect(
            try count(
                "SELECT count(*) FROM follow_up_reminders WHERE user_id NOT IN (SELECT user_id FROM family_members) OR title = 'Private note'"
            ) == "0"
        )
        #expect(
            try count("SELECT count(*) FROM system_calendar")
                == (try server.psql(demo.database, "SELECT count(*) FROM system_calendar"))
        )
    }

    /// The app's newer tables (docs/next-steps.md), which the demo fills in both: the same json
    /// to the byte from PostgreSQL as from SQLite, every kind in it, no personal row; a
    /// one-family import copies that family's rows of them (and the player's without a
    /// family), and the contact rules whole.
    @Test func theNewerTablesFromPostgresAreThoseFromSQLite() throws {
        let demo = try PostgresSourceTests.Demo(["--families", "2"])
        defer { demo.folder.remove() }
        let server = demo.server
        let family = try server.psql(
            demo.database,
            "SELECT family_unit_id FROM schools GROUP BY 1 ORDER BY count(*) DESC LIMIT 1"
        )
        let other = try server.psql(demo.database, "SELECT id FROM family_units WHERE id <> '\(family)' LIMIT 1")
        #expect(
            try server.psql(
                demo.database,
                "SELECT pg_typeof(status)::text || ',' || pg_typeof(due_date)::text FROM recommendation_letters LIMIT 1"
            ) == "recommendation_status,date"
        )
        let member = try server.psql(
            demo.database,
            "SELECT user_id FROM family_members WHERE family_unit_id = '\(family)' ORDER BY user_id LIMIT 1"
        )
        let personal = """
            INSERT INTO follow_up_reminders VALUES ('00000000-0000-4000-8000-0000000000f1', '\(member)', NULL, NULL, 'custom', 'Private letter note', '2026-11-24T12:00:00Z', 'high', FALSE);
            """
        try server.psql(demo.database, personal)
        let added = try ReportBatchProcess.tool(
            "sqlite3",
            [demo.folder.file("demo.db"), personal.replacingOccurrences(of: "FALSE", with: "0")]
        )
        #expect(added.status == 0, "\(added.stderr)")
        func report(_ db: String) throws -> String {
            let result = try demo.run([
                "report", "--db", db, "--family", family, "--preset", "previous-week", "--now", "2026-11-23T12:00:00Z",
                "--format", "json", "--out", "-",
            ])
            try #require(result.status == 0, "\(result.stderr)")
            return result.stdout
        }
        let fromSQLite = try report("demo.db")
        #expect(try report(demo.uri) == fromSQLite)
        #expect(!fromSQLite.contains("Private letter note"))
        let json = try #require(try JSONSerialization.jsonObject(with: Data(fromSQLite.utf8)) as? [String: Any])
        let followUps = try #require(json["followUps"] as? [String: Any])
        let letters = try #require(followUps["letters"] as? [[String: Any]])
        #expect(letters.map { $0["writer"] as? String } == ["Coach Daniels", "Mr. Chen, \"AP Physics\""])
        #expect((followUps["brokenVideos"] as? [[String: Any]])?.first?["platform"] as? String == "hudl")
        #expect(!((followUps["questionnaires"] as? [Any]) ?? []).isEmpty)
        let outreach = try #require((json["changes"] as? [String: Any])?["outreach"] as? [[String: Any]])
        #expect(
            outreach.contains { $0["sentBefore"] as? Int == 2 }
                && outreach.contains { $0["daysSincePrevious"] as? Int == 3 }
        )
        let windows = try #require((json["ahead"] as? [String: Any])?["contactWindows"] as? [[String: Any]])
        #expect(windows.first?["division"] as? String == "D1" && windows.first?["sport"] as? String == "baseball")
        // One family's import: its rows, the player's rows without a family, the rules whole.
        let imported = try demo.run(["import", demo.uri, "--family", other, "--out", "one.db"])
        #expect(imported.status == 0, "\(imported.stderr)")
        func count(_ sql: String) throws -> String {
            try ReportBatchProcess.tool("sqlite3", [demo.folder.file("one.db"), sql]).stdout.trimmingCharacters(
                in: .whitespacesAndNewlines
            )
        }
        #expect(try count("SELECT count(*) FROM athlete_messages WHERE family_unit_id <> '\(other)'") == "0")
        #expect(try count("SELECT count(*) > 0 FROM athlete_messages") == "1")
        #expect(try count("SELECT count(*) FROM video_links WHERE family_unit_id IS NULL") == "1")
        #expect(try count("SELECT count(*) FROM video_links WHERE family_unit_id = '\(family)'") == "0")
        #expect(try count("SELECT count(*) FROM recommendation_letters") == "3")
        #expect(try count("SELECT count(*) FROM contact_window_rules") == "8")
    }
}
