import Aggregation
import AppStore
import Foundation
import TestFixtures
import TestSupport
import Testing

/// The access boundary: reading family A returns none of B's or C's rows, even when the
/// three share names, schools, coaches and users.
struct FamilyScopeTests {
    @Test func threeFamiliesThatShareNames() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.file("three.db")
        try Fixture.database(at: path) { f in
            for family in ["A", "B", "C"] {
                try f.family(family, name: "Smith Family")
                try f.user("player-\(family)", role: "player", fullName: "Alex Smith")
                try f.member(family: family, user: "player-\(family)", role: "player")
                try f.location(user: "player-\(family)", json: #"{"latitude": 40, "longitude": -75}"#)
                try f.school("\(family)-s1", family: family, name: "State University")
                try f.school("\(family)-s2", family: family, name: "Tech Institute")
                try f.coach(
                    "\(family)-c1",
                    family: family,
                    school: "\(family)-s1",
                    ["first_name": "Pat", "last_name": "Smith"]
                )
                try f.interaction(
                    "\(family)-i1",
                    family: family,
                    ["school_id": "\(family)-s1", "logged_by": "player-\(family)"]
                )
                try f.metric("\(family)-m1", family: family)
                try f.offer("\(family)-o1", family: family, school: "\(family)-s1")
            }
            // A parent who belongs to both A and B sees both, but each family's rows stay apart.
            try f.user("shared-parent", role: "parent")
            try f.member(family: "A", user: "shared-parent")
            try f.member(family: "B", user: "shared-parent")
            // Rows of no family never appear anywhere.
            try f.school("orphan-s", family: nil, name: "State University")
            try f.interaction("orphan-i", family: nil)
        }
        let source = try SQLiteSource(path: path)
        for family in ["A", "B", "C"] {
            let data = try source.loadFamily(id: family)
            let ids =
                data.schools.map(\.id) + data.coaches.map(\.id) + data.interactions.map(\.id) + data.metrics.map(\.id)
                + data.offers.map(\.id)
            #expect(ids.count == 6)
            #expect(ids.allSatisfy { $0.hasPrefix("\(family)-") }, "\(ids)")
            #expect(data.schools.allSatisfy { $0.familyUnitID == family })
            #expect(data.player?.userID == "player-\(family)")
            #expect(Set(data.homeLocations.keys) == ["player-\(family)"])
            let expectedUsers: Set<String> = family == "C" ? ["player-C"] : ["player-\(family)", "shared-parent"]
            #expect(Set(data.users.keys) == expectedUsers)
        }
        let issues = try source.check()
        #expect(issues.map(\.rowID).sorted() == ["'orphan-i'", "'orphan-s'"])
        #expect(issues.allSatisfy { $0.column == "family_unit_id" && $0.problem.contains("belongs to no family") })
    }

    @Test func thePlayerIsTheFirstPlayerMemberByUserID() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.file("players.db")
        try Fixture.database(at: path) { f in
            try f.family("F")
            try f.user("zed", role: "player", timezone: "Asia/Tokyo")
            try f.user("amy", role: "parent", timezone: "Europe/Paris")
            try f.user("bob", role: "parent", timezone: "America/Chicago")
            try f.member(family: "F", user: "zed", role: "player")
            try f.member(family: "F", user: "amy", role: "parent")
            // users.role says parent, but the membership's role decides.
            try f.member(family: "F", user: "bob", role: "athlete")
        }
        let data = try SQLiteSource(path: path).loadFamily(id: "F")
        #expect(data.player?.userID == "bob")
        #expect(data.playerTimeZone == "America/Chicago")
    }
}
