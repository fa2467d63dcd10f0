import Aggregation
import Core
import Foundation
import GRDB
import TestFixtures
import TestSupport
import Testing

@testable import AppStore

/// The season's tables read from a SQLite file (docs/season.md §1): each family gets only its
/// own rows, each through what makes it the family's; bad values are named by table, row and
/// column; a database without the tables reads them as absent.
struct SeasonReadingTests {
    @Test func eachFamilyReadsOnlyItsOwnSeasonRows() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try Fixture.seasonFamilies(at: folder.file("app.db"))
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
        try Fixture.seasonFamilies(at: folder.file("app.db"), extra: extra)
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
        try Fixture.seasonFamilies(
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
        try Fixture.seasonFamilies(
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
        try Fixture.seasonFamilies(
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
        try Fixture.seasonFamilies(at: folder.file("app.db"), extra: [statement])
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
