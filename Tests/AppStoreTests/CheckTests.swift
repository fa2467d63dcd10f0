import AppStore
import Foundation
import TestFixtures
import TestSupport
import Testing

/// `check` finds dangling ids and rows of families that do not exist, besides bad values.
struct CheckTests {
    @Test func danglingIdsAndMissingFamilies() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.file("dangling.db")
        try Fixture.database(at: path) { f in
            try f.family("A")
            try f.family("B")
            try f.school("a-s", family: "A")
            try f.school("b-s", family: "B")
            // A coach of A pointing at B's school: across the boundary it is dangling.
            try f.coach("a-c", family: "A", school: "b-s")
            try f.interaction("a-i", family: "A", ["school_id": "a-s", "coach_id": "gone", "logged_by": "ghost"])
            try f.offer("a-o", family: "A", school: "nowhere")
            try f.school("z-s", family: "Z")
            try f.member(family: "A", user: "nobody")
        }
        let issues = try SQLiteSource(path: path).check().map(\.description)
        #expect(
            issues.contains(
                "schools row 'z-s', column family_unit_id: names no family ('Z'); the row appears in no report"
            )
        )
        #expect(
            issues.contains("coaches row 'a-c', column school_id: names no row of schools in the same family ('b-s')")
        )
        #expect(
            issues.contains(
                "interactions row 'a-i', column coach_id: names no row of coaches in the same family ('gone')"
            )
        )
        #expect(
            issues.contains(
                "offers row 'a-o', column school_id: names no row of schools in the same family ('nowhere')"
            )
        )
        #expect(issues.contains("interactions row 'a-i', column logged_by: names no user ('ghost')"))
        #expect(
            issues.contains(
                "family_members row (family_unit_id 'A', user_id 'nobody'), column user_id: names no user ('nobody')"
            )
        )
        #expect(issues.count == 6, "\(issues)")
    }

    /// Problems are listed by table and then by row id, whatever order the rows were stored
    /// in: the scan reads storage order and sorts what it found (ids compare by their bytes,
    /// as SQLite's ORDER BY does: upper case before lower case, 'é' after 'z').
    @Test func problemsAreListedInIdOrder() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.file("order.db")
        let ids = ["m", "é", "B", "a", "z", "10", "9"]
        try Fixture.database(at: path) { f in
            try f.family("F")
            for id in ids { try f.school(id, family: "F", status: "Interested") }
            try f.school("ok", family: "F")
            try f.user("u")
            try f.location(user: "u", json: "{}")
            try f.member(family: "F", user: "u")
            try f.member(family: "F", user: "ghost-2")
            try f.member(family: "F", user: "ghost-1")
        }
        let issues = try SQLiteSource(path: path).check()
        let schools = issues.filter { $0.table == "schools" }.map(\.rowID)
        #expect(schools == ["'10'", "'9'", "'B'", "'a'", "'m'", "'z'", "'é'"])
        let members = issues.filter { $0.table == "family_members" }.map(\.rowID)
        #expect(members == ["(family_unit_id 'F', user_id 'ghost-1')", "(family_unit_id 'F', user_id 'ghost-2')"])
        #expect(
            issues.map(\.table) == Array(repeating: "schools", count: 7) + ["family_members", "family_members"],
            "\(issues)"
        )
    }
}
