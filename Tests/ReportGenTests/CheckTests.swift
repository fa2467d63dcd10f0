import Foundation
import ReportGen
import Testing
import TestSupport

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
        #expect(issues.contains("schools row 'z-s', column family_unit_id: names no family ('Z'); the row appears in no report"))
        #expect(issues.contains("coaches row 'a-c', column school_id: names no row of schools in the same family ('b-s')"))
        #expect(issues.contains("interactions row 'a-i', column coach_id: names no row of coaches in the same family ('gone')"))
        #expect(issues.contains("offers row 'a-o', column school_id: names no row of schools in the same family ('nowhere')"))
        #expect(issues.contains("interactions row 'a-i', column logged_by: names no user ('ghost')"))
        #expect(issues.contains("family_members row (family_unit_id 'A', user_id 'nobody'), column user_id: names no user ('nobody')"))
        #expect(issues.count == 6, "\(issues)")
    }
}
