import Aggregation
import Core
import Foundation
import GRDB
import ReportGen
import TestFixtures
import TestSupport
import Testing

@testable import AppStore

/// The season's tables read from a SQLite file (docs/season.md §1): each family gets only its
/// own rows, each through what makes it the family's; bad values are named by table, row and
/// column; a database without the tables reads them as absent.
struct SeasonReadingTests {
    /// Two families, A and B, with a row of every season table each (and shared calendar rows).
    static func database(at path: String, extra: [String] = []) throws {
        try Fixture.database(at: path) { f in
            for family in ["A", "B"] {
                try f.family(family, name: "Family \(family)")
                try f.user("u\(family)", role: "parent", fullName: "Parent \(family)")
                try f.member(family: family, user: "u\(family)")
                try f.school("s\(family)", family: family, status: "interested", ["division": "D1"])
                try f.coach("c\(family)", family: family, school: "s\(family)")
            }
            for statement in AppSchema.tableStatements(AppSchema.seasonTables, leavingOut: [], primaryKeys: true) {
                try f.db.execute(sql: statement)
            }
            try f.db.execute(
                sql: """
                    INSERT INTO school_status_history VALUES ('hA', 'sA', 'contacted', 'interested', 'uA', '2026-11-18T12:00:00Z', 'Auto-advanced: interaction logged'),
                                                             ('hB', 'sB', NULL, 'committed', NULL, '2026-11-18T12:00:00Z', NULL);
                    INSERT INTO player_profiles VALUES ('pA', 'uA', 'A', 1), ('pB', 'uB', 'B', 1);
                    INSERT INTO profile_tracking_links VALUES ('lA', 'pA', 'cA'), ('lB', 'pB', 'cB');
                    INSERT INTO profile_views VALUES ('vA', 'pA', 'lA', '2026-11-19T12:00:00Z'), ('vB', 'pB', 'lB', '2026-11-19T12:00:00Z');
                    INSERT INTO events (id, family_unit_id, school_id, user_id, type, name, start_date, end_date, start_time) VALUES
                        ('e1', 'A', NULL, NULL, 'camp', 'Camp', '2026-11-28', NULL, '09:30:00'),
                        ('e2', NULL, 'sA', NULL, 'official_visit', 'Visit', '2026-11-29', '2026-11-30', NULL),
                        ('e3', NULL, NULL, 'uA', 'showcase', 'Showcase', '2026-12-01', NULL, '18:00'),
                        ('e4', 'B', NULL, NULL, 'game', 'Game', '2026-11-28', NULL, NULL);
                    INSERT INTO follow_up_reminders VALUES ('rA', 'uA', 'sA', 'cA', 'follow_up', 'Call back', '2026-11-24', 'high', 0),
                                                           ('rB', 'uB', NULL, NULL, 'custom', 'Private note', '2026-11-24', NULL, NULL);
                    INSERT INTO user_deadlines VALUES ('dA', 'uA', 'Application', '2026-12-01', 'school', 'sA'), ('dB', 'uB', 'Essay', '2026-12-01', 'school', NULL);
                    INSERT INTO system_calendar VALUES ('k1', 'Dead Period', '2026-11-26', '2026-11-29', 'dead_period', NULL, 'd1');
                    INSERT INTO sports VALUES ('sp1', 'Baseball');
                    """ + extra.joined(separator: ";\n")
            )
        }
    }

    @Test func eachFamilyReadsOnlyItsOwnSeasonRows() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try Self.database(at: folder.file("app.db"))
        let source = try SQLiteSource(path: folder.file("app.db"))
        #expect(source.absentSeasonTables.isEmpty)
        let season = try source.loadFamily(id: "A").season
        #expect(season.statusHistory?.map(\.id) == ["hA"])
        #expect(season.statusHistory?.first?.notes == "Auto-advanced: interaction logged")
        #expect(
            season.profiles?.map(\.id) == ["pA"] && season.trackingLinks?.map(\.id) == ["lA"]
                && season.profileViews?.map(\.id) == ["vA"]
        )
        #expect(season.events?.map(\.id) == ["e1", "e2", "e3"])
        #expect(season.events?.first?.startTime == "09:30")
        #expect(season.reminders?.map(\.id) == ["rA"] && season.deadlines?.map(\.id) == ["dA"])
        #expect(season.calendar?.first?.division == .d1 && season.sports?.first?.name == "Baseball")
        #expect(try source.loadFamily(id: "B").season.reminders?.map(\.id) == ["rB"])
    }

    /// Personal events are found through an index of their own (SQLiteSource's
    /// `eventsCondition`): each reaches its member's family alone, also after another program
    /// changed them during the run, one with a null id still fails it, and an `events` table
    /// without rowids reads the same through the plain rule.
    @Test(arguments: [false, true])
    func personalEventsReachTheirMembersFamilyAlone(withoutRowID: Bool) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        var extra = [
            "INSERT INTO events (id, user_id, type, name, start_date) VALUES ('e5', 'uB', 'camp', 'Camp B', '2026-12-02')"
        ]
        if withoutRowID {
            extra += [
                "CREATE TABLE events_copy AS SELECT * FROM events", "DROP TABLE events",
                "CREATE TABLE events (id TEXT PRIMARY KEY, family_unit_id TEXT, school_id TEXT, user_id TEXT, type TEXT, name TEXT, location TEXT, city TEXT, state TEXT, start_date TEXT, end_date TEXT, start_time TEXT, registered INTEGER, attended INTEGER) WITHOUT ROWID",
                "INSERT INTO events SELECT * FROM events_copy", "DROP TABLE events_copy",
            ]
        }
        try Self.database(at: folder.file("app.db"), extra: extra)
        let source = try SQLiteSource(path: folder.file("app.db"))
        #expect(try source.loadFamily(id: "A").season.events?.map(\.id) == ["e1", "e2", "e3"])
        #expect(try source.loadFamily(id: "B").season.events?.map(\.id) == ["e4", "e5"])
        // Another program writes while the run goes: a new personal event, one moved to the
        // other family's member, then a VACUUM that gives the rows new rowids.
        let writer = try DatabaseQueue(path: folder.file("app.db"))
        try writer.write { db in
            try db.execute(
                sql:
                    "INSERT INTO events (id, user_id, type, name, start_date) VALUES ('e0', 'uA', 'camp', 'Camp A', '2026-12-03')"
            )
            try db.execute(sql: "UPDATE events SET user_id = 'uA' WHERE id = 'e5'")
        }
        try writer.writeWithoutTransaction { try $0.execute(sql: "VACUUM") }
        try writer.close()
        #expect(try source.loadFamily(id: "A").season.events?.map(\.id) == ["e0", "e1", "e2", "e3", "e5"])
        #expect(try source.loadFamily(id: "B").season.events?.map(\.id) == ["e4"])
        guard !withoutRowID else { return }
        try Self.database(
            at: folder.file("null-id.db"),
            extra: [
                "INSERT INTO events (id, user_id, type, name, start_date) VALUES (NULL, 'uA', 'camp', 'Camp', '2026-12-02')"
            ]
        )
        let error = #expect(throws: BadDataError.self) {
            try SQLiteSource(path: folder.file("null-id.db")).loadFamily(id: "A")
        }
        #expect(
            error?.description.contains("events row null, column id: is null but is required") == true,
            "\(error?.description ?? "")"
        )
    }

    /// A personal row's bad value is named by table, row and column only: its text may reach
    /// the family's shared files (the pdf's "Rows left out", the manifest).
    @Test func aBadPersonalRowNeverShowsItsText() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try Self.database(
            at: folder.file("app.db"),
            extra: [
                "UPDATE user_deadlines SET deadline_date = 'call mom re tuition' WHERE id = 'dA'",
                "UPDATE follow_up_reminders SET priority = 'tuition' WHERE id = 'rA'",
            ]
        )
        let source = try SQLiteSource(path: folder.file("app.db"))
        let (_, leftOut) = try source.loadFamilyLeavingOutBadRows(id: "A")
        #expect(leftOut.map(\.table).sorted() == ["follow_up_reminders", "user_deadlines"])
        #expect(!leftOut.contains { $0.description.contains("tuition") }, "\(leftOut)")
        #expect(throws: (any Error).self) { try source.loadFamily(id: "A") }
        #expect((try? source.loadFamily(id: "A")) == nil)
        do { _ = try source.loadFamily(id: "A") } catch { #expect(!"\(error)".contains("tuition")) }
    }

    /// A job or command of lists alone reads no season table: it has no use for them, and a bad
    /// row in one does not fail a list that never shows it.
    @Test func aReadWithoutTheSeasonLeavesItsTablesUnread() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try Self.database(
            at: folder.file("app.db"),
            extra: ["UPDATE follow_up_reminders SET priority = 'tuition' WHERE id = 'rA'"]
        )
        let source = try SQLiteSource(path: folder.file("app.db"))
        #expect(throws: (any Error).self) { try source.loadFamily(id: "A") }
        let data = try source.loadFamily(id: "A", interactions: true, season: false)
        #expect(data.season == SeasonRows())
        #expect(!data.schools.isEmpty)
        let (skipped, leftOut) = try source.loadFamilyLeavingOutBadRows(id: "A", season: false)
        #expect(leftOut.isEmpty && skipped.season == SeasonRows())
    }

    @Test func aDatabaseWithoutTheTablesReadsThemAsAbsent() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try Fixture.database(at: folder.file("app.db")) { f in
            try f.family("A")
            try f.school("sA", family: "A")
        }
        let source = try SQLiteSource(path: folder.file("app.db"))
        #expect(source.absentSeasonTables == AppSchema.seasonTables.map(\.name))
        // Every table absent; the fixture's schools have the questionnaire column.
        var expected = SeasonRows()
        expected.tracksQuestionnaires = true
        #expect(try source.loadFamily(id: "A").season == expected)
    }

    @Test(arguments: [
        (
            "UPDATE school_status_history SET new_status = 'maybe' WHERE id = 'hA'", "school_status_history", "hA",
            "new_status"
        ),
        ("UPDATE events SET end_date = '2026-11-01' WHERE id = 'e2'", "events", "e2", "end_date"),
        ("UPDATE events SET start_time = '25:00' WHERE id = 'e1'", "events", "e1", "start_time"),
        ("UPDATE events SET type = 'party' WHERE id = 'e3'", "events", "e3", "type"),
        ("UPDATE follow_up_reminders SET priority = 'urgent' WHERE id = 'rA'", "follow_up_reminders", "rA", "priority"),
        ("UPDATE profile_views SET viewed_at = 'yesterday' WHERE id = 'vA'", "profile_views", "vA", "viewed_at"),
        ("UPDATE system_calendar SET division = 'D4' WHERE id = 'k1'", "system_calendar", "k1", "division"),
        ("UPDATE user_deadlines SET deadline_date = 'soon' WHERE id = 'dA'", "user_deadlines", "dA", "deadline_date"),
    ])
    func aBadValueIsNamedAndCanBeLeftOut(statement: String, table: String, row: String, column: String) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try Self.database(at: folder.file("app.db"), extra: [statement])
        let source = try SQLiteSource(path: folder.file("app.db"))
        #expect {
            _ = try source.loadFamily(id: "A")
        } throws: { error in
            "\(error)".contains("\(table) row '\(row)', column \(column)")
        }
        let (data, leftOut) = try source.loadFamilyLeavingOutBadRows(id: "A")
        // Row ids are kept as messages quote them.
        #expect(leftOut.map { [$0.table, $0.rowID, $0.column ?? ""] } == [[table, "'\(row)'", column]])
        #expect(
            data.season.events?.contains { $0.id == row } != true
                && data.season.statusHistory?.contains { $0.id == row } != true
        )
        #expect(try source.check().contains { $0.table == table && $0.rowID == "'\(row)'" && $0.column == column })
    }
}

/// The season's parts of the report's json and csv (docs/season.md §6), from a database with
/// the tables, read back by Python: keys in order, values from the family's own rows only.
struct SeasonOutputTests {
    @Test func theJsonAndCsvCarryTheFamilysSeason() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try SeasonReadingTests.database(
            at: folder.file("app.db"),
            extra: [
                "INSERT INTO interactions (id, family_unit_id, school_id, coach_id, type, direction, occurred_at) VALUES ('iA', 'A', 'sA', 'cA', 'email', 'inbound', '2026-11-18T15:00:00Z')",
                "INSERT INTO interactions (id, family_unit_id, school_id, coach_id, type, direction, occurred_at) VALUES ('iB', 'B', 'sB', 'cB', 'email', 'inbound', '2026-11-18T15:00:00Z')",
            ]
        )
        let source = try SQLiteSource(path: folder.file("app.db"))
        let clock = RunClock(now: Instant(seconds: 1_795_413_600), source: "test")  // 2026-11-23T06:00:00Z
        let run = try ReportRun(
            data: try source.loadFamily(id: "A"),
            selection: .preset(.previousWeek),
            today: nil,
            timezone: Zone.utc,
            clock: clock
        )
        try ReportJSON.document(run).serialized(indent: 0).write(
            toFile: folder.file("report.json"),
            atomically: true,
            encoding: .utf8
        )
        let csv = ReportCSV.rows(run).map { row in
            row.map { cell -> String in
                if case .text(let t) = cell { return t }
                return "\(cell)"
            }.joined(separator: "\t")
        }
        let check = try ReportBatchProcess.tool(
            "python3",
            [
                "-c",
                """
                import json, sys
                doc = json.load(open(sys.argv[1]))
                c, a, t = doc['changes'], doc['ahead'], doc['trend']
                assert list(c) == ['statusChanges', 'moved', 'coachesWhoWrote', 'otherInbound', 'newSchools', 'newOffers', 'profileViews', 'outreach'], list(c)
                assert c['outreach'] == [] and a['contactWindows'] == [], (c['outreach'], a['contactWindows'])
                assert c['statusChanges'] == [{'date': '2026-11-18', 'school': 'School sA', 'from': 'contacted', 'to': 'interested', 'direction': 'same',
                                               'by': 'Parent A', 'note': 'Auto-advanced: interaction logged'}], c['statusChanges']
                assert c['moved'] == {'forward': 0, 'back': 0, 'out': 0}, c['moved']
                assert [x['firstTime'] for x in c['coachesWhoWrote']] == [True] and c['otherInbound'] == 0
                assert c['profileViews']['total'] == 1 and c['profileViews']['byCoach'][0]['views'] == 1 and c['profileViews']['other'] == 0
                assert [e['name'] for e in a['events']] == ['Camp', 'Visit', 'Showcase'], a['events']
                assert list(a['events'][0]) == ['start', 'end', 'time', 'type', 'name', 'school', 'place', 'registered', 'daysAway']
                assert a['events'][0]['time'] == '09:30' and a['events'][0]['daysAway'] == 5
                assert a['calendar'][0]['division'] == 'd1'
                assert len(t['weeks']) == 12 and t['weeks'][-1]['end'] == '2026-11-22' and t['weeks'][-1]['inbound'] == 1
                assert list(t['weeks'][-1]['pipeline']) == ['researching', 'contacted', 'visiting', 'offer_received', 'committed', 'not_pursuing']
                assert t['weeks'][-1]['pipeline']['contacted'] == 1, t['weeks'][-1]['pipeline']
                assert t['weeks'][-1]['profileViews'] == 1
                assert 'Private note' not in open(sys.argv[1]).read() and 'Call back' not in open(sys.argv[1]).read(), 'a personal item in a family file'
                print('ok')
                """, folder.file("report.json"),
            ]
        )
        #expect(check.status == 0 && check.stdout == "ok\n", "\(check.stderr)")
        #expect(
            csv.contains { $0.hasPrefix("changes\tstatus_change\tSchool sA\tinterested") },
            "\(csv.filter { $0.hasPrefix("changes") })"
        )
        #expect(csv.filter { $0.hasPrefix("trend\tpipeline_") }.count == 12 * SchoolStatus.allCases.count)
    }
}
