import Aggregation
import AppStore
import Foundation
import TestFixtures
import TestSupport
import Testing

/// A database of before August 2026 reads as the app shows it today (app-today.md §1–§2):
/// every older status through the app's map, `interested` by whether the school has any of
/// the family's interactions, and a stored `interested` a favorite.
struct StatusReadingTests {
    @Test func olderStatusesReadThroughTheAppsMap() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.file("app.db")
        try Fixture.database(at: path) { f in
            try f.family("F")
            try f.family("G")
            try f.user("p", role: "player", timezone: "America/New_York")
            try f.member(family: "F", user: "p", role: "player")
            let stored: [(String, String?)] = [
                ("a1", "interested"), ("a2", "interested"), ("a3", "camp_invite"), ("a4", "recruited"),
                ("a5", "official_visit_invited"), ("a6", "official_visit_scheduled"), ("a7", "declined"),
                ("a8", nil), ("a9", "not_pursuing"), ("a10", "committed"), ("a11", "interested"),
            ]
            for (id, status) in stored {
                try f.school(id, family: "F", status: status, id == "a3" ? ["is_favorite": 1] : [:])
            }
            // a1 has an interaction of the family, logged long ago; a11 only one of another family.
            try f.interaction("i1", family: "F", occurredAt: "2024-01-05T12:00:00Z", ["school_id": "a1"])
            try f.interaction("i2", family: "G", occurredAt: "2026-11-05T12:00:00Z", ["school_id": "a11"])
        }
        let source = try SQLiteSource(path: path)
        for interactions in [true, false] {
            let data = try source.loadFamily(id: "F", interactions: interactions)
            let shown = Dictionary(uniqueKeysWithValues: data.schools.map { ($0.id, $0.status) })
            #expect(
                shown == [
                    "a1": .contacted, "a2": .researching, "a3": .visiting, "a4": .visiting, "a5": .visiting,
                    "a6": .visiting, "a7": .notPursuing, "a8": .researching, "a9": .notPursuing, "a10": .committed,
                    "a11": .researching,
                ],
                "interactions read: \(interactions)"
            )
            let favorites = data.schools.filter(\.isFavorite).map(\.id).sorted()
            #expect(favorites == ["a1", "a11", "a2", "a3"])
            #expect(data.schools.first { $0.id == "a4" }?.storedStatus == .recruited)
        }
    }
}
