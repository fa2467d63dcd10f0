import Aggregation
import AppStore
import Delivery
import Exporters
import Foundation
import Core

/// A shard's outcome file, `shards/K-of-N.json` under the output root, and `summarize`, which
/// merges the files of one run into the summary a whole run writes (docs/cli.md, "Many
/// machines"). The file says what identifies the run (the job file's SHA-256, the clock, the
/// shard count, the database) and every family's outcome, with folders relative to the root.
package enum ShardOutcomes {
    /// The folder under the output root that holds the outcome files.
    package static let folder = "shards"
    /// 2: messages counted by reason, and the run's number of families.
    static let schemaVersion = 2

    package static func path(root: String, shard: Shard) -> String {
        ((root as NSString).appendingPathComponent(folder) as NSString).appendingPathComponent(shard.name + ".json")
    }

    /// How the merged families are ordered: by name (a job over every family) or by their
    /// place in the job's list.
    enum Order: String {
        case name
        case job
    }

    /// What the files of one run must share.
    struct RunIdentity: Equatable {
        var jobSHA256: String
        var clock: String
        var today: String?
        var shards: Int
        var database: String
    }

    // MARK: Writing

    /// Writes the shard's file, a family at a time (a shard of thousands of families is never
    /// one string in memory), atomically.
    /// - Parameters:
    ///   - positions: each outcome's place in the run's whole list of families.
    ///   - familiesInRun: how many families that whole list holds (summarize checks that the
    ///     shards' positions cover it, each once).
    static func write(_ outcomes: FamilyOutcomes, positions: [Int], familiesInRun: Int, shard: Shard, job: BatchJob, order: Order,
                      summary: BatchSummary, today: CivilDate?, root: String) throws {
        let path = path(root: root, shard: shard)
        try AtomicFile.ensureFolder((path as NSString).deletingLastPathComponent, inside: root)
        var mail = MailCounts()
        for outcome in outcomes { mail.add(outcome.mail) }
        let header: [(String, JSONValue)] = [
            ("schemaVersion", .integer(schemaVersion)),
            ("tool", .string(ToolVersion.creator)),
            ("shard", .integer(shard.index)),
            ("shards", .integer(shard.count)),
            ("job", .object([("file", .string(job.file)), ("sha256", .string(job.sha256))])),
            ("clock", .string(summary.generatedAt.iso8601)),
            ("today", .string(today?.description)),
            ("database", .string(summary.database)),
            ("order", .string(order.rawValue)),
            ("delivers", .bool(summary.delivers)),
            ("sends", .bool(summary.sends)),
            ("familiesInRun", .integer(familiesInRun)),
            ("durationSeconds", .number(summary.duration)),
            ("counts", .object([
                ("families", .integer(outcomes.count)), ("ok", .integer(summary.ok)), ("skipped", .integer(summary.skipped)),
                ("failed", .integer(summary.failed)), ("messagesWritten", .integer(mail.written)), ("messagesSent", .integer(mail.sent)),
                ("messagesNotSent", .integer(mail.notSentTotal)),
                ("messagesFailed", .integer(mail.failed)),
            ])),
        ]
        let prefix = root.hasSuffix("/") ? root : root + "/"
        try AtomicFile.write(to: path) { temporary in
            let sink = try ByteSink(path: temporary)
            var text = "{\n"
            for (key, value) in header { text += "  " + JSONValue.string(key).serialized(indent: 1) + ": " + value.serialized(indent: 1) + ",\n" }
            text += "  \"families\": ["
            try sink.write(text)
            for (index, outcome) in outcomes.enumerated() {
                let folder = outcome.folder.hasPrefix(prefix) ? String(outcome.folder.dropFirst(prefix.count)) : ""
                try sink.write((index == 0 ? "\n    " : ",\n    ") + entry(outcome, position: positions[index], folder: folder).serialized(indent: 2))
            }
            try sink.write(outcomes.isEmpty ? "]\n}\n" : "\n  ]\n}\n")
            try sink.close()
        }
    }

    private static func entry(_ outcome: FamilyOutcome, position: Int, folder: String) -> JSONValue {
        let (status, reason): (String, String?) = switch outcome.status {
        case .ok: ("ok", nil)
        case .skippedNoData: ("skipped", nil)
        case .failed(let reason): ("failed", reason)
        }
        return .object([
            ("position", .integer(position)),
            ("id", .string(outcome.family.id)),
            ("name", .string(outcome.family.familyName)),
            ("status", .string(status)),
            ("reason", .string(reason)),
            ("folder", .string(folder)),
            ("range", outcome.range.map { .object([("from", .string($0.lowerBound.description)), ("to", .string($0.upperBound.description))]) } ?? .null),
            ("files", .array(outcome.files.map { file in
                .object([("name", .string(file.name)), ("format", .string(file.format)), ("bytes", .integer(file.bytes)),
                         ("sha256", .string(file.sha256)), ("rows", file.rows.map { .integer($0) } ?? .null)])
            })),
            ("warnings", .array(outcome.warnings.map { .string($0) })),
            ("mail", .object([("written", .integer(outcome.mail.written)), ("sent", .integer(outcome.mail.sent)),
                              ("failed", .integer(outcome.mail.failed)),
                              ("notSent", .object(NotSentReason.allCases.compactMap { reason in
                                  outcome.mail.notSent[reason].map { (reason.rawValue, JSONValue.integer($0)) }
                              }))])),
        ])
    }

    // MARK: Reading and merging

    /// One outcome file, read.
    struct ShardFile {
        let path: String
        let shard: Int
        let identity: RunIdentity
        let order: Order
        let delivers: Bool
        let sends: Bool
        /// The whole run's number of families, which every shard's file states.
        let familiesInRun: Int
        /// How long the shard ran.
        let duration: Double
        let families: [(position: Int, outcome: FamilyOutcome)]
    }

    /// Merges the outcome files under `root` into the summary of the whole run, and writes
    /// `summary.txt` and `summary.html` as a whole run does.
    /// - Throws: `ShardSetError` (65) for files that are not of one run or cannot be read as
    ///   outcome files; `RuntimeFailure` (1) naming the shards without a file.
    package static func summarize(root: String, templates: SummaryTemplates) throws -> BatchSummary {
        let folder = (root as NSString).appendingPathComponent(Self.folder)
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
            throw RuntimeFailure("no shard outcome files: \(Quote.path(folder)) does not exist (shards write them there; a run without --shards writes its summary itself)")
        }
        let names = try FileManager.default.contentsOfDirectory(atPath: folder)
            .filter { $0.range(of: #"^[0-9]+-of-[0-9]+\.json$"#, options: .regularExpression) != nil }
            .sorted { shardNumbers($0) < shardNumbers($1) }
        guard !names.isEmpty else {
            throw RuntimeFailure("no shard outcome files (K-of-N.json) in \(Quote.path(folder)); run the shards first")
        }
        // One shard count, from the names, before any file is read.
        let counts = Set(names.map { shardNumbers($0).count })
        if counts.count > 1 {
            throw ShardSetError("the outcome files in \(Quote.path(folder)) are of runs with different shard counts ("
                + names.joined(separator: ", ") + "); remove the files of the other run and summarize again")
        }
        let files = try names.map { try read((folder as NSString).appendingPathComponent($0)) }
        let first = files[0]
        for file in files.dropFirst() where file.identity != first.identity || file.order != first.order {
            throw ShardSetError(mismatch(file, first))
        }
        let count = first.identity.shards
        let present = Set(files.map(\.shard))
        let missing = (0..<count).filter { !present.contains($0) }
        if !missing.isEmpty {
            throw RuntimeFailure("shard\(missing.count == 1 ? "" : "s") " + missing.map { "\($0)-of-\(count)" }.joined(separator: ", ")
                + " \(missing.count == 1 ? "has" : "have") no outcome file in \(Quote.path(folder)) (not run yet, still running, or stopped before the end); "
                + "run \(missing.count == 1 ? "it" : "them") with the same job, --now and --db, then summarize again")
        }
        // The whole run's order: by name as a whole run lists every family, else the job's list.
        var all = files.flatMap(\.families)
        switch first.order {
        case .job: all.sort { $0.position < $1.position }
        case .name:
            let order = Dictionary(FamilyUnit.byName(all.map(\.outcome.family)).enumerated().map { ($1.id, $0) }, uniquingKeysWith: { a, _ in a })
            all.sort { (order[$0.outcome.family.id] ?? 0) < (order[$1.outcome.family.id] ?? 0) }
        }
        try checkPositions(files, folder: folder)
        guard let clock = parseInstant(first.identity.clock) else { throw ShardSetError("\(Quote.path(first.path)): 'clock' is not a timestamp") }
        let spool = OutcomeSpool(families: all.map(\.outcome.family))
        for (index, family) in all.enumerated() {
            var outcome = family.outcome
            outcome = FamilyOutcome(family: outcome.family, folder: outcome.folder.isEmpty ? "" : (root as NSString).appendingPathComponent(outcome.folder),
                                    status: outcome.status, files: outcome.files, warnings: outcome.warnings, range: outcome.range, mail: outcome.mail)
            spool.record(outcome, at: index)
        }
        var summary = BatchSummary(outcomes: FamilyOutcomes(spool: spool), database: first.identity.database, root: root,
                                   generatedAt: clock, dryRun: false)
        summary.delivers = first.delivers
        summary.sends = first.sends
        // The shards ran side by side: the run took as long as the longest.
        summary.duration = files.map(\.duration).max() ?? 0
        summary.mailServerDown = all.contains { ($0.outcome.mail.notSent[.serverUnreachable] ?? 0) > 0 }
        try BatchRunner.writeSummaries(&summary, spool: spool, root: root, templates: templates)
        return summary
    }

    /// Every family of the run once: the files agree on the run's size, and their positions
    /// cover it with no gap and no family twice (a family removed from a file, or a file of
    /// another run put beside these, is a `ShardSetError` naming the file).
    private static func checkPositions(_ files: [ShardFile], folder: String) throws {
        let total = files[0].familiesInRun
        var owner = [String?](repeating: nil, count: total)
        var ids = Set<String>()
        for file in files {
            let name = (file.path as NSString).lastPathComponent
            guard file.familiesInRun == total else {
                throw ShardSetError("\(name) says the run has \(file.familiesInRun) families, \((files[0].path as NSString).lastPathComponent) says \(total); they are not the shards of one run")
            }
            for (position, outcome) in file.families {
                if let other = owner[position] {
                    throw ShardSetError("\(name) and \(other) both hold the family at position \(position) in \(Quote.path(folder)); they are not the shards of one run")
                }
                guard ids.insert(outcome.family.id).inserted else {
                    throw ShardSetError("family \(outcome.family.id) is in more than one outcome file in \(Quote.path(folder)) (\(name) among them); they are not the shards of one run")
                }
                owner[position] = name
            }
        }
        if let gap = owner.firstIndex(where: { $0 == nil }) {
            throw ShardSetError("no outcome file in \(Quote.path(folder)) holds the family at position \(gap) of the run's \(total); "
                + "a file was changed or is of another run: run the shards again, then summarize")
        }
    }

    /// `(K, N)` of `K-of-N.json`.
    private static func shardNumbers(_ name: String) -> (index: Int, count: Int) {
        let parts = name.dropLast(5).components(separatedBy: "-of-")
        return (Int(parts.first ?? "") ?? 0, Int(parts.last ?? "") ?? 0)
    }

    private static func mismatch(_ file: ShardFile, _ first: ShardFile) -> String {
        let a = (file.path as NSString).lastPathComponent, b = (first.path as NSString).lastPathComponent
        let what: String
        if file.identity.jobSHA256 != first.identity.jobSHA256 {
            what = "different job files (SHA-256 \(file.identity.jobSHA256.prefix(12))… and \(first.identity.jobSHA256.prefix(12))…)"
        } else if file.identity.clock != first.identity.clock || file.identity.today != first.identity.today {
            what = "different clocks (\(file.identity.clock)\(file.identity.today.map { ", --today \($0)" } ?? "") and \(first.identity.clock)\(first.identity.today.map { ", --today \($0)" } ?? ""))"
        } else if file.identity.shards != first.identity.shards {
            what = "different shard counts (\(file.identity.shards) and \(first.identity.shards))"
        } else if file.identity.database != first.identity.database {
            what = "different databases (\(file.identity.database) and \(first.identity.database))"
        } else {
            what = "different family orders"
        }
        return "\(a) and \(b) are not shards of one run: \(what); run every shard with the same job file, --now and --db, then summarize again"
    }

    private static func parseInstant(_ text: String) -> Instant? {
        if case .instant(let instant)? = try? Timestamp.parse(text) { return instant }
        return nil
    }

    /// The most bytes an outcome file may hold (about 1.8 KB a family: room for 100,000 families).
    static let maximumFileSize = 256 << 20

    /// A family's `mail` object read back, or nil when a count is not a whole number.
    private static func mailCounts(_ object: [String: Any]) -> MailCounts? {
        var mail = MailCounts()
        guard let written = object["written"] as? Int, let sent = object["sent"] as? Int, let failed = object["failed"] as? Int,
              let reasons = object["notSent"] as? [String: Any] else { return nil }
        (mail.written, mail.sent, mail.failed) = (written, sent, failed)
        for (key, value) in reasons {
            guard let reason = NotSentReason(rawValue: key), let count = value as? Int else { return nil }
            mail.notSent[reason] = count
        }
        return mail
    }

    /// Reads one outcome file; anything not in its shape is a `ShardSetError` naming the file.
    static func read(_ path: String) throws -> ShardFile {
        func bad(_ what: String) -> ShardSetError { ShardSetError("\(Quote.path(path)) is not a shard outcome file report-batch can read: \(what)") }
        // Read whole, so capped: a stray file of gigabytes is refused before it fills memory.
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)  // of a link itself, not its target
        if attributes?[.type] as? FileAttributeType == .typeSymbolicLink { throw bad("it is a symbolic link, which is never followed") }
        let size = attributes?[.size] as? Int
        if let size, size > maximumFileSize {
            throw bad("it holds \(size) bytes, more than an outcome file's \(maximumFileSize) at most")
        }
        guard let data = FileManager.default.contents(atPath: path) else { throw bad("it cannot be read") }
        guard let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else { throw bad("it is not a JSON object") }
        guard object["schemaVersion"] as? Int == schemaVersion else { throw bad("schemaVersion is not \(schemaVersion)") }
        guard let shard = object["shard"] as? Int, let shards = object["shards"] as? Int,
              let job = object["job"] as? [String: Any], let sha = job["sha256"] as? String,
              let clock = object["clock"] as? String, let database = object["database"] as? String,
              let order = (object["order"] as? String).flatMap(Order.init(rawValue:)), let families = object["families"] as? [[String: Any]],
              let familiesInRun = object["familiesInRun"] as? Int, let counted = (object["counts"] as? [String: Any])?["families"] as? Int
        else { throw bad("a key is missing or of the wrong kind") }
        guard counted == families.count else { throw bad("it counts \(counted) families but lists \(families.count)") }
        // No run has more families than its files could list (1.8 KB a family at the least).
        guard (0...(maximumFileSize / 64)).contains(familiesInRun) else { throw bad("familiesInRun is \(familiesInRun)") }
        let name = (path as NSString).lastPathComponent
        guard name == "\(shard)-of-\(shards).json" else { throw bad("it says it is shard \(shard)-of-\(shards)") }
        var outcomes: [(position: Int, outcome: FamilyOutcome)] = []
        outcomes.reserveCapacity(families.count)
        for entry in families {
            guard let position = entry["position"] as? Int, let id = entry["id"] as? String, let status = entry["status"] as? String,
                  let folder = entry["folder"] as? String, let files = entry["files"] as? [[String: Any]],
                  let warnings = entry["warnings"] as? [String], let mail = entry["mail"] as? [String: Any]
            else { throw bad("a family's entry is incomplete") }
            guard (0..<familiesInRun).contains(position) else { throw bad("family \(id) has the position \(position), outside the run's \(familiesInRun) families") }
            let family = FamilyUnit(id: id, familyName: entry["name"] as? String, createdAt: nil)
            let state: FamilyOutcome.Status
            switch status {
            case "ok": state = .ok
            case "skipped": state = .skippedNoData
            case "failed": state = .failed(entry["reason"] as? String ?? "")
            default: throw bad("family \(id) has the status \(Quote.value(status))")
            }
            var range: ClosedRange<CivilDate>?
            if let days = entry["range"] as? [String: String], let from = days["from"].flatMap(CivilDate.init(iso:)),
               let to = days["to"].flatMap(CivilDate.init(iso:)), from <= to {
                range = from...to
            }
            let manifest = try files.map { file -> ManifestFile in
                guard let name = file["name"] as? String, let format = file["format"] as? String, let bytes = file["bytes"] as? Int,
                      let sha256 = file["sha256"] as? String else { throw bad("a file of family \(id) is incomplete") }
                return ManifestFile(name: name, format: format, bytes: bytes, sha256: sha256, rows: file["rows"] as? Int)
            }
            var outcome = FamilyOutcome(family: family, folder: folder, status: state, files: manifest, warnings: warnings, range: range)
            outcome.mail = try mailCounts(mail) ?? { throw bad("the messages of family \(id) are not counts") }()
            outcomes.append((position, outcome))
        }
        return ShardFile(path: path, shard: shard,
                         identity: RunIdentity(jobSHA256: sha, clock: clock, today: object["today"] as? String, shards: shards, database: database),
                         order: order, delivers: object["delivers"] as? Bool ?? false, sends: object["sends"] as? Bool ?? false,
                         familiesInRun: familiesInRun, duration: object["durationSeconds"] as? Double ?? 0, families: outcomes)
    }
}

/// Outcome files that are not the shards of one run, or not outcome files at all (exit 65).
package struct ShardSetError: ExitCoded, Sendable, CustomStringConvertible {
    package let message: String
    package var exitStatus: ExitStatus { .badData }
    package init(_ message: String) { self.message = message }
    package var description: String { message }
}
