import Aggregation
import Core
import Exporters
import Foundation
import Testing

@testable import Batch

/// The saved records of a run (issue 41, "one schema per saved record"): a family's outcome
/// and a shard's outcome file are written and read through their `Codable` types, and a file
/// not in their shape is refused with words that say what is wrong.
struct ShardOutcomeFileTests {
    static func file(_ outcomes: [FamilyOutcome]) throws -> ShardOutcomeFile {
        let families = outcomes.enumerated().map { ShardOutcomeFile.Family(position: $0.offset, outcome: $0.element) }
        var counts = ShardOutcomeFile.Counts(families: families.count)
        counts.ok = 2
        return ShardOutcomeFile(
            shard: try Shard(index: 1, count: 2),
            job: .init(file: "weekly.yaml", sha256: String(repeating: "c", count: 64)),
            clock: "2026-11-23T12:00:00Z",
            today: nil,
            database: "demo.db",
            order: .job,
            delivers: true,
            sends: false,
            familiesInRun: outcomes.count,
            durationSeconds: 1.25,
            counts: counts,
            families: families
        )
    }

    static func read(_ text: String, name: String = "1-of-2.json") throws -> ShardOutcomeFile {
        let decoder = JSONDecoder()
        decoder.userInfo[ShardOutcomeFile.fileNameKey] = name
        return try decoder.decode(ShardOutcomeFile.self, from: Data(text.utf8))
    }

    @Test func outcomesReadBackAsWritten() throws {
        var outcomes = OutcomeSpoolTests.outcomes()
        let (from, to) = (try #require(CivilDate(iso: "2026-11-16")), try #require(CivilDate(iso: "2026-11-22")))
        outcomes[0].range = from...to
        outcomes[0].mail.written = 3
        outcomes[0].mail.notSent = [.optedOut: 1, .emailOff: 2]
        let text = try JSONValueEncoder().encode(Self.file(outcomes)).serialized()
        // Keys in the order the file has always had them; every key written, null when empty.
        #expect(text.contains("\"today\": null,\n  \"database\": \"demo.db\""))
        #expect(
            text.contains("\"notSent\": {\n          \"e-mail off\": 2,\n          \"opted out\": 1\n        }"),
            "\(text)"
        )
        let read = try Self.read(text)
        #expect(
            read.families.map(\.outcome).map(OutcomeSpoolTests.describe) == outcomes.map(OutcomeSpoolTests.describe)
        )
        #expect(read.families.map(\.outcome.mail) == outcomes.map(\.mail))
        #expect(read.families.map(\.outcome.range) == outcomes.map(\.range))
        #expect(try JSONValueEncoder().encode(read).serialized() == text)
    }

    @Test(arguments: [
        ("[]", "it is not a JSON object"),
        ("{\"schemaVersion\": 1}", "schemaVersion is not 2"),
        ("{\"schemaVersion\": 2}", "a key is missing or of the wrong kind"),
    ])
    func aFileNotInItsShapeIsRefused(text: String, reason: String) {
        #expect(throws: UnreadableRecord(reason)) { try Self.read(text) }
    }

    /// One fault at a time in a good file, each named.
    @Test func eachFaultIsNamed() throws {
        let text = try JSONValueEncoder().encode(Self.file(OutcomeSpoolTests.outcomes())).serialized()
        let id = OutcomeSpoolTests.families[0].id
        let faults = [
            ("\"familiesInRun\": 4", "\"familiesInRun\": -1", "familiesInRun is -1"),
            ("\"families\": 4", "\"families\": 5", "it counts 5 families but lists 4"),
            ("\"status\": \"ok\"", "\"status\": \"fine\"", "family \(id) has the status 'fine'"),
            ("\"position\": 0", "\"position\": 9", "family \(id) has the position 9, outside the run's 4 families"),
            ("\"sha256\": \"abab", "\"sha\": \"abab", "a file of family \(id) is incomplete"),
            ("\"written\": 0", "\"written\": \"0\"", "the messages of family \(id) are not counts"),
            ("\"warnings\": [\n        \"a note\"", "\"warnings\": [\n        1", "a family's entry is incomplete"),
        ]
        for (good, bad, reason) in faults {
            guard let range = text.range(of: good) else {
                Issue.record("no \(good)")
                continue
            }
            #expect(throws: UnreadableRecord(reason)) { try Self.read(text.replacingCharacters(in: range, with: bad)) }
        }
        #expect(throws: UnreadableRecord("it says it is shard 1-of-2")) { try Self.read(text, name: "0-of-2.json") }
        // A shard no run has, though the file's name says the same: summarize would count the
        // shards missing up to N.
        let shardFaults = [(0, 99_999_999_999), (5, 3), (-1, 2), (0, 0)]
        for (shard, shards) in shardFaults {
            let edited = text.replacingOccurrences(
                of: "\"shard\": 1,\n  \"shards\": 2,",
                with: "\"shard\": \(shard),\n  \"shards\": \(shards),"
            )
            #expect(edited != text)
            #expect(
                throws: UnreadableRecord(
                    "it says it is shard \(shard)-of-\(shards), which no run has (1 to \(Shard.maximum) shards, K from 0 to N − 1)"
                )
            ) { try Self.read(edited, name: "\(shard)-of-\(shards).json") }
        }
        // Message counts no run reaches, which would overflow when a summary adds them up.
        let countFaults = [
            ("\"written\": 0", "\"written\": 9223372036854775807"),
            ("\"sent\": 0", "\"sent\": -1"),
            ("\"failed\": 0", "\"failed\": 1000001"),
            ("\"notSent\": {}", "\"notSent\": {\"opted out\": 9223372036854775807}"),
        ]
        let familiesStart = try #require(text.range(of: "\"families\": [")).upperBound
        for (good, bad) in countFaults {
            guard let range = text.range(of: good, range: familiesStart..<text.endIndex) else {
                Issue.record("no \(good)")
                continue
            }
            #expect(throws: UnreadableRecord("the messages of family \(id) are not counts from 0 to 1000000")) {
                try Self.read(text.replacingCharacters(in: range, with: bad))
            }
        }
    }
}
