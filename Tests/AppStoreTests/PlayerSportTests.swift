import Core
import Foundation
import TestFixtures
import TestSupport
import Testing

@testable import Aggregation
@testable import AppStore

/// The player's sport (shared/spec/app-today.md §3): the `sports` row that
/// `users.primary_sport_id` names, else the `primary_sport` of the player's `player`
/// preference, else none; the calendar's `sport` compared with it trimmed and
/// case-insensitively.
struct PlayerSportTests {
    let today = CivilDate(iso: "2026-11-23")!
    let zone = Zone(identifier: "UTC")!

    /// Family F with player p (primary_sport_id `sportID`), an optional `player` preference,
    /// the sports Baseball and Softball, and calendar entries of softball, baseball and none.
    func database(_ folder: TemporaryFolder, sportID: String?, preference: String?) throws -> SQLiteSource {
        let path = folder.file("app.db")
        try Fixture.database(at: path) { f in
            try f.family("F")
            try f.user("p", role: "player", ["primary_sport_id": sportID])
            try f.member(family: "F", user: "p", role: "player")
            if let preference {
                try f.insert("user_preferences", ["user_id": "p", "category": "player", "data": preference])
            }
            for statement in AppSchema.tableStatements(AppSchema.seasonTables, leavingOut: [], primaryKeys: true) {
                try f.db.execute(sql: statement)
            }
            try f.db.execute(
                sql: """
                    INSERT INTO sports VALUES ('sp1', 'Baseball'), ('sp2', 'Softball');
                    INSERT INTO system_calendar VALUES
                        ('k1', 'Softball Dead Period', '2026-11-26', '2026-11-29', 'dead_period', '  SOFTBALL ', NULL),
                        ('k2', 'Baseball Dead Period', '2026-11-26', '2026-11-29', 'dead_period', 'baseball', NULL),
                        ('k3', 'SAT', '2026-11-28', NULL, 'sat_date', NULL, NULL);
                    """
            )
        }
        return try SQLiteSource(path: path)
    }

    func family(sportID: String?, preference: String?) throws -> (FamilyData, TemporaryFolder) {
        let folder = try TemporaryFolder()
        return (try database(folder, sportID: sportID, preference: preference).loadFamily(id: "F"), folder)
    }

    func calendar(_ data: FamilyData) -> [String]? {
        SeasonAhead.compute(data, today: today, zone: zone).calendar?.map(\.id)
    }

    @Test func theSportsRowNamedByTheUserComesFirst() throws {
        let (data, folder) = try family(sportID: "sp1", preference: #"{"primary_sport": "Softball"}"#)
        defer { folder.remove() }
        #expect(SeasonAhead.playerSport(data) == "baseball")
        #expect(calendar(data) == ["k2", "k3"])
    }

    @Test(arguments: [nil, "sp9"])
    func withoutASportsRowThePlayerPreferenceNamesTheSport(sportID: String?) throws {
        let (data, folder) = try family(sportID: sportID, preference: #"{"primary_sport": " softball  ", "x": 1}"#)
        defer { folder.remove() }
        #expect(SeasonAhead.playerSport(data) == "softball")
        #expect(calendar(data) == ["k1", "k3"], "the entry of ' SOFTBALL ' is the player's")
    }

    @Test(arguments: [nil, "{}", #"{"primary_sport": null}"#, #"{"primary_sport": "  "}"#])
    func neitherIsNoSport(preference: String?) throws {
        let (data, folder) = try family(sportID: nil, preference: preference)
        defer { folder.remove() }
        #expect(SeasonAhead.playerSport(data) == nil)
        #expect(calendar(data) == ["k3"])
    }

    /// A `player` preference that is not JSON, not an object, or whose `primary_sport` is not
    /// text is a bad value like a bad `location` (docs/data-model.md, "What bad input does"):
    /// `check` names it, a run fails the family, and with `bad_rows: skip` the row is left out,
    /// so the player has no sport.
    @Test(arguments: ["sport=baseball", "[\"baseball\"]", #"{"primary_sport": {"name": "baseball"}}"#])
    func aMalformedPreferenceIsNoSport(preference: String) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let source = try database(folder, sportID: nil, preference: preference)
        #expect(throws: (any Error).self) { _ = try source.loadFamily(id: "F") }
        let (data, leftOut) = try source.loadFamilyLeavingOutBadRows(id: "F", season: true)
        #expect(
            leftOut.map { [$0.table, $0.rowID, $0.column ?? ""] } == [
                ["user_preferences", "(user_id 'p', category 'player')", "data"]
            ]
        )
        #expect(SeasonAhead.playerSport(data) == nil)
        #expect(calendar(data) == ["k3"])
        #expect(try source.check().contains { $0.table == "user_preferences" && $0.column == "data" })
    }
}
