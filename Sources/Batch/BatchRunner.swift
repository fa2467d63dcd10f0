import Aggregation
import AppStore
import Core
import Delivery
import Exporters
import Foundation
import ReportGen
import Synchronization

/// Runs a batch job: every output for every family, each family read once, each file
/// written atomically, a manifest per family, and a summary.
package enum BatchRunner {
    /// Progress of a run, for a progress bar or log lines.
    package enum Event: Sendable {
        case started(total: Int)
        /// A worker has taken the family at this position and starts on it.
        case began(FamilyUnit, index: Int)
        /// Something the operator should read once per run, e.g. the optional columns the
        /// database lacks.
        case note(String)
        /// Something for `--verbose` only, e.g. how many rows a PostgreSQL snapshot holds.
        case detail(String)
        case finished(FamilyOutcome, done: Int, total: Int)
    }

    /// - Throws: `UsageError` (no database, unknown family id), `InputError`, `BusyError`
    ///   when another run holds the root; a family's own failure is recorded, not thrown.
    /// `progress` is called from the workers' threads (`finished` one at a time), hence `@Sendable`.
    package static func run(
        _ job: BatchJob,
        options: BatchOptions,
        progress: @Sendable (Event) -> Void = { _ in }
    ) throws -> BatchSummary {
        let started = DispatchTime.now()
        let startedAt = Date().timeIntervalSince1970
        guard let database = options.database ?? job.database else {
            throw UsageError("\(job.file): no database; give 'database' in the job file or --db")
        }
        let root = options.root ?? job.root
        let scope: SnapshotScope =
            switch (job.families, options.shard) {
            case (.all, nil): .allFamilies
            case (.ids(let ids), nil): .families(ids)
            case (.all, let shard?): .shard(shard, listed: nil)
            case (.ids(let ids), let shard?): .shard(shard, listed: ids)
            }
        let opened = try OpenDatabase(database, scope: scope, busyTimeout: options.sqliteBusyTimeout)
        defer { opened.close() }
        let source = opened.source
        var families = try self.families(of: job, in: source)
        // A shard keeps its families, each with its place in the whole run's list.
        var positions = Array(families.indices)
        let familiesInRun = families.count
        if let shard = options.shard { (positions, families) = shard.select(families) }
        let locks = options.dryRun ? [] : try lockRoot(root, shard: options.shard)
        defer { withExtendedLifetime(locks) {} }

        // Process-wide set-up (locale, fontconfig) happens here, before any worker thread.
        if !options.dryRun { try CLibraryEnvironment.prepare(fonts: job.writesPDF) }
        progress(.started(total: families.count))
        if let note = source.optionalColumnsNote { progress(.note(note)) }
        if let detail = opened.snapshotDetail { progress(.detail(detail)) }
        let spool = OutcomeSpool(families: families)
        try runFamilies(
            families,
            into: spool,
            job: job,
            database: opened,
            root: root,
            options: options,
            progress: progress
        )
        var summary = BatchSummary(
            outcomes: FamilyOutcomes(spool: spool),
            database: opened.display,
            root: root,
            generatedAt: options.clock.now,
            dryRun: options.dryRun
        )
        summary.delivers = job.delivery != nil
        summary.sends = job.mail?.sender != nil
        summary.duration = Double(DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1e9
        summary.mailServerDown = job.mail?.sender?.serverDown ?? false
        summary.monitorWarnings = options.monitorWarnings
        summary.startedAt = startedAt
        if !options.dryRun, let shard = options.shard {
            if let failure = spool.readFailure { throw OutputError(path: NSTemporaryDirectory(), reason: failure) }
            try ShardOutcomes.write(
                summary.outcomes,
                positions: positions,
                familiesInRun: familiesInRun,
                shard: shard,
                job: job,
                order: job.families == .all ? .name : .job,
                summary: summary,
                today: options.today,
                root: root
            )
            summary.outcomeFile = ShardOutcomes.path(root: root, shard: shard)
        } else if !options.dryRun {
            try writeSummaries(&summary, spool: spool, root: root, templates: options.templates.summary)
        }
        return summary
    }

    /// The job's families: by name, A–Z ignoring case and accents, ties by id, the order the
    /// summary lists them in, which a person scans for a family; a listed job keeps its order.
    private static func families(of job: BatchJob, in source: any FamilySource) throws -> [FamilyUnit] {
        switch job.families {
        case .all:
            return try source.familiesByName()
        case .ids(let ids):
            return try ids.map { id in
                do { return try source.family(id: id) } catch let error as UsageError {
                    throw UsageError("\(job.file): \(error.message)")
                }
            }
        }
    }

    /// Takes the output root's locks. A whole run holds the root's alone and removes what a
    /// killed run left (no other run writes there while it holds it); a shard holds the root's
    /// shared and its own alone, and removes an outcome file of an earlier run of itself, which
    /// would pass for this run's until it ends (only from a real folder of the root's, no link
    /// followed). A shard cleans only its own families' folders, as it reaches them.
    private static func lockRoot(_ root: String, shard: Shard?) throws -> [OutputLock] {
        guard let shard else {
            let lock = try OutputLock(root: root)
            TemporaryFiles.sweep(root)
            return [lock]
        }
        let locks = [
            try OutputLock(root: root, shared: true),
            try OutputLock(root: root, name: ".report-batch.\(shard.name).lock"),
        ]
        let file = ShardOutcomes.path(root: root, shard: shard)
        if AtomicFile.isFolder(PathText.folder(of: file), inside: root) { unlink(file) }
        return locks
    }

    /// Writes `summary.html` and `summary.txt` into the root; each is rendered, checked and
    /// written before the next is rendered.
    static func writeSummaries(
        _ summary: inout BatchSummary,
        spool: OutcomeSpool,
        root: String,
        templates: SummaryTemplates
    ) throws {
        func write(_ text: String, _ name: String) throws {
            if let failure = spool.readFailure { throw OutputError(path: NSTemporaryDirectory(), reason: failure) }
            try AtomicFile.write(text, to: (root as NSString).appendingPathComponent(name))
        }
        try write(templates.html(summary), "summary.html")
        let text = templates.text(summary)
        try write(text, "summary.txt")
        summary.text = text
    }

    /// Runs the families on a bounded number of workers, each with its own database
    /// connection, taking the next family as it finishes one. Outcomes are recorded by the
    /// family's position, so summaries list them in the families' order whatever finished first.
    private static func runFamilies(
        _ families: [FamilyUnit],
        into spool: OutcomeSpool,
        job: BatchJob,
        database: OpenDatabase,
        root: String,
        options: BatchOptions,
        progress: @Sendable (Event) -> Void
    ) throws {
        let workers = max(1, min(options.workers ?? ProcessInfo.processInfo.activeProcessorCount, families.count))
        let claims = FolderClaims()
        let source = database.source
        if workers == 1 {
            for (index, family) in families.enumerated() {
                progress(.began(family, index: index))
                let outcome = FamilyRun(
                    family: family,
                    job: job,
                    source: source,
                    root: root,
                    options: options,
                    claims: claims
                ).run()
                spool.record(outcome, at: index)
                progress(.finished(outcome, done: index + 1, total: families.count))
            }
            return
        }
        try ProcessLimits.prepareWorkers(workers, stackSize: WorkerThreads.stackSize)
        let sources = try [source] + (1..<workers).map { _ in try database.reopen() }
        let state = RunState(count: families.count)
        withoutActuallyEscaping(progress) { progress in
            WorkerThreads.run(workers) { worker in
                while let index = state.next() {
                    progress(.began(families[index], index: index))
                    let outcome = FamilyRun(
                        family: families[index],
                        job: job,
                        source: sources[worker],
                        root: root,
                        options: options,
                        claims: claims
                    ).run()
                    spool.record(outcome, at: index)
                    state.finish { done in progress(.finished(outcome, done: done, total: families.count)) }
                }
            }
        }
    }

    /// The shared state of parallel workers: which family is next, and how many are done.
    private final class RunState: Sendable {
        private let count: Int
        private let progress = Mutex<(next: Int, done: Int)>((0, 0))

        init(count: Int) {
            self.count = count
        }

        func next() -> Int? {
            progress.withLock { state in
                guard state.next < count else { return nil }
                defer { state.next += 1 }
                return state.next
            }
        }

        /// Counts a finished family and reports progress, one worker at a time.
        func finish(report: (Int) -> Void) {
            progress.withLock { state in
                state.done += 1
                report(state.done)
            }
        }
    }

    /// The folder of a family: the job's pattern with slugs and dates, always inside the root.
    static func folder(for family: FamilyUnit, pattern: String, range: DateRange, root: String) throws -> String {
        let values = [
            "family_slug": family.slug,
            "family_id": Slug.make(family.id, limit: 64).isEmpty ? "family" : Slug.make(family.id, limit: 64),
            "from": range.from.description, "to": range.to.description, "preset": range.preset?.rawValue ?? "custom",
        ]
        let relative = BatchJob.fill(pattern, values)
        // The folder must lie strictly inside the root once `.` and `..` are resolved.
        var depth: [Substring] = []
        for component in relative.split(separator: "/") where component != "." {
            if component == ".." {
                guard depth.popLast() != nil else {
                    depth = []
                    break
                }
            } else {
                depth.append(component)
            }
        }
        guard !depth.isEmpty else {
            throw OutputError(
                path: (root as NSString).appendingPathComponent(relative),
                reason: "the family's folder would leave the output root \(Quote.path(root))"
            )
        }
        return (root as NSString).appendingPathComponent(relative)
    }

    /// The files `job` writes for `family` (name and format), worked out without the family's
    /// rows: what a dry run lists, and what a failed rerun removes from the family's folder.
    static func expectedFiles(
        _ job: BatchJob,
        family: FamilyUnit,
        today: CivilDate,
        jobRange: DateRange
    ) -> [(name: String, format: String)] {
        job.outputs.flatMap { output -> [(name: String, format: String)] in
            switch output {
            case .report(let formats, let ownRange):
                let range = (try? ownRange?.range(today: today)) ?? jobRange
                return formats.map { (ReportFiles.fileName(family: family, range: range, format: $0), $0.rawValue) }
            case .list(let list):
                return list.formats.map {
                    (ListExport.fileName(list.kind, name: list.name, family: family, format: $0), $0.rawValue)
                }
            }
        }
    }
}
