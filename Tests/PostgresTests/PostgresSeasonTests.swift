import Foundation
import Testing
import TestSupport

/// The season's tables from PostgreSQL (docs/season.md §1): copied by the snapshot with the
/// app's types, giving the same report as the same rows in a SQLite file, and a one-family
/// import copies only that family's rows of them.
@Suite(.serialized)
struct PostgresSeasonTests {
    @Test func theSeasonFromPostgresIsTheSeasonFromSQLite() throws {
        let demo = try PostgresSourceTests.Demo(["--families", "2"])
        defer { demo.folder.remove() }
        let server = demo.server
        let family = try server.psql(demo.database, "SELECT family_unit_id FROM schools GROUP BY 1 ORDER BY count(*) DESC LIMIT 1")
        let other = try server.psql(demo.database, "SELECT id FROM family_units WHERE id <> '\(family)' LIMIT 1")
        let school = try server.psql(demo.database, "SELECT id FROM schools WHERE family_unit_id = '\(family)' ORDER BY id LIMIT 1")
        let otherSchool = try server.psql(demo.database, "SELECT id FROM schools WHERE family_unit_id = '\(other)' ORDER BY id LIMIT 1")
        let member = try server.psql(demo.database, "SELECT user_id FROM family_members WHERE family_unit_id = '\(family)' ORDER BY user_id LIMIT 1")
        let rows = """
            INSERT INTO school_status_history VALUES ('00000000-0000-4000-8000-0000000000a1', '\(school)', 'contacted', 'interested', '\(member)', '2026-11-18T12:00:00Z', 'Auto-advanced: interaction logged'),
                ('00000000-0000-4000-8000-0000000000a2', '\(otherSchool)', NULL, 'committed', NULL, '2026-11-18T12:00:00Z', NULL);
            INSERT INTO events VALUES ('00000000-0000-4000-8000-0000000000b1', NULL, '\(school)', NULL, 'official_visit', 'Visit', NULL, 'Palo Alto', 'CA', '2026-11-28', '2026-11-29', '09:30:00', TRUE, NULL),
                ('00000000-0000-4000-8000-0000000000b2', '\(other)', NULL, NULL, 'camp', 'Their camp', NULL, NULL, NULL, '2026-11-28', NULL, NULL, NULL, NULL);
            INSERT INTO follow_up_reminders VALUES ('00000000-0000-4000-8000-0000000000c1', '\(member)', NULL, NULL, 'custom', 'Private note', '2026-11-24T12:00:00Z', 'high', FALSE);
            INSERT INTO system_calendar VALUES ('00000000-0000-4000-8000-0000000000d1', 'Dead Period', '2026-11-26', '2026-11-29', 'dead_period', NULL, NULL);
            """
        try server.psql(demo.database, """
            CREATE TYPE event_type AS ENUM ('showcase', 'camp', 'official_visit', 'unofficial_visit', 'game');
            CREATE TABLE school_status_history (id uuid PRIMARY KEY, school_id uuid NOT NULL, previous_status varchar(50), new_status varchar(50) NOT NULL,
                changed_by uuid, changed_at timestamptz NOT NULL, notes text);
            CREATE TABLE events (id uuid PRIMARY KEY, family_unit_id uuid, school_id uuid, user_id uuid, type event_type NOT NULL, name text NOT NULL,
                location text, city varchar(100), state varchar(2), start_date date NOT NULL, end_date date, start_time time, registered boolean, attended boolean);
            CREATE TABLE follow_up_reminders (id uuid PRIMARY KEY, user_id uuid NOT NULL, school_id uuid, coach_id uuid, reminder_type text NOT NULL,
                title text NOT NULL, due_date timestamptz NOT NULL, priority text, is_completed boolean);
            CREATE TABLE system_calendar (id uuid PRIMARY KEY, label text NOT NULL, start_date date NOT NULL, end_date date, category text NOT NULL,
                sport text, division text);
            """ + rows)
        _ = try ReportBatchProcess.tool("sqlite3", [demo.folder.file("demo.db"), """
            CREATE TABLE school_status_history (id TEXT PRIMARY KEY, school_id TEXT, previous_status TEXT, new_status TEXT, changed_by TEXT, changed_at TEXT, notes TEXT);
            CREATE TABLE events (id TEXT PRIMARY KEY, family_unit_id TEXT, school_id TEXT, user_id TEXT, type TEXT, name TEXT, location TEXT, city TEXT,
                state TEXT, start_date TEXT, end_date TEXT, start_time TEXT, registered INTEGER, attended INTEGER);
            CREATE TABLE follow_up_reminders (id TEXT PRIMARY KEY, user_id TEXT, school_id TEXT, coach_id TEXT, reminder_type TEXT, title TEXT, due_date TEXT,
                priority TEXT, is_completed INTEGER);
            CREATE TABLE system_calendar (id TEXT PRIMARY KEY, label TEXT, start_date TEXT, end_date TEXT, category TEXT, sport TEXT, division TEXT);
            """ + rows.replacingOccurrences(of: "TRUE", with: "1").replacingOccurrences(of: "FALSE", with: "0")])
        func report(_ db: String, _ out: String) throws -> String {
            let result = try demo.run(["report", "--db", db, "--family", family, "--preset", "previous-week", "--now", "2026-11-23T12:00:00Z",
                                       "--format", "json", "--out", out])
            try #require(result.status == 0, "\(result.stderr)")
            return try String(contentsOfFile: demo.folder.file(result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)), encoding: .utf8)
        }
        let fromSQLite = try report("demo.db", "a"), fromPostgres = try report(demo.uri, "b")
        #expect(fromSQLite == fromPostgres)
        #expect(fromPostgres.contains("\"direction\": \"forward\"") && fromPostgres.contains("\"name\": \"Visit\"") && fromPostgres.contains("\"time\": \"09:30\""))
        #expect(!fromPostgres.contains("Their camp") && !fromPostgres.contains("Private note"))
        // A one-family import copies that family's rows of the season's tables, and the calendar whole.
        let imported = try demo.run(["import", demo.uri, "--family", other, "--out", "one.db"])
        #expect(imported.status == 0, "\(imported.stderr)")
        func count(_ sql: String) throws -> String {
            try ReportBatchProcess.tool("sqlite3", [demo.folder.file("one.db"), sql]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        #expect(try count("SELECT group_concat(id) FROM school_status_history") == "00000000-0000-4000-8000-0000000000a2")
        #expect(try count("SELECT group_concat(name) FROM events") == "Their camp")
        #expect(try count("SELECT count(*) FROM follow_up_reminders") == "0")
        #expect(try count("SELECT count(*) FROM system_calendar") == "1")
    }
}
