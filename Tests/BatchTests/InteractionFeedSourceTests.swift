import Aggregation
import AppStore
import Batch
import DemoData
import ReportGen
import TestSupport
import Testing

/// A list's interactions streamed from the database, one row at a time
/// (Sources/Batch/InteractionFeed+Source.swift), are the family's loaded rows: in the same order,
/// and counted the same for each viewer.
struct InteractionFeedSourceTests {
    /// The demo's first three families, as a SQLite source in `folder`.
    static func demo(in folder: TemporaryFolder) throws -> SQLiteSource {
        let path = folder.file("demo.db")
        var options = DemoOptions(today: CivilDate(iso: "2026-11-22")!)
        options.families = 3
        _ = try DemoDatabase.write(to: path, options: options)
        return try SQLiteSource(path: path)
    }

    static let zones = ["America/Los_Angeles", "Asia/Tokyo", "UTC"]

    @Test func theStreamedOrderIsTheLoadedOrder() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let source = try Self.demo(in: folder)
        for family in try source.families() {
            let data = try source.loadFamily(id: family.id)
            for zoneName in Self.zones {
                let zone = try #require(Zone(identifier: zoneName))
                var streamed: [String] = []
                try InteractionFeed.database(source, familyID: family.id).forEach(newestFirstIn: zone) {
                    streamed.append($0.id)
                }
                var loaded: [String] = []
                try InteractionFeed.loaded(data.interactions).forEach(newestFirstIn: zone) { loaded.append($0.id) }
                #expect(streamed == loaded)
                #expect(streamed.count == data.interactions.count)
            }
        }
    }

    /// The coaches and schools lists' counts: a player sees only what they logged.
    @Test func theStreamedTallyIsTheLoadedTally() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let source = try Self.demo(in: folder)
        var players = 0
        for family in try source.families() {
            let data = try source.loadFamily(id: family.id)
            let viewers = [Viewer.family] + data.members.map { Viewer.member(userID: $0.userID, role: $0.role) }
            players += viewers.filter { $0.seesOnlyLoggedBy != nil }.count
            for zoneName in Self.zones {
                let zone = try #require(Zone(identifier: zoneName))
                for viewer in viewers {
                    #expect(
                        try InteractionFeed.database(source, familyID: family.id).tally(viewer: viewer, zone: zone)
                            == InteractionFeed.loaded(data.interactions).tally(viewer: viewer, zone: zone),
                        "\(viewer)"
                    )
                }
            }
        }
        #expect(players > 0, "no demo family has a player")
    }
}
