import Aggregation
import Core
import Foundation

/// A shard's outcome file, `shards/K-of-N.json` (docs/cli.md, "Many machines"), as it is
/// written and read: what identifies the run, the shard's counts, and every family's outcome
/// after its position in the whole run, with folders relative to the output root.
struct ShardOutcomeFile: Codable {
    /// 2: messages counted by reason, and the run's number of families.
    static let currentSchemaVersion = 2

    /// The job file of the run.
    struct Job: Codable {
        var file: String
        var sha256: String

        init(file: String, sha256: String) {
            self.file = file
            self.sha256 = sha256
        }

        /// Only the checksum identifies the run; a file name that cannot be read is left empty.
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            sha256 = try container.decode(String.self, forKey: .sha256)
            file = ((try? container.decodeIfPresent(String.self, forKey: .file)) ?? nil) ?? ""
        }
    }

    /// The shard's families and messages; reading needs only the number of families (the
    /// other counts read as 0 when they are not counts).
    struct Counts: Codable {
        var families: Int
        var ok = 0, skipped = 0, failed = 0
        var messagesWritten = 0, messagesSent = 0, messagesNotSent = 0, messagesFailed = 0

        init(families: Int) { self.families = families }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            families = try container.decode(Int.self, forKey: .families)
            func count(_ key: CodingKeys) -> Int {
                ((try? container.decodeIfPresent(Int.self, forKey: key)) ?? nil) ?? 0
            }
            (ok, skipped, failed) = (count(.ok), count(.skipped), count(.failed))
            (messagesWritten, messagesSent, messagesNotSent, messagesFailed) =
                (count(.messagesWritten), count(.messagesSent), count(.messagesNotSent), count(.messagesFailed))
        }
    }

    /// A family's outcome and its place in the run's whole list of families.
    struct Family: Codable {
        var position: Int
        var outcome: FamilyOutcome

        private enum CodingKeys: String, CodingKey {
            case position
        }

        init(position: Int, outcome: FamilyOutcome) {
            self.position = position
            self.outcome = outcome
        }

        /// The position, then the outcome's keys, in one object.
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(position, forKey: .position)
            try outcome.encode(to: encoder)
        }

        init(from decoder: any Decoder) throws {
            guard let container = try? decoder.container(keyedBy: CodingKeys.self) else {
                throw ShardOutcomeFile.wrongKind
            }
            guard let position = try? container.decode(Int.self, forKey: .position) else {
                throw UnreadableRecord("a family's entry is incomplete")
            }
            self.position = position
            outcome = try FamilyOutcome(from: decoder)
        }
    }

    enum CodingKeys: String, CodingKey {
        case schemaVersion, tool, shard, shards, job, clock, today, database, order, delivers, sends, familiesInRun,
            durationSeconds, startedAt, counts, families
    }

    var schemaVersion = currentSchemaVersion
    var tool = ToolVersion.creator
    var shard: Int
    var shards: Int
    var job: Job
    var clock: String
    var today: String?
    var database: String
    var order: ShardOutcomes.Order
    var delivers: Bool
    var sends: Bool
    /// How many families the whole run holds (summarize checks that the shards' positions cover it, each once).
    var familiesInRun: Int
    var durationSeconds: Double
    /// When the shard started, Unix seconds of the wall clock: `summarize --job` records the
    /// run in the app's cron_runs as started at the earliest (docs/cli.md, "Watching the run").
    var startedAt: Double?
    var counts: Counts
    var families: [Family]

    init(
        shard: Shard,
        job: Job,
        clock: String,
        today: String?,
        database: String,
        order: ShardOutcomes.Order,
        delivers: Bool,
        sends: Bool,
        familiesInRun: Int,
        durationSeconds: Double,
        counts: Counts,
        families: [Family]
    ) {
        (self.shard, shards) = (shard.index, shard.count)
        (self.job, self.clock, self.today, self.database, self.order) = (job, clock, today, database, order)
        (self.delivers, self.sends, self.familiesInRun, self.durationSeconds) = (
            delivers, sends, familiesInRun, durationSeconds
        )
        (self.counts, self.families) = (counts, families)
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(schemaVersion, forKey: .schemaVersion)
        try container.encode(tool, forKey: .tool)
        try container.encode(shard, forKey: .shard)
        try container.encode(shards, forKey: .shards)
        try container.encode(job, forKey: .job)
        try container.encode(clock, forKey: .clock)
        try container.encode(today, forKey: .today)
        try container.encode(database, forKey: .database)
        try container.encode(order, forKey: .order)
        try container.encode(delivers, forKey: .delivers)
        try container.encode(sends, forKey: .sends)
        try container.encode(familiesInRun, forKey: .familiesInRun)
        try container.encode(durationSeconds, forKey: .durationSeconds)
        try container.encodeIfPresent(startedAt, forKey: .startedAt)
        try container.encode(counts, forKey: .counts)
        try container.encode(families, forKey: .families)
    }

    /// The key of the families' list, which the writer streams a family at a time.
    static let familiesKey = CodingKeys.families.stringValue

    /// The file's name, `K-of-N.json`, which a reader puts in the decoder's `userInfo` for the
    /// file to be checked against it. (The initializer is failable by protocol only: it takes any
    /// string, and this one is a literal.)
    static let fileNameKey = CodingUserInfoKey(rawValue: "ShardOutcomeFile.fileName")!

    private static let wrongKind = UnreadableRecord("a key is missing or of the wrong kind")

    /// Reads the file in the order a person would check it: a JSON object of this schema, its
    /// keys, its counts, its name, then each family.
    /// - Throws: `UnreadableRecord` saying what is wrong.
    init(from decoder: any Decoder) throws {
        guard let container = try? decoder.container(keyedBy: CodingKeys.self) else {
            throw UnreadableRecord("it is not a JSON object")
        }
        guard (try? container.decode(Int.self, forKey: .schemaVersion)) == Self.currentSchemaVersion else {
            throw UnreadableRecord("schemaVersion is not \(Self.currentSchemaVersion)")
        }
        var entries: any UnkeyedDecodingContainer
        do {
            shard = try container.decode(Int.self, forKey: .shard)
            shards = try container.decode(Int.self, forKey: .shards)
            job = try container.decode(Job.self, forKey: .job)
            clock = try container.decode(String.self, forKey: .clock)
            database = try container.decode(String.self, forKey: .database)
            order = try container.decode(ShardOutcomes.Order.self, forKey: .order)
            entries = try container.nestedUnkeyedContainer(forKey: .families)
            familiesInRun = try container.decode(Int.self, forKey: .familiesInRun)
            counts = try container.decode(Counts.self, forKey: .counts)
        } catch { throw Self.wrongKind }
        tool = ((try? container.decodeIfPresent(String.self, forKey: .tool)) ?? nil) ?? ""
        today = (try? container.decodeIfPresent(String.self, forKey: .today)) ?? nil
        delivers = ((try? container.decodeIfPresent(Bool.self, forKey: .delivers)) ?? nil) ?? false
        sends = ((try? container.decodeIfPresent(Bool.self, forKey: .sends)) ?? nil) ?? false
        durationSeconds = ((try? container.decodeIfPresent(Double.self, forKey: .durationSeconds)) ?? nil) ?? 0
        startedAt = ((try? container.decodeIfPresent(Double.self, forKey: .startedAt)) ?? nil).flatMap {
            $0.isFinite && $0 >= 0 ? $0 : nil
        }
        let listed = entries.count ?? 0
        guard counts.families == listed else {
            throw UnreadableRecord("it counts \(counts.families) families but lists \(listed)")
        }
        // No run has more families than its files could list (1.8 KB a family at the least).
        guard (0...(ShardOutcomes.maximumFileSize / 64)).contains(familiesInRun) else {
            throw UnreadableRecord("familiesInRun is \(familiesInRun)")
        }
        // A shard no run has would have summarize count up to N the shards it lacks.
        guard (try? Shard(index: shard, count: shards)) != nil else {
            throw UnreadableRecord(
                "it says it is shard \(shard)-of-\(shards), which no run has (1 to \(Shard.maximum) shards, K from 0 to N − 1)"
            )
        }
        if let name = decoder.userInfo[Self.fileNameKey] as? String, name != "\(shard)-of-\(shards).json" {
            throw UnreadableRecord("it says it is shard \(shard)-of-\(shards)")
        }
        families = []
        families.reserveCapacity(listed)
        while !entries.isAtEnd {
            let family = try entries.decode(Family.self)
            guard (0..<familiesInRun).contains(family.position) else {
                throw UnreadableRecord(
                    "family \(family.outcome.family.id) has the position \(family.position), outside the run's \(familiesInRun) families"
                )
            }
            families.append(family)
        }
    }
}

extension ShardOutcomes.Order: Codable {}
