import Aggregation
import Core
import Foundation
import TestFixtures
import TestSupport
import Testing

@testable import AppStore

/// Under `bad_rows: skip` a bad value of an optional column is left out alone: the row stays
/// with that value null, and the value is listed (issue 52's defect 4: a bad
/// `users.graduation_year` once left out the player's whole row, its zone and its recap).
struct OptionalColumnLeftOutTests {
    @Test func aBadOptionalValueLeavesOutTheValueNotTheRow() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try Fixture.database(at: folder.file("app.db")) { f in
            try f.family("F", name: "Rivera")
            try f.user("p", role: "player", timezone: "America/Chicago", ["graduation_year": 3028])
            try f.member(family: "F", user: "p", role: "player")
            try f.school("s", family: "F", ["fit_score": 250])
        }
        let source = try SQLiteSource(path: folder.file("app.db"))
        #expect(throws: BadDataError.self) { try source.loadFamily(id: "F") }
        let (data, leftOut) = try source.loadFamilyLeavingOutBadRows(id: "F")
        let player = try #require(data.users["p"])
        #expect(player.timezone == "America/Chicago" && player.graduationYear == nil)
        #expect(data.schools.map(\.id) == ["s"] && data.schools.first?.fitScore == nil)
        // What ReportText.leftOutLine words as values left out, their rows kept (LeftOutLineTests).
        #expect(leftOut.map(\.keepsRow) == [true, true])
        #expect(
            leftOut.map(\.description) == [
                "users row 'p', column graduation_year: 3028 is not a year (expected 1900–2200)",
                "schools row 's', column fit_score: is 250.0; expected a number from 0 to 100",
            ]
        )
    }
}
