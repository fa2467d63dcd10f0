import Aggregation
import AppStore
import Core
import Delivery
import Exporters
import Foundation

/// A shard's outcome file, `shards/K-of-N.json` under the output root, and `summarize`, which
/// merges the files of one run into the summary a whole run writes (docs/cli.md, "Many
/// machines"). The file says what identifies the run (the job file's SHA-256, the clock, the
/// shard count, the database) and every family's outcome, with folders relative to the root.
package enum ShardOutcomes {
    /// The folder under the output root that holds the outcome files.
    package static let folder = "shards"
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
    static func write(
        _ outcomes: FamilyOutcomes,
        positions: [Int],
        familiesInRun: Int,
        shard: Shard,
        job: BatchJob,
        order: Order,
        summary: BatchSummary,
        today: CivilDate?,
        root: String
    ) throws {
        let path = path(root: root, shard: shard)
        try AtomicFile.ensureFolder(PathText.folder(of: path), inside: root)
        var mail = MailCounts()
        for outcome in outcomes { mail.add(outcome.mail) }
        var counts = ShardOutcomeFile.Counts(families: outcomes.count)
        (counts.ok, counts.skipped, counts.failed) = (summary.ok, summary.skipped, summary.failed)
        (counts.messagesWritten, counts.messagesSent, counts.messagesNotSent, counts.messagesFailed) = (
            mail.written, mail.sent, mail.notSentTotal, mail.failed
        )
        // The file without its families, as its type writes it; the families follow one at a time.
        var header = ShardOutcomeFile(
            shard: shard,
            job: .init(file: job.file, sha256: job.sha256),
            clock: summary.generatedAt.iso8601,
            today: today?.description,
            database: summary.database,
            order: order,
            delivers: summary.delivers,
            sends: summary.sends,
            familiesInRun: familiesInRun,
            durationSeconds: summary.duration,
            counts: counts,
            families: []
        )
        header.startedAt = summary.startedAt
        let members: [(String, JSONValue)] =
            if case .object(let members) = try JSONValueEncoder().encode(header) { members } else { [] }
        let prefix = root.hasSuffix("/") ? root : root + "/"
        try AtomicFile.write(to: path) { temporary in
            let sink = try ByteSink(path: temporary)
            var text = "{\n"
            for (key, value) in members where key != ShardOutcomeFile.familiesKey {
                text += "  " + JSONValue.string(key).serialized(indent: 1) + ": " + value.serialized(indent: 1) + ",\n"
            }
            text += "  " + JSONValue.string(ShardOutcomeFile.familiesKey).serialized(indent: 1) + ": ["
            try sink.write(text)
            for (index, outcome) in outcomes.enumerated() {
                let folder = outcome.folder.hasPrefix(prefix) ? String(outcome.folder.dropFirst(prefix.count)) : ""
                let entry = ShardOutcomeFile.Family(position: positions[index], outcome: outcome.inFolder(folder))
                try sink.write(
                    (index == 0 ? "\n    " : ",\n    ") + JSONValueEncoder().encode(entry).serialized(indent: 2)
                )
            }
            try sink.write(outcomes.isEmpty ? "]\n}\n" : "\n  ]\n}\n")
            try sink.close()
        }
    }

    // MARK: Reading and merging

    /// One outcome file, read.
    struct ShardFile {
        let path: String
        let record: ShardOutcomeFile

        var shard: Int { record.shard }
        var identity: RunIdentity {
            RunIdentity(
                jobSHA256: record.job.sha256,
                clock: record.clock,
                today: record.today,
                shards: record.shards,
                database: record.database
            )
        }
        var order: Order { record.order }
        var delivers: Bool { record.delivers }
        var sends: Bool { record.sends }
        /// The whole run's number of families, which every shard's file states.
        var familiesInRun: Int { record.familiesInRun }
        /// How long the shard ran.
        var duration: Double { record.durationSeconds }
        var families: [ShardOutcomeFile.Family] { record.families }
    }

    /// Merges the outcome files under `root` into the summary of the whole run, and writes
    /// `summary.txt` and `summary.html` as a whole run does.
    /// - Throws: `ShardSetError` (65) for files that are not of one run or cannot be read as
    ///   outcome files; `RuntimeFailure` (1) naming the shards without a file.
    /// With `job` (`summarize --job`), that job file must be the one the shards ran.
    package static func summarize(
        root: String,
        templates: SummaryTemplates,
        job: BatchJob? = nil
    ) throws -> BatchSummary {
        let folder = (root as NSString).appendingPathComponent(Self.folder)
        let files = try readRun(in: folder)
        let first = files[0]
        if let job, job.sha256 != first.identity.jobSHA256 {
            throw ShardSetError.otherJob(
                "--job \(Quote.path(job.file)) is not the job file the shards ran (SHA-256 \(job.sha256.prefix(12))… and \(first.identity.jobSHA256.prefix(12))… in \(Quote.path(first.path))); give the same file"
            )
        }
        let all = merged(files, order: first.order)
        try checkPositions(files, folder: folder)
        guard let clock = parseInstant(first.identity.clock) else {
            throw ShardSetError("\(Quote.path(first.path)): 'clock' is not a timestamp")
        }
        let spool = outcomeSpool(all, root: root)
        var summary = BatchSummary(
            outcomes: FamilyOutcomes(spool: spool),
            database: first.identity.database,
            root: root,
            generatedAt: clock,
            dryRun: false
        )
        summary.delivers = first.delivers
        summary.sends = first.sends
        // The shards ran side by side: the run took as long as the longest.
        summary.duration = files.map(\.duration).max() ?? 0
        summary.startedAt = files.compactMap(\.record.startedAt).min()
        summary.mailServerDown = all.contains { ($0.outcome.mail.notSent[.serverUnreachable] ?? 0) > 0 }
        try BatchRunner.writeSummaries(&summary, spool: spool, root: root, templates: templates)
        return summary
    }

    /// The names of the outcome files in `folder` (`K-of-N.json`, in shard order), all of one
    /// shard count.
    private static func outcomeFileNames(in folder: String) throws -> [String] {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
            throw RuntimeFailure(
                "no shard outcome files: \(Quote.path(folder)) does not exist (shards write them there; a run without --shards writes its summary itself)"
            )
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
            throw ShardSetError(
                "the outcome files in \(Quote.path(folder)) are of runs with different shard counts ("
                    + names.joined(separator: ", ") + "); remove the files of the other run and summarize again"
            )
        }
        return names
    }

    /// The outcome files in `folder`, read: one run's (the same identity and order), every shard's.
    private static func readRun(in folder: String) throws -> [ShardFile] {
        let names = try outcomeFileNames(in: folder)
        let files = try names.map { try read((folder as NSString).appendingPathComponent($0)) }
        let first = files[0]
        for file in files.dropFirst() where file.identity != first.identity || file.order != first.order {
            throw ShardSetError(mismatch(file, first))
        }
        let count = first.identity.shards
        let present = Set(files.map(\.shard))
        let missing = (0..<count).filter { !present.contains($0) }
        if !missing.isEmpty {
            throw RuntimeFailure(
                "shard\(missing.count == 1 ? "" : "s") " + missing.map { "\($0)-of-\(count)" }.joined(separator: ", ")
                    + " \(missing.count == 1 ? "has" : "have") no outcome file in \(Quote.path(folder)) (not run yet, still running, or stopped before the end); "
                    + "run \(missing.count == 1 ? "it" : "them") with the same job, --now and --db, then summarize again"
            )
        }
        return files
    }

    /// The families of every file in the whole run's order: by name as a whole run lists every
    /// family, else the job's list.
    private static func merged(_ files: [ShardFile], order: Order) -> [ShardOutcomeFile.Family] {
        var all = files.flatMap(\.families)
        switch order {
        case .job: all.sort { $0.position < $1.position }
        case .name:
            let places = Dictionary(
                FamilyUnit.byName(all.map(\.outcome.family)).enumerated().map { ($1.id, $0) },
                uniquingKeysWith: { a, _ in a }
            )
            all.sort { (places[$0.outcome.family.id] ?? 0) < (places[$1.outcome.family.id] ?? 0) }
        }
        return all
    }

    /// The merged outcomes in a spool, in order, each family's folder under `root` again.
    private static func outcomeSpool(_ all: [ShardOutcomeFile.Family], root: String) -> OutcomeSpool {
        let spool = OutcomeSpool(families: all.map(\.outcome.family))
        for (index, family) in all.enumerated() {
            var outcome = family.outcome
            outcome = FamilyOutcome(
                family: outcome.family,
                folder: outcome.folder.isEmpty ? "" : (root as NSString).appendingPathComponent(outcome.folder),
                status: outcome.status,
                files: outcome.files,
                warnings: outcome.warnings,
                range: outcome.range,
                mail: outcome.mail
            )
            spool.record(outcome, at: index)
        }
        return spool
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
                throw ShardSetError(
                    "\(name) says the run has \(file.familiesInRun) families, \((files[0].path as NSString).lastPathComponent) says \(total); they are not the shards of one run"
                )
            }
            for family in file.families {
                let (position, outcome) = (family.position, family.outcome)
                if let other = owner[position] {
                    throw ShardSetError(
                        "\(name) and \(other) both hold the family at position \(position) in \(Quote.path(folder)); they are not the shards of one run"
                    )
                }
                guard ids.insert(outcome.family.id).inserted else {
                    throw ShardSetError(
                        "family \(outcome.family.id) is in more than one outcome file in \(Quote.path(folder)) (\(name) among them); they are not the shards of one run"
                    )
                }
                owner[position] = name
            }
        }
        if let gap = owner.firstIndex(where: { $0 == nil }) {
            throw ShardSetError(
                "no outcome file in \(Quote.path(folder)) holds the family at position \(gap) of the run's \(total); "
                    + "a file was changed or is of another run: run the shards again, then summarize"
            )
        }
    }

    /// `(K, N)` of `K-of-N.json`.
    private static func shardNumbers(_ name: String) -> (index: Int, count: Int) {
        let parts = name.dropLast(5).components(separatedBy: "-of-")
        return (Int(parts.first ?? "") ?? 0, Int(parts.last ?? "") ?? 0)
    }

    private static func mismatch(_ file: ShardFile, _ first: ShardFile) -> String {
        let a = (file.path as NSString).lastPathComponent
        let b = (first.path as NSString).lastPathComponent
        let what: String
        if file.identity.jobSHA256 != first.identity.jobSHA256 {
            what =
                "different job files (SHA-256 \(file.identity.jobSHA256.prefix(12))… and \(first.identity.jobSHA256.prefix(12))…)"
        } else if file.identity.clock != first.identity.clock || file.identity.today != first.identity.today {
            what =
                "different clocks (\(file.identity.clock)\(file.identity.today.map { ", --today \($0)" } ?? "") and \(first.identity.clock)\(first.identity.today.map { ", --today \($0)" } ?? ""))"
        } else if file.identity.shards != first.identity.shards {
            what = "different shard counts (\(file.identity.shards) and \(first.identity.shards))"
        } else if file.identity.database != first.identity.database {
            what = "different databases (\(file.identity.database) and \(first.identity.database))"
        } else {
            what = "different family orders"
        }
        return
            "\(a) and \(b) are not shards of one run: \(what); run every shard with the same job file, --now and --db, then summarize again"
    }

    private static func parseInstant(_ text: String) -> Instant? {
        if case .instant(let instant)? = try? Timestamp.parse(text) { return instant }
        return nil
    }

    /// The most bytes an outcome file may hold (about 1.8 KB a family: room for 100,000 families).
    static let maximumFileSize = 256 << 20

    /// Reads one outcome file; anything not in its shape is a `ShardSetError` naming the file.
    static func read(_ path: String) throws -> ShardFile {
        func bad(_ what: String) -> ShardSetError {
            ShardSetError("\(Quote.path(path)) is not a shard outcome file report-batch can read: \(what)")
        }
        // Read whole, so capped: a stray file of gigabytes is refused before it fills memory.
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)  // of a link itself, not its target
        if attributes?[.type] as? FileAttributeType == .typeSymbolicLink {
            throw bad("it is a symbolic link, which is never followed")
        }
        let size = attributes?[.size] as? Int
        if let size, size > maximumFileSize {
            throw bad("it holds \(size) bytes, more than an outcome file's \(maximumFileSize) at most")
        }
        guard let data = FileManager.default.contents(atPath: path) else { throw bad("it cannot be read") }
        let decoder = JSONDecoder()
        decoder.userInfo[ShardOutcomeFile.fileNameKey] = (path as NSString).lastPathComponent
        do {
            return ShardFile(path: path, record: try decoder.decode(ShardOutcomeFile.self, from: data))
        } catch let error as UnreadableRecord {
            throw bad(error.reason)
        } catch {
            throw bad("it is not a JSON object")
        }
    }
}
