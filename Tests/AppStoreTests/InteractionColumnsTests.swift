import Aggregation
import Core
import Foundation
import TestFixtures
import TestSupport
import Testing

@testable import AppStore

/// The figures' read of interactions (`InteractionColumns.figures`), held to the whole read:
/// the same interactions with the same values but the columns no figure reads, and the same
/// error for every kind of bad value, whether or not bad rows are left out.
struct InteractionColumnsTests {
    /// What the figures' read keeps of an interaction read whole.
    static func stripped(_ interaction: Interaction) -> Interaction {
        var lean = interaction
        lean.subject = nil
        lean.content = nil
        lean.attachments = []
        lean.occurredAt = nil
        lean.createdAt = nil
        lean.updatedAt = nil
        return lean
    }

    private func database(_ folder: TemporaryFolder, _ sql: String?) throws -> SQLiteSource {
        try Fixture.database(at: folder.file("app.db")) { f in
            try f.family("fam")
            try f.user("u1", role: "player", timezone: "America/Chicago")
            try f.member(family: "fam", user: "u1", role: "player")
            try f.school("s1", family: "fam")
            try f.coach("c1", family: "fam", school: "s1")
            try f.interaction(
                "i1",
                family: "fam",
                occurredAt: "2026-11-02T12:00:00Z",
                ["school_id": "s1", "coach_id": "c1", "logged_by": "u1", "subject": "Hi", "content": "Long text"]
            )
            try f.interaction("i2", family: "fam", occurredAt: nil, ["created_at": "2026-10-01T08:00:00-05:00"])
            for row in InteractionTallyTests.goodRows { try f.db.execute(sql: row) }
            if let sql { try f.db.execute(sql: sql) }
        }
        return try SQLiteSource(path: folder.file("app.db"))
    }

    private enum Outcome: Equatable {
        case rows([Interaction])
        case error(String)

        func map(_ transform: (Interaction) -> Interaction) -> Outcome {
            if case .rows(let rows) = self { .rows(rows.map(transform)) } else { self }
        }
    }

    private func outcome(_ body: () throws -> [Interaction]) -> Outcome {
        do { return .rows(try body()) } catch { return .error("\(error)") }
    }

    @Test(arguments: [nil] + InteractionTallyTests.badRows)
    func theFiguresReadTheInteractionsTheWholeReadReads(values: String?) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let insert = values.map {
            "INSERT INTO interactions (id, family_unit_id, type, direction, occurred_at, sentiment, attachments, created_at, updated_at) VALUES \($0)"
        }
        let source = try database(folder, insert)
        for leavingOut in [false, true] {
            func read(_ columns: InteractionColumns) -> Outcome {
                outcome {
                    leavingOut
                        ? try source.loadFamilyLeavingOutBadRows(id: "fam", interactions: columns, season: false).data
                            .interactions
                        : try source.loadFamily(id: "fam", interactions: columns, season: false).interactions
                }
            }
            let whole = read(.all)
            let lean = read(.figures)
            #expect(lean == whole.map(Self.stripped), "leaving out: \(leavingOut)")
            if case .rows(let rows) = whole { #expect(rows.count == 5) }
            if values != nil, !leavingOut, case .rows = whole { Issue.record("the bad row was read") }
        }
    }
}
