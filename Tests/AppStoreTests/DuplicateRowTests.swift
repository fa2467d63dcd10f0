import Aggregation
import Core
import Foundation
import GRDB
import TestFixtures
import TestSupport
import Testing

@testable import AppStore

/// One id, one row, in every table a family's read takes (docs/data-model.md): a row stored
/// twice in a table made without its key fails the family, whether its bad rows fail it or are
/// left out, and names the table, the row and how often its id appears.
struct DuplicateRowTests {
    /// Each table with the id of one of family A's rows in `Fixture.seasonFamilies`' database (with
    /// the next steps' rows of `extra` below).
    static let cases: [(table: String, id: String)] = [
        ("users", "uA"), ("schools", "sA"), ("coaches", "cA"), ("school_status_history", "hA"),
        ("player_profiles", "pA"), ("profile_tracking_links", "lA"), ("profile_views", "vA"), ("events", "e1"),
        ("follow_up_reminders", "rA"), ("user_deadlines", "dA"), ("system_calendar", "k1"), ("sports", "sp1"),
        ("athlete_messages", "mA"), ("video_links", "vlA"), ("recommendation_letters", "rlA"),
        ("contact_window_rules", "cw1"),
    ]

    static let extra = [
        "INSERT INTO athlete_messages VALUES ('mA', 'uA', 'A', 'sA', 'cA', 'intro', 'email', 'Hello', '2026-11-18T12:00:00Z')",
        "INSERT INTO video_links VALUES ('vlA', 'uA', 'A', 'hudl', 'https://example.com/v', 'Film', 'healthy')",
        "INSERT INTO recommendation_letters VALUES ('rlA', 'uA', 'A', 'Coach Lee', '2026-12-01', 'requested')",
        "INSERT INTO contact_window_rules VALUES ('cw1', '*', 'D1', 'unrestricted', NULL, NULL, NULL)",
    ]

    /// The database with `table` made again without its key and row `id` stored twice.
    static func database(at path: String, doubling table: String, id: String) throws {
        try Fixture.seasonFamilies(at: path, extra: extra)
        let queue = try DatabaseQueue(path: path)
        try queue.write { db in
            let name = table.quotedDatabaseIdentifier
            try db.execute(
                sql: """
                    CREATE TABLE rb_copy AS SELECT * FROM \(name); DROP TABLE \(name); ALTER TABLE rb_copy RENAME TO \(name);
                    INSERT INTO \(name) SELECT * FROM \(name) WHERE id = ?
                    """,
                arguments: [id]
            )
        }
        try queue.close()
    }

    @Test(arguments: cases.map(\.table))
    func anIDHeldByTwoRowsFailsTheFamily(table: String) throws {
        let id = try #require(Self.cases.first { $0.table == table }?.id)
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try Self.database(at: folder.file("app.db"), doubling: table, id: id)
        let source = try SQLiteSource(path: folder.file("app.db"))
        #expect(!source.uniqueKeys.contains(table))
        let expected = "\(table) row '\(id)', column id: the row's id appears 2 times"
        for leavingOut in [false, true] {
            do {
                if leavingOut {
                    _ = try source.loadFamilyLeavingOutBadRows(id: "A")
                } else {
                    _ = try source.loadFamily(id: "A")
                }
                Issue.record("\(table): a doubled row was read (leaving out bad rows: \(leavingOut))")
            } catch let error as BadDataError {
                #expect("\(error)".contains(expected), "\(error)")
            }
        }
    }

    /// A member stored twice in `family_members` fails the family as `check` words it.
    @Test func aMemberListedTwiceFailsTheFamily() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try Fixture.seasonFamilies(at: folder.file("app.db"))
        let queue = try DatabaseQueue(path: folder.file("app.db"))
        try queue.write { db in
            try db.execute(
                sql: """
                    CREATE TABLE rb_copy AS SELECT * FROM family_members; DROP TABLE family_members;
                    ALTER TABLE rb_copy RENAME TO family_members;
                    INSERT INTO family_members SELECT * FROM family_members WHERE user_id = 'uA'
                    """
            )
        }
        try queue.close()
        let source = try SQLiteSource(path: folder.file("app.db"))
        #expect(throws: BadDataError.self) { try source.loadFamily(id: "A") }
        do {
            _ = try source.loadFamilyLeavingOutBadRows(id: "A")
            Issue.record("a member listed twice was read")
        } catch let error as BadDataError {
            #expect(
                "\(error)".contains(
                    "family_members row (family_unit_id 'A', user_id 'uA'), column family_unit_id: the row's key appears 2 times"
                ),
                "\(error)"
            )
        }
        #expect(try source.loadFamily(id: "B").members.count == 1)
    }
}
