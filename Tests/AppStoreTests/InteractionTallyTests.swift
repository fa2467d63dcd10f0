import Aggregation
import Core
import Foundation
import GRDB
import TestFixtures
import TestSupport
import Testing

@testable import AppStore

/// `SQLiteSource.tallyInteractions`, which counts a family's interactions for the coaches and
/// schools lists checking each value in place and decoding a row whole only when a value needs
/// it, held to what counting whole decoded rows gives: the same tally for good rows, the same
/// error for every kind of bad value; and the fast path taken for plainly good rows.
struct InteractionTallyTests {
    private let zone = Zone(identifier: "America/Chicago")!

    /// A family with two members, two schools and a coach, three good interactions, and `more`.
    private func source(_ folder: TemporaryFolder, _ more: (Fixture) throws -> Void) throws -> SQLiteSource {
        let path = folder.file("app.db")
        try Fixture.database(at: path) { f in
            try f.family("fam")
            try f.user("u1", role: "player", timezone: "America/Chicago")
            try f.user("u2", role: "parent")
            try f.member(family: "fam", user: "u1", role: "player")
            try f.member(family: "fam", user: "u2", role: "parent")
            try f.school("s1", family: "fam")
            try f.school("s2", family: "fam")
            try f.coach("c1", family: "fam", school: "s1")
            try f.interaction(
                "i1",
                family: "fam",
                occurredAt: "2026-11-02T12:00:00Z",
                ["school_id": "s1", "coach_id": "c1", "logged_by": "u1"]
            )
            try f.interaction("i2", family: "fam", occurredAt: "2026-11-09", ["school_id": "s1", "logged_by": "u2"])
            try f.interaction(
                "i3",
                family: "fam",
                occurredAt: nil,
                ["school_id": "s2", "created_at": "2026-10-01T08:00:00-05:00"]
            )
            try more(f)
        }
        return try SQLiteSource(path: path)
    }

    /// The tally made from whole rows, as the lists made it before: every row decoded.
    private func wholeRows(_ source: SQLiteSource, loggedBy: String?) throws -> InteractionTally {
        var tally = InteractionTally(zone: zone)
        try source.forEachInteraction(familyID: "fam", newestFirstIn: nil) { interaction in
            if loggedBy == nil || interaction.loggedBy == loggedBy { tally.add(interaction) }
        }
        return tally
    }

    /// Whether each interaction row, in rowid order, takes the fast path (`InteractionMark`).
    private func marked(_ folder: TemporaryFolder) throws -> [Bool] {
        let columns = AppSchema.interactions.columns.map(\.name).joined(separator: ", ")
        var marked: [Bool] = []
        try DatabaseQueue(path: folder.file("app.db")).read { db in
            try db.eachRow("SELECT \(columns) FROM interactions ORDER BY rowid") {
                marked.append(InteractionMark(checking: $0, readingLoggedBy: true) != nil)
            }
        }
        return marked
    }

    private enum Outcome: Equatable {
        case tally(InteractionTally)
        case error(String)
    }

    private func outcome(_ body: () throws -> InteractionTally) -> Outcome {
        do { return .tally(try body()) } catch { return .error("\(error)") }
    }

    static let goodRows: [String] = [
        "INSERT INTO interactions (id, family_unit_id, school_id, type, direction, occurred_at, attachments) VALUES ('g1', 'fam', 's2', 'phone_call', 'inbound', '2026-11-20T15:00:00.123456789Z', '[\"caf\\u00e9.pdf\", \"b\"]')",
        "INSERT INTO interactions (id, family_unit_id, school_id, type, direction, occurred_at, attachments) VALUES ('g2', 'fam', 's2', 'phone_call', 'inbound', '2026-11-20T15:00:00.123456790Z', ' [ ] ')",
        "INSERT INTO interactions (id, family_unit_id, coach_id, type, direction, sentiment, occurred_at, updated_at) VALUES (7, 'fam', 'c1', 'email', 'outbound', 'positive', '2026-11-21', '2026-11-21T00:00:00Z')",
    ]

    @Test(arguments: [nil] + goodRows)
    func goodRowsAreCountedAsWholeRowsCountThem(sql: String?) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let source = try source(folder) { f in if let sql { try f.db.execute(sql: sql) } }
        for loggedBy in [nil, "u1", "u2"] as [String?] {
            let fast = try source.tallyInteractions(familyID: "fam", loggedBy: loggedBy, zone: zone)
            #expect(fast == (try wholeRows(source, loggedBy: loggedBy)))
        }
        // Plainly good rows are counted without the full reader (one with a `\u` escape in its
        // attachments is left to it).
        #expect(try marked(folder) == [true, true, true] + (sql.map { [!$0.contains("\\u")] } ?? []))
        let all = try source.tallyInteractions(familyID: "fam", loggedBy: nil, zone: zone)
        #expect(
            all.schools["s1"]?.interactions == 2
                && all.coaches["c1"]?.interactions == (sql?.contains("'c1'") == true ? 2 : 1)
        )
    }

    static let badRows: [String] = [
        "(NULL, 'fam', 'email', 'inbound', '2026-01-01T00:00:00Z', NULL, NULL, NULL, NULL)",
        "('', 'fam', 'email', 'inbound', '2026-01-01T00:00:00Z', NULL, NULL, NULL, NULL)",
        "(X'01', 'fam', 'email', 'inbound', '2026-01-01T00:00:00Z', NULL, NULL, NULL, NULL)",
        "('b1', 'fam', NULL, 'inbound', '2026-01-01T00:00:00Z', NULL, NULL, NULL, NULL)",
        "('b1', 'fam', 'Email', 'inbound', '2026-01-01T00:00:00Z', NULL, NULL, NULL, NULL)",
        "('b1', 'fam', 5, 'inbound', '2026-01-01T00:00:00Z', NULL, NULL, NULL, NULL)",
        "('b1', 'fam', 'email', NULL, '2026-01-01T00:00:00Z', NULL, NULL, NULL, NULL)",
        "('b1', 'fam', 'email', 'sideways', '2026-01-01T00:00:00Z', NULL, NULL, NULL, NULL)",
        "('b1', 'fam', 'email', 'inbound', '2026-01-01T00:00:00Z', 'meh', NULL, NULL, NULL)",
        "('b1', 'fam', 'email', 'inbound', 'soon', NULL, NULL, NULL, NULL)",
        "('b1', 'fam', 'email', 'inbound', 20260101, NULL, NULL, NULL, NULL)",
        "('b1', 'fam', 'email', 'inbound', X'32303236', NULL, NULL, NULL, NULL)",
        "('b1', 'fam', 'email', 'inbound', NULL, NULL, NULL, NULL, NULL)",
        "('b1', 'fam', 'email', 'inbound', '2026-01-01T00:00:00Z', NULL, '[1, 2]', NULL, NULL)",
        "('b1', 'fam', 'email', 'inbound', '2026-01-01T00:00:00Z', NULL, '{\"a\": 1}', NULL, NULL)",
        "('b1', 'fam', 'email', 'inbound', '2026-01-01T00:00:00Z', NULL, '[\"a\",', NULL, NULL)",
        "('b1', 'fam', 'email', 'inbound', '2026-01-01T00:00:00Z', NULL, X'5B5D', NULL, NULL)",
        "('b1', 'fam', 'email', 'inbound', '2026-01-01T00:00:00Z', NULL, NULL, '2026-02-30', NULL)",
        "('b1', 'fam', 'email', 'inbound', '2026-01-01T00:00:00Z', NULL, NULL, NULL, 'last tuesday')",
        "('b1', 'fam', 'email', 'inbound', '2026-01-01T00:00:00', NULL, NULL, NULL, NULL)",
        "('b1', 'fam', X'656D61696C', 'inbound', '2026-01-01T00:00:00Z', NULL, NULL, NULL, NULL)",
        "('b1', 'fam', 'email', X'696E626F756E64', '2026-01-01T00:00:00Z', NULL, NULL, NULL, NULL)",
        "('b1', 'fam', 'email', 'inbound', '2026-01-01T00:00:00Z', X'706F736974697665', NULL, NULL, NULL)",
        "('b1', 'fam', 'email', 'inbound', NULL, NULL, NULL, X'32303236', NULL)",
        "('b1', 'fam', 'email', 'inbound', '2026-01-01T00:00:00Z', NULL, NULL, NULL, X'32303236')",
        "('b1', 'fam', 'email', 'inbound', '2026-01-01T00:00:00Z', NULL, 5, NULL, NULL)",
    ]

    @Test(arguments: badRows)
    func aBadRowFailsTheCountAsItFailsWholeRows(values: String) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let source = try source(folder) { f in
            try f.db.execute(
                sql:
                    "INSERT INTO interactions (id, family_unit_id, type, direction, occurred_at, sentiment, attachments, created_at, updated_at) VALUES \(values)"
            )
        }
        let expected = outcome { try wholeRows(source, loggedBy: nil) }
        guard case .error = expected else {
            Issue.record("the whole rows were read despite the bad one")
            return
        }
        #expect(try marked(folder) == [true, true, true, false])
        #expect(outcome { try source.tallyInteractions(familyID: "fam", loggedBy: nil, zone: zone) } == expected)
        #expect(outcome { try source.tallyInteractions(familyID: "fam", loggedBy: "u1", zone: zone) } == expected)
    }

    @Test(arguments: ["school_id", "coach_id", "subject", "content", "logged_by"])
    func binaryDataInATextColumnFailsTheCount(column: String) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let source = try source(folder) { f in
            try f.db.execute(sql: "UPDATE interactions SET \(column) = X'00FF' WHERE id = 'i2'")
        }
        let expected = outcome { try wholeRows(source, loggedBy: nil) }
        guard case .error(let message) = expected else {
            Issue.record("the whole rows were read despite the binary data")
            return
        }
        #expect(message.contains("holds binary data"))
        #expect(outcome { try source.tallyInteractions(familyID: "fam", loggedBy: nil, zone: zone) } == expected)
    }
}
