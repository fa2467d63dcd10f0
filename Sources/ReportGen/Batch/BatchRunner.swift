import Aggregation
import Exporters
import Foundation
import Synchronization

/// What a run is told on the command line.
package struct BatchOptions: Sendable {
    package var database: String?
    package var root: String?
    package var clock: Clock
    package var today: CivilDate?
    package var dryRun = false
    package var templates: OutputTemplates
    /// How many families run at once; nil means one per core.
    package var workers: Int?
    /// The unsubscribe secret, read from the environment the job names (never from a file).
    var unsubscribeSecret: String?
    /// How messages leave (`deliver.email.via`); nil writes them only.
    var mailSender: MailSender?
    /// Send again to recipients an earlier run of the same days already reached.
    package var resend = false
    /// This process's part of a run split over several (nil: the whole run).
    package var shard: Shard?
    /// How long a read of a SQLite file waits for a writer's lock (nil: `REPORT_BATCH_SQLITE_BUSY_TIMEOUT`, else 30 s).
    package var sqliteBusyTimeout: Double?

    package init(clock: Clock, templates: OutputTemplates) {
        self.clock = clock
        self.templates = templates
    }
}

/// How one family's part of a run ended.
package struct FamilyOutcome: Sendable {
    package enum Status: Sendable, Equatable {
        case ok
        case skippedNoData
        case failed(String)

        package var isFailure: Bool { if case .failed = self { true } else { false } }

        /// The manifest's words: `ok`, `skipped: no data`, `failed: reason`.
        package var text: String {
            switch self {
            case .ok: "ok"
            case .skippedNoData: "skipped: no data"
            case .failed(let reason): "failed: \(reason)"
            }
        }
    }

    package let family: FamilyUnit
    package let folder: String
    package var status: Status
    package let files: [ManifestFile]
    package var warnings: [String]
    /// The days the family's report covers, from its own "today" (its zone); nil when the
    /// family failed before it was known.
    package var range: ClosedRange<CivilDate>? = nil
    /// Recap e-mails: sent (now or by an earlier run of the same days), not sent (a preference,
    /// an opt-out, a duplicate address) and failed.
    package var mail = MailCounts()
}

/// How a family's (or a run's) recap e-mails went.
package struct MailCounts: Sendable, Equatable {
    /// Messages written as `.eml` files, and of those sent (now or by an earlier run of the same days) and failed.
    package var written = 0, sent = 0, failed = 0
    /// Members and addresses that got no message, by reason.
    package var notSent: [NotSentReason: Int] = [:]

    package init() {}

    /// Counts each member or address that gets no message, by its reason.
    package mutating func count(_ skipped: [RecipientPlan.Skipped]) {
        for item in skipped { notSent[item.reason, default: 0] += 1 }
    }

    package var notSentTotal: Int { notSent.values.reduce(0, +) }

    package mutating func add(_ other: MailCounts) {
        written += other.written
        sent += other.sent
        failed += other.failed
        notSent.merge(other.notSent, uniquingKeysWith: +)
    }

    /// The summary's line (docs/delivery.md): `messages: 12 written, 8 sent, 4 not sent (2
    /// e-mail off, 1 opted out, 1 invalid address), 0 failed`; when nothing is sent
    /// (`via: none`), `messages: 12 written, not sent (via: none)`.
    package func line(sends: Bool) -> String {
        guard sends else { return "messages: \(written) written, not sent (via: none)" }
        let reasons = NotSentReason.allCases.compactMap { reason in notSent[reason].map { "\($0) \(reason.rawValue)" } }
        let notSentText = reasons.isEmpty ? "0 not sent" : "\(notSentTotal) not sent (\(reasons.joined(separator: ", ")))"
        return "messages: \(written) written, \(sent) sent, \(notSentText), \(failed) failed"
    }
}

/// A file in a manifest.
package struct ManifestFile: Sendable {
    package let name: String
    package let format: String
    package let bytes: Int
    package let sha256: String
    package let rows: Int?
}

/// What a run did, for the summary and the exit code.
package struct BatchSummary: Sendable {
    package let outcomes: FamilyOutcomes
    package let database: String
    package let root: String
    package let generatedAt: Instant
    package let dryRun: Bool
    /// Whether the job e-mails recaps (the summary then counts the messages).
    package var delivers = false
    /// Whether it sends them (`via` is not `none`).
    package var sends = false
    /// Whether the mail server was taken as down, leaving messages `not sent: server unreachable`.
    package var mailServerDown = false
    /// Seconds the run took (for summarize, its longest shard's).
    package var duration = 0.0
    /// The text summary as written to `summary.txt`; nil in a dry run, which writes none.
    package internal(set) var text: String?
    /// A shard's outcome file, written instead of the summaries.
    package internal(set) var outcomeFile: String?

    package var ok: Int { outcomes.spool.ok }
    package var skipped: Int { outcomes.spool.skipped }
    package var failed: Int { outcomes.spool.failed }

    /// `42 families: 40 ok, 1 skipped (no data), 1 failed`.
    package var line: String {
        "\(outcomes.count) \(outcomes.count == 1 ? "family" : "families"): \(ok) ok, \(skipped) skipped (no data), \(failed) failed"
    }

    /// 0 when no family failed, 4 when some did, 1 when every family failed. A shard's is 0
    /// once its outcome file is written, or 1 when every one of its families failed (a retry
    /// may then help): whether families failed is `summarize`'s to say, for the whole run.
    /// A mail server taken as down also ends in 4: messages were left unsent.
    package var exitStatus: ExitStatus {
        if failed == 0 && !mailServerDown { return .success }
        if failed == outcomes.count { return .failure }
        return outcomeFile == nil ? .someFamiliesFailed : .success
    }
}

/// The outcomes of a run in the families' order, each read from the run's `OutcomeSpool`
/// when it is used rather than all held in memory.
package struct FamilyOutcomes: RandomAccessCollection, Sendable {
    let spool: OutcomeSpool
    package var startIndex: Int { 0 }
    package var endIndex: Int { spool.count }
    package subscript(position: Int) -> FamilyOutcome { spool.outcome(at: position) }
}

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
    package static func run(_ job: BatchJob, options: BatchOptions, progress: @Sendable (Event) -> Void = { _ in }) throws -> BatchSummary {
        let started = DispatchTime.now()
        guard let database = options.database ?? job.database else {
            throw UsageError("\(job.file): no database; give 'database' in the job file or --db")
        }
        let root = options.root ?? job.root
        var options = options
        if let delivery = job.delivery {
            if let name = delivery.secretEnv { options.unsubscribeSecret = try DeliveryJob.environment(name, file: job.file) }
            options.mailSender = try mailSender(for: delivery, file: job.file)
        }
        let scope: SnapshotScope = switch (job.families, options.shard) {
        case (.all, nil): .allFamilies
        case (.ids(let ids), nil): .families(ids)
        case (.all, let shard?): .shard(shard, listed: nil)
        case (.ids(let ids), let shard?): .shard(shard, listed: ids)
        }
        let opened = try OpenDatabase(database, scope: scope, busyTimeout: options.sqliteBusyTimeout)
        defer { opened.close() }
        let source = opened.source
        var families: [FamilyUnit]
        switch job.families {
        case .all:
            // By name, A–Z ignoring case and accents, ties by id: the order the summary lists
            // them in, which a person scans for a family (a listed job keeps its own order).
            families = try source.familiesByName()
        case .ids(let ids):
            families = try ids.map { id in
                do { return try source.family(id: id) } catch let error as UsageError { throw UsageError("\(job.file): \(error.message)") }
            }
        }
        // A shard keeps its families, each with its place in the whole run's list.
        var positions = Array(families.indices)
        let familiesInRun = families.count
        if let shard = options.shard { (positions, families) = shard.select(families) }
        var locks: [OutputLock] = []
        if !options.dryRun {
            if let shard = options.shard {
                locks = [try OutputLock(root: root, shared: true), try OutputLock(root: root, name: ".report-batch.\(shard.name).lock")]
                // An outcome file of an earlier run of this shard would pass for this run's until it
                // ends (removed only from a real folder of the root's, no link followed).
                let file = ShardOutcomes.path(root: root, shard: shard)
                if AtomicFile.isFolder((file as NSString).deletingLastPathComponent, inside: root) { unlink(file) }
            } else {
                locks = [try OutputLock(root: root)]
                // With the lock held no other run writes here: what a killed run left is removed.
                // (A shard cleans only its own families' folders, as it reaches them.)
                TemporaryFiles.sweep(root)
            }
        }
        defer { withExtendedLifetime(locks) {} }

        // Process-wide set-up (locale, fontconfig) happens here, before any worker thread.
        if !options.dryRun { try ProcessSetup.prepare(fonts: job.writesPDF) }
        progress(.started(total: families.count))
        if let note = source.optionalColumnsNote { progress(.note(note)) }
        if let detail = opened.snapshotDetail { progress(.detail(detail)) }
        let spool = OutcomeSpool(families: families)
        try runFamilies(families, into: spool, job: job, database: opened, root: root, options: options, progress: progress)
        var summary = BatchSummary(outcomes: FamilyOutcomes(spool: spool), database: opened.display, root: root,
                                   generatedAt: options.clock.now, dryRun: options.dryRun)
        summary.delivers = job.delivery != nil
        summary.sends = options.mailSender != nil
        summary.duration = Double(DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1e9
        summary.mailServerDown = options.mailSender?.serverDown ?? false
        if !options.dryRun {
            if let shard = options.shard {
                if let failure = spool.readFailure { throw OutputError(path: NSTemporaryDirectory(), reason: failure) }
                try ShardOutcomes.write(summary.outcomes, positions: positions, familiesInRun: familiesInRun, shard: shard, job: job,
                                        order: job.families == .all ? .name : .job, summary: summary, today: options.today, root: root)
                summary.outcomeFile = ShardOutcomes.path(root: root, shard: shard)
            } else {
                try writeSummaries(&summary, spool: spool, root: root, templates: options.templates.summary)
            }
        }
        return summary
    }

    /// How the job's messages leave, with the credentials read from the environment it names;
    /// nil for `via: none`. Made on the main thread, before any worker (libcurl's set-up).
    static func mailSender(for delivery: DeliveryJob, file: String) throws -> MailSender? {
        let username = try delivery.usernameEnv.map { try DeliveryJob.environment($0, file: file) }
        let password = try delivery.passwordEnv.map { try DeliveryJob.environment($0, file: file) }
        switch delivery.via {
        case .none:
            return nil
        case .sendmail:
            return MailSender(transport: .sendmail, timeout: delivery.timeout)
        case .smtp(let host, let port, let implicitTLS):
            return MailSender(transport: .smtp(url: "\(implicitTLS ? "smtps" : "smtp")://\(host):\(port)",
                                               starttlsRequired: !implicitTLS && delivery.starttlsRequired, username: username, password: password),
                              timeout: delivery.timeout)
        }
    }

    /// Writes `summary.html` and `summary.txt` into the root; each is rendered, checked and
    /// written before the next is rendered.
    static func writeSummaries(_ summary: inout BatchSummary, spool: OutcomeSpool, root: String, templates: SummaryTemplates) throws {
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
    private static func runFamilies(_ families: [FamilyUnit], into spool: OutcomeSpool, job: BatchJob, database: OpenDatabase,
                                    root: String, options: BatchOptions, progress: @Sendable (Event) -> Void) throws {
        let workers = max(1, min(options.workers ?? ProcessInfo.processInfo.activeProcessorCount, families.count))
        let claims = FolderClaims()
        let source = database.source
        if workers == 1 {
            for (index, family) in families.enumerated() {
                progress(.began(family, index: index))
                let outcome = runFamily(family, job: job, source: source, root: root, options: options, claims: claims)
                spool.record(outcome, at: index)
                progress(.finished(outcome, done: index + 1, total: families.count))
            }
            return
        }
        try ProcessSetup.prepareWorkers(workers, stackSize: WorkerThreads.stackSize)
        let sources = try [source] + (1..<workers).map { _ in try database.reopen() }
        let state = RunState(count: families.count)
        withoutActuallyEscaping(progress) { progress in
            WorkerThreads.run(workers) { worker in
                while let index = state.next() {
                    progress(.began(families[index], index: index))
                    let outcome = runFamily(families[index], job: job, source: sources[worker], root: root, options: options, claims: claims)
                    spool.record(outcome, at: index)
                    state.finish { done in progress(.finished(outcome, done: done, total: families.count)) }
                }
            }
        }
    }

    /// Which family writes into which folder: a second family whose folder resolves to one
    /// already taken fails, and never writes there (not even its manifest).
    final class FolderClaims: Sendable {
        private let owners = Mutex<[String: FamilyUnit]>([:])

        func claim(_ folder: String, for family: FamilyUnit) throws {
            let owner = owners.withLock { owners -> FamilyUnit in
                if let owner = owners[folder] { return owner }
                owners[folder] = family
                return family
            }
            guard owner.id == family.id else {
                throw OutputError(path: folder, reason: "it is already the folder of \(owner.displayName) (\(owner.id)) in this run; "
                                  + "the job's folder pattern must tell families apart ({family_slug} does)")
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
                guard depth.popLast() != nil else { depth = []; break }
            } else {
                depth.append(component)
            }
        }
        guard !depth.isEmpty else {
            throw OutputError(path: (root as NSString).appendingPathComponent(relative),
                              reason: "the family's folder would leave the output root \(Quote.path(root))")
        }
        return (root as NSString).appendingPathComponent(relative)
    }

    private static func runFamily(_ family: FamilyUnit, job: BatchJob, source: SQLiteSource, root: String, options: BatchOptions,
                                  claims: FolderClaims) -> FamilyOutcome {
        var written: [WrittenFile] = []
        var folder = root
        var ownsFolder = false
        var range: DateRange?
        var zone = Zone.utc
        do {
            let (data, leftOut) = try load(family, source: source, skipBadRows: job.skipBadRows)
            if case .fixed(let fixed) = job.timezone { zone = fixed } else { zone = Zone.report(for: data, override: nil) }
            let today = options.today ?? zone.date(of: options.clock.now)
            let jobRange = try job.range.range(today: today)
            range = jobRange
            folder = try self.folder(for: family, pattern: job.folder, range: jobRange, root: root)
            try claims.claim(folder, for: family)
            ownsFolder = true
            // A shard cleans what a killed run left only in its own families' folders.
            if options.shard != nil, !options.dryRun, AtomicFile.isFolder(folder, inside: root) { TemporaryFiles.sweep(folder) }
            var overview = try ReportRun(data: data, selection: job.range, today: today, timezone: zone, clock: options.clock)
            overview.leftOutRows = leftOut
            // With nothing to report, a family still gets its recap when an offer deadline is
            // near (docs/delivery.md): its folder then holds the messages and the manifest only.
            let recapOnly = overview.isEmpty && job.delivery != nil && !overview.followUps.deadlines.isEmpty
            guard !overview.isEmpty || recapOnly else {
                // Nothing to report makes no folder. A folder an earlier run of the same week
                // made is set right: its outputs go, and its manifest says why.
                var outcome = FamilyOutcome(family: family, folder: folder, status: .skippedNoData, files: [], warnings: [], range: jobRange.from...jobRange.to)
                // Each would-be recipient is counted as not sent, and why.
                var notSent: [JSONValue] = []
                if let deliver = job.delivery {
                    let plan = try recipients(deliver, data: data, source: source)
                    let skipped = plan.recipients.map { RecipientPlan.Skipped(email: UnsubscribeToken.normalised($0.address.email), userID: $0.userID,
                                                                              reason: .nothingToReport) } + plan.skipped
                    notSent = records(skipped)
                    outcome.mail.count(skipped)
                }
                if !options.dryRun, AtomicFile.isFolder(folder, inside: root) {
                    let stale = removeEarlierOutputs(expectedFiles(job, family: family, today: today, jobRange: jobRange).map(\.name), in: folder)
                    if !stale.isEmpty { outcome.warnings.append("removed \(stale.joined(separator: ", ")), written by an earlier run: the family has nothing to report now") }
                    try writeManifest(outcome, root: root, range: jobRange, zone: zone, clock: options.clock, delivery: notSent)
                }
                return outcome
            }
            if !options.dryRun { try AtomicFile.ensureFolder(folder, inside: root) }
            if options.dryRun {
                var planned = recapOnly ? [] : expectedFiles(job, family: data.family, today: today, jobRange: jobRange)
                // The recap e-mails it would write (and send), one per recipient.
                if let deliver = job.delivery {
                    let plan = try recipients(deliver, data: data, source: source)
                    planned += plan.recipients.map { (RecapEmail.fileName(for: $0.address.email), "eml") }
                }
                return FamilyOutcome(family: family, folder: folder, status: recapOnly ? .skippedNoData : .ok,
                                     files: planned.map { ManifestFile(name: $0.name, format: $0.format, bytes: 0, sha256: "", rows: nil) }, warnings: [],
                                     range: jobRange.from...jobRange.to)
            }
            var warnings: [String] = []
            if recapOnly {
                let stale = removeEarlierOutputs(expectedFiles(job, family: family, today: today, jobRange: jobRange).map(\.name), in: folder)
                if !stale.isEmpty { warnings.append("removed \(stale.joined(separator: ", ")), written by an earlier run: the family has nothing to report now") }
            }
            for output in job.outputs where !recapOnly {
                switch output {
                case .report(let formats, let ownRange):
                    var run = try ownRange.map { try ReportRun(data: data, selection: $0, today: today, timezone: zone, clock: options.clock) } ?? overview
                    run.leftOutRows = leftOut
                    if run.isEmpty { continue }
                    // Two reports whose ranges fall on the same days would write one file twice.
                    for format in formats {
                        let path = (folder as NSString).appendingPathComponent(ReportFiles.fileName(run, format))
                        guard !written.contains(where: { $0.path == path }) else {
                            throw OutputError(path: path, reason: "two report outputs of the job cover the same days and would write this file twice; give them different ranges")
                        }
                    }
                    written += try ReportFiles.write(run, formats: formats, to: .folder(folder), templates: options.templates)
                case .list(let list):
                    var request = ListRequest(filters: try list.values.filters(for: list.kind, range: list.range.selection(job: job.range)))
                    request.formats = list.formats
                    request.name = list.name
                    request.today = today
                    request.zone = zone
                    request.home = try list.values.homeCoordinate()
                    if list.viewAsPlayer { request.viewerID = data.player?.userID }
                    let result = try ListExport.run(request, data: data, interactions: .loaded(data.interactions), clock: options.clock, to: .folder(folder), templates: options.templates)
                    written += result.files.map { file in
                        var file = file
                        file.warnings += result.warnings
                        return file
                    }
                }
            }
            var recaps: [Recap] = []
            var skipped: [RecipientPlan.Skipped] = []
            // What an earlier run of these days sent: read before this run's manifest replaces it.
            let sentBefore = job.delivery == nil ? [:] : sentRecords(in: folder)
            if let deliver = job.delivery {
                (recaps, skipped) = try writeRecaps(deliver, run: overview, source: source, folder: folder, written: written, options: options)
                written += recaps.map(\.file)
            }
            let files = try written.map(manifestFile)
            warnings += Array(Set(written.flatMap(\.warnings))).sorted()
            if !leftOut.isEmpty { warnings.insert(ReportText.leftOutLine(leftOut) + " (manifest.json lists them)", at: 0) }
            warnings += skipped.filter { $0.reason == .invalidAddress }.map(invalidAddressWarning)
            var outcome = FamilyOutcome(family: family, folder: folder, status: recapOnly ? .skippedNoData : .ok, files: files, warnings: warnings,
                                        range: jobRange.from...jobRange.to)
            outcome.mail.written = recaps.count
            outcome.mail.count(skipped)
            // Each recap's record: written, or sent now or before; the manifest is written again
            // after each message the server accepts, so that a rerun never sends it twice.
            var delivery = Delivery(records: recaps.map { recap in sentBefore[recap.recipient] ?? recap.record(status: "written") },
                                    notSent: records(skipped))
            func save() throws {
                try writeManifest(outcome, root: root, range: jobRange, zone: zone, clock: options.clock, leftOut: leftOut,
                                  delivery: delivery.records + delivery.notSent)
            }
            try save()
            guard let sender = options.mailSender, let from = job.delivery?.from else { return outcome }
            for (index, recap) in recaps.enumerated() {
                if sentBefore[recap.recipient] != nil && !options.resend {
                    outcome.mail.sent += 1
                    continue
                }
                delivery.record(sender.send(recap.message, from: from, to: recap.address), of: recap, at: index, outcome: &outcome, clock: options.clock)
                try save()
            }
            return outcome
        } catch {
            // A failed family leaves no outputs behind, only its manifest saying why.
            for file in written { unlink(file.path) }
            let reason = ExitStatus.message(for: error)
            if range == nil {
                // The rows did not load, so the player's zone is unknown: the job's fixed zone, else UTC, places the folder.
                if case .fixed(let fixed) = job.timezone { zone = fixed }
                range = try? job.range.range(today: options.today ?? zone.date(of: options.clock.now))
                if let range, let placed = try? self.folder(for: family, pattern: job.folder, range: range, root: root) {
                    folder = placed
                    ownsFolder = (try? claims.claim(folder, for: family)) != nil
                }
            }
            var warnings: [String] = []
            // Only a folder of this family's own, made without following a link, is touched.
            if !options.dryRun, ownsFolder, let range, (try? AtomicFile.ensureFolder(folder, inside: root)) != nil {
                let today = options.today ?? zone.date(of: options.clock.now)
                let stale = removeEarlierOutputs(expectedFiles(job, family: family, today: today, jobRange: range).map(\.name), in: folder)
                if !stale.isEmpty {
                    warnings.append("removed \(stale.joined(separator: ", ")), written by an earlier run: this run failed, and a folder holds only what its manifest lists")
                }
            }
            var outcome = FamilyOutcome(family: family, folder: folder, status: .failed(reason), files: [], warnings: warnings,
                                        range: range.map { $0.from...$0.to })
            // Every would-be recipient is counted (docs/delivery.md): none of them got the week's message.
            let unsent = job.delivery.map { familyFailedRecipients($0, family: family, source: source) } ?? []
            outcome.mail.count(unsent)
            if !options.dryRun, ownsFolder, let range {
                try? writeManifest(outcome, root: root, range: range, zone: zone, clock: options.clock, delivery: records(unsent))
            }
            return outcome
        }
    }

    /// Reads the family's rows once; a file another program kept locked past the busy timeout
    /// is tried once more before the family fails (docs/cli.md, "Reading a SQLite file").
    private static func load(_ family: FamilyUnit, source: SQLiteSource, skipBadRows: Bool) throws -> (FamilyData, [DataIssue]) {
        func read() throws -> (FamilyData, [DataIssue]) {
            skipBadRows ? try source.loadFamilyLeavingOutBadRows(id: family.id) : (try source.loadFamily(id: family.id), [])
        }
        do {
            return try read()
        } catch SourceError.locked {
            return try read()
        }
    }

    /// A recap written for one recipient.
    struct Recap {
        let address: MIMEMessage.Address
        /// The users.id the address came from; nil for a list address.
        let userID: String?
        let messageID: String
        let file: WrittenFile
        let message: Data

        /// The address as the manifest keys it (trimmed, lower-cased).
        var recipient: String { UnsubscribeToken.normalised(address.email) }

        func record(status: String, sentAt: String? = nil, reply: String? = nil) -> JSONValue {
            .object([("recipient", .string(recipient)), ("user", .string(userID)), ("messageId", .string("<\(messageID)>")),
                     ("file", .string((file.path as NSString).lastPathComponent)), ("status", .string(status)),
                     ("sentAt", .string(sentAt)), ("reply", .string(reply))])
        }
    }

    /// A family's delivery records as its messages are sent: one per recap, then those not sent.
    struct Delivery {
        var records: [JSONValue]
        var notSent: [JSONValue]

        /// Records what became of `recap`'s message, and counts it; a failure fails the family,
        /// a server taken as down leaves the message not sent.
        mutating func record(_ result: MailSender.Outcome, of recap: Recap, at index: Int, outcome: inout FamilyOutcome, clock: Clock) {
            switch result.kind {
            case .accepted:
                outcome.mail.sent += 1
                records[index] = recap.record(status: "sent", sentAt: clock.now.iso8601, reply: result.reply)
            case .serverDown:
                outcome.mail.notSent[.serverUnreachable, default: 0] += 1
                records[index] = recap.record(status: "not sent: \(NotSentReason.serverUnreachable.rawValue)")
            case .transient, .permanent, .unreachable:
                outcome.mail.failed += 1
                records[index] = recap.record(status: "failed: \(result.reply)", reply: result.reply)
                if case .failed = outcome.status {} else { outcome.status = .failed("delivery: \(recap.recipient): \(result.reply)") }
            }
        }
    }

    /// The summary's line for an address that is not one mailbox: the value as stored, and its row.
    private static func invalidAddressWarning(_ skipped: RecipientPlan.Skipped) -> String {
        "not sent: invalid address \(Quote.value(skipped.email))" + (skipped.userID.map { " (users row \(Quote.value($0)))" } ?? "")
    }

    /// The delivery records with status `sent` of the manifest in `folder`, by recipient.
    private static func sentRecords(in folder: String) -> [String: JSONValue] {
        guard let data = FileManager.default.contents(atPath: (folder as NSString).appendingPathComponent("manifest.json")),
              let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let records = object["delivery"] as? [[String: Any]] else { return [:] }
        var sent: [String: JSONValue] = [:]
        for record in records where record["status"] as? String == "sent" {
            guard let recipient = record["recipient"] as? String else { continue }
            sent[recipient] = .object(["recipient", "user", "messageId", "file", "status", "sentAt", "reply"].map { key in
                (key, .string(record[key] as? String))
            })
        }
        return sent
    }

    /// Writes the family's recap e-mails (docs/delivery.md) as `.eml` files in its folder, one per
    /// recipient, with the job's attachments; returns them and the records of those not sent.
    private static func writeRecaps(_ deliver: DeliveryJob, run: ReportRun, source: SQLiteSource, folder: String, written: [WrittenFile],
                                    options: BatchOptions) throws -> (recaps: [Recap], skipped: [RecipientPlan.Skipped]) {
        let data = run.data
        let plan = try recipients(deliver, data: data, source: source)
        // The attachments, by kind and format, up to the size limit; the rest are named in the body.
        var attached: [RecapEmail.File] = [], leftOut: [String] = []
        var total = 0.0
        for spec in deliver.attach {
            let parts = spec.split(separator: ".", maxSplits: 1).map(String.init)
            guard parts.count == 2 else { continue }
            for file in written where file.format == parts[1] && (file.path as NSString).lastPathComponent.hasPrefix(parts[0] + "_") {
                let name = (file.path as NSString).lastPathComponent
                let size = Double((try? FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int) ?? 0)
                if total + size > deliver.maxAttachmentMB * 1_048_576 {
                    leftOut.append(name)
                } else {
                    total += size
                    attached.append(RecapEmail.File(name: name, path: file.path, format: file.format))
                }
            }
        }
        let headline = WeekHeadline.make(deadlines: run.followUps.deadlines, changes: run.changes,
                                         interactions: run.figures.interactions.total, previousInteractions: run.figures.previous.interactionsTotal)
        // Short enough for a phone's list of mail (docs/delivery.md, "The subject").
        let subject = WeekHeadline.fit(BatchJob.fill(deliver.subject, [
            "family_name": data.family.displayName, "family_slug": data.family.slug, "family_id": data.family.id,
            "from": run.range.from.description, "to": run.range.to.description, "preset": run.range.preset?.rawValue ?? "custom",
            "headline": headline,
        ]), limit: RecapEmail.subjectLimit)
        let unsubscribe = deliver.unsubscribeURL.flatMap { url in options.unsubscribeSecret.map { (url: url, secret: $0) } }
        var recaps: [Recap] = []
        guard !plan.recipients.isEmpty else { return ([], plan.skipped) }
        // What every message says, once for the family; then one message per recipient.
        let recap = try RecapEmail(run, job: deliver, subject: subject, headline: headline, files: attached, leftOut: leftOut, templates: options.templates.email)
        for recipient in plan.recipients {
            let message = recap.message(to: recipient.address, userID: recipient.userID, unsubscribe: unsubscribe)
            let name = RecapEmail.fileName(for: recipient.address.email)
            let path = (folder as NSString).appendingPathComponent(name)
            let bytes = message.bytes()
            try AtomicFile.write(to: path) { temporary in try bytes.write(to: URL(fileURLWithPath: temporary)) }
            var file = WrittenFile(path: path, format: "eml", rows: nil)
            if !leftOut.isEmpty { file.warnings.append("not attached to the e-mail (over \(deliver.maxAttachmentMB) MB): \(leftOut.joined(separator: ", "))") }
            recaps.append(Recap(address: recipient.address, userID: recipient.userID, messageID: message.messageID, file: file, message: bytes))
        }
        return (recaps, plan.skipped)
    }

    /// Who gets the family's recap, from its members, their preferences and the opt-out list.
    private static func recipients(_ deliver: DeliveryJob, data: FamilyData, source: SQLiteSource) throws -> RecipientPlan {
        RecipientPlan.make(deliver.to, data: data, digestOff: try source.weeklyDigestOff(userIDs: data.members.map(\.userID)),
                           optedOut: try source.optedOutAddresses())
    }

    /// The recipients a failed family's job would have written to, each `not sent: family
    /// failed`, read from its memberships alone (its other rows may be what failed it).
    private static func familyFailedRecipients(_ deliver: DeliveryJob, family: FamilyUnit, source: SQLiteSource) -> [RecipientPlan.Skipped] {
        let roles: Set<String>
        switch deliver.to {
        case .list(let addresses): return addresses.map { RecipientPlan.Skipped(email: $0, userID: nil, reason: .familyFailed) }
        case .members: roles = ["player", "athlete", "parent"]
        case .player: roles = ["player", "athlete"]
        case .parents: roles = ["parent"]
        }
        let members = (try? source.members(ofFamily: family.id)) ?? []
        return members.filter { $0.role.map(roles.contains) ?? false }.map { member in
            RecipientPlan.Skipped(email: member.email ?? "", userID: member.userID, reason: .familyFailed)
        }
    }

    /// The manifest's records of the recipients who get no message, and why.
    private static func records(_ skipped: [RecipientPlan.Skipped]) -> [JSONValue] {
        skipped.map { skipped in
            .object([("recipient", .string(skipped.email)), ("user", .string(skipped.userID)), ("messageId", .null), ("file", .null),
                     ("status", .string("not sent: \(skipped.reason.rawValue)")), ("sentAt", .null), ("reply", .null)])
        }
    }

    /// The files `job` writes for `family` (name and format), worked out without the family's
    /// rows: what a dry run lists, and what a failed rerun removes from the family's folder.
    static func expectedFiles(_ job: BatchJob, family: FamilyUnit, today: CivilDate, jobRange: DateRange) -> [(name: String, format: String)] {
        job.outputs.flatMap { output -> [(name: String, format: String)] in
            switch output {
            case .report(let formats, let ownRange):
                let range = (try? ownRange?.range(today: today)) ?? jobRange
                return formats.map { (ReportFiles.fileName(family: family, range: range, format: $0), $0.rawValue) }
            case .list(let list):
                return list.formats.map { (ListExport.fileName(list.kind, name: list.name, family: family, format: $0), $0.rawValue) }
            }
        }
    }

    /// Removes the regular files of these names from `folder`; returns the names removed.
    private static func removeEarlierOutputs(_ names: [String], in folder: String) -> [String] {
        names.filter { name in
            let path = (folder as NSString).appendingPathComponent(name)
            var info = stat()
            guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return false }
            return unlink(path) == 0
        }
    }

    private static func manifestFile(_ file: WrittenFile) throws -> ManifestFile {
        let digest = try FileDigest.sha256(ofFile: file.path)
        return ManifestFile(name: (file.path as NSString).lastPathComponent, format: file.format, bytes: digest.bytes,
                            sha256: digest.hex, rows: file.rows)
    }

    private static func writeManifest(_ outcome: FamilyOutcome, root: String, range: DateRange, zone: Zone, clock: Clock,
                                      leftOut: [DataIssue] = [], delivery: [JSONValue] = []) throws {
        try AtomicFile.ensureFolder(outcome.folder, inside: root)
        let document = JSONValue.object([
            ("schemaVersion", .integer(1)),
            ("tool", .string(ToolVersion.creator)),
            ("family", .object([("id", .string(outcome.family.id)), ("name", .string(outcome.family.displayName))])),
            ("status", .string(outcome.status.text)),
            ("range", .object([("from", .string(range.from.description)), ("to", .string(range.to.description)),
                               ("preset", .string(range.preset?.rawValue))])),
            ("timezone", .string(zone.identifier)),
            ("generatedAt", .string(clock.now.iso8601)),
            ("files", .array(outcome.files.map { file in
                .object([("name", .string(file.name)), ("format", .string(file.format)), ("bytes", .integer(file.bytes)),
                         ("sha256", .string(file.sha256)), ("rows", file.rows.map { .integer($0) } ?? .null)])
            })),
            ("warnings", .array(outcome.warnings.map { .string($0) })),
            // The rows a job with `bad_rows: skip` left out, one entry per problem.
            ("leftOutRows", .array(leftOut.map { issue in
                .object([("table", .string(issue.table)), ("row", .string(issue.rowID)), ("column", .string(issue.column)),
                         ("problem", .string(issue.problem))])
            })),
            // Each recap e-mail: written, sent, failed, or not sent and why (docs/delivery.md).
            ("delivery", .array(delivery)),
        ])
        try AtomicFile.write(document.serialized(), to: (outcome.folder as NSString).appendingPathComponent("manifest.json"))
    }
}

extension BatchJob.RangeChoice {
    func selection(job: RangeSelection) -> RangeSelection? {
        switch self {
        case .all: nil
        case .job: job
        case .own(let selection): selection
        }
    }
}
