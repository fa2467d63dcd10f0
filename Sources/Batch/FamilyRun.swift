import Aggregation
import AppStore
import Core
import Delivery
import Exporters
import Foundation

/// One family's part of a run, in stages (docs/internals.md, "A family's run"): `FamilyPlan`
/// reads its rows once and places its folder; `OutputStage` writes the job's outputs;
/// `RecapStage` writes the recap e-mails; `DeliveryStage` sends them; `ManifestRecord`
/// records what was written and sent. A family with nothing to report, a dry run and a
/// failure each end the run early with their own outcome. `BatchRunner` schedules families
/// on workers and holds the locks; nothing here is shared between families but `claims` and
/// the job's mail sender (a server taken as down is down for all).
struct FamilyRun {
    let family: FamilyUnit
    let job: BatchJob
    let source: any FamilySource
    let root: String
    let options: BatchOptions
    let claims: FolderClaims

    /// What is known of the family as the stages go, for the outcome of a failure: where its
    /// folder is and whether it is the family's own, its days and zone, the files written so far.
    struct SoFar {
        var folder: String
        var ownsFolder = false
        var range: DateRange?
        var zone = Zone.utc
        var written: [WrittenFile] = []
        /// The records of the messages sent, by an earlier run of the same days or by this one:
        /// a failure keeps them, and their `.eml`, so that a rerun never sends one twice. Nil
        /// until the earlier manifest is read (an empty list: read, and none sent).
        var sent: [DeliveryRecord]?
    }

    /// Runs every stage; a family's failure becomes its outcome, never an error of the run.
    func run() -> FamilyOutcome {
        var progress = SoFar(folder: root)
        do {
            let plan = try FamilyPlan.make(self, progress: &progress)
            if plan.nothingToReport { return try noDataOutcome(plan) }
            if options.dryRun { return try dryRunOutcome(plan) }
            try AtomicFile.ensureFolder(plan.folder, inside: root)
            // What an earlier run of these days sent: read before this run's manifest replaces it.
            let sentEarlier = job.delivery == nil ? [] : ManifestDocument.sentRecords(in: plan.folder)
            progress.sent = sentEarlier
            let sentBefore = ManifestRecord.byRecipient(sentEarlier)
            var warnings: [String] = []
            if plan.recapOnly, let stale = removeStaleOutputs(plan, because: "the family has nothing to report now") {
                warnings.append(stale)
            }
            if !plan.recapOnly { try OutputStage(run: self, plan: plan).write(into: &progress.written) }
            var recaps = RecapStage.Written(recaps: [], skipped: [])
            if let deliver = job.delivery {
                recaps = try RecapStage(run: self, plan: plan, deliver: deliver, sentBefore: sentBefore)
                    .write(attaching: progress.written)
                progress.written += recaps.recaps.map(\.file)
            }
            var record = try ManifestRecord(
                run: self,
                plan: plan,
                written: progress.written,
                warnings: warnings,
                recaps: recaps,
                sentBefore: sentBefore
            )
            do {
                try record.save()
                try DeliveryStage(
                    sender: job.mail?.sender,
                    from: job.delivery?.from,
                    resend: options.resend,
                    clock: options.clock
                )
                .send(recaps.recaps, sentBefore: sentBefore, record: &record)
            } catch {
                progress.sent = record.sent(after: sentEarlier)
                throw error
            }
            return record.outcome
        } catch {
            return failedOutcome(error, progress: progress)
        }
    }

    /// Nothing to report makes no folder. A folder an earlier run of the same week made is set
    /// right: its outputs go, and its manifest says why. Each would-be recipient is counted
    /// as not sent, and why.
    private func noDataOutcome(_ plan: FamilyPlan) throws -> FamilyOutcome {
        let inFolder = !options.dryRun && AtomicFile.isFolder(plan.folder, inside: root)
        // What an earlier run of these days sent stays sent: read before this manifest replaces it.
        let sent = inFolder && job.delivery != nil ? ManifestDocument.sentRecords(in: plan.folder) : []
        var outcome = FamilyOutcome(
            family: family,
            folder: plan.folder,
            status: .skippedNoData,
            files: sent.isEmpty ? [] : Self.keptMessages(sent, in: plan.folder),
            warnings: [],
            range: plan.jobRange.from...plan.jobRange.to
        )
        var records: [DeliveryRecord] = []
        if let deliver = job.delivery {
            let plan = try RecapStage.recipients(deliver, data: plan.data, source: source)
            let skipped =
                plan.recipients.map {
                    RecipientPlan.Skipped(email: $0.stored, userID: $0.userID, reason: .nothingToReport)
                } + plan.skipped
            let delivery = Self.keepingSent(skipped, sent: sent)
            records = delivery.records
            outcome.mail.count(delivery.unsent)
        }
        if inFolder {
            if let stale = removeStaleOutputs(plan, because: "the family has nothing to report now") {
                outcome.warnings.append(stale)
            }
            (outcome.mail.written, outcome.mail.sent) = (outcome.files.count, sent.count)
            try ManifestRecord.write(
                outcome,
                root: root,
                range: plan.jobRange,
                zone: plan.zone,
                clock: options.clock,
                delivery: records
            )
        }
        return outcome
    }

    /// What a dry run lists: the files the job would write, and the recaps it would write (and send).
    private func dryRunOutcome(_ plan: FamilyPlan) throws -> FamilyOutcome {
        var planned =
            plan.recapOnly
            ? [] : BatchRunner.expectedFiles(job, family: plan.data.family, today: plan.today, jobRange: plan.jobRange)
        if let deliver = job.delivery {
            let recipients = try RecapStage.recipients(deliver, data: plan.data, source: source)
            planned += recipients.recipients.map { (RecapEmail.fileName(for: $0.address.email), "eml") }
        }
        return FamilyOutcome(
            family: family,
            folder: plan.folder,
            status: plan.recapOnly ? .skippedNoData : .ok,
            files: planned.map { ManifestFile(name: $0.name, format: $0.format, bytes: 0, sha256: "", rows: nil) },
            warnings: [],
            range: plan.jobRange.from...plan.jobRange.to
        )
    }

    /// Removes what an earlier run of the same days wrote that this run does not; the warning
    /// naming the files, or nil when there were none.
    private func removeStaleOutputs(_ plan: FamilyPlan, because reason: String) -> String? {
        removeStaleOutputs(in: plan.folder, today: plan.today, range: plan.jobRange, because: reason)
    }

    private func removeStaleOutputs(
        in folder: String,
        today: CivilDate,
        range: DateRange,
        because reason: String
    ) -> String? {
        let names = BatchRunner.expectedFiles(job, family: family, today: today, jobRange: range).map(\.name)
        let stale = Self.removeEarlierOutputs(names, in: folder)
        return stale.isEmpty ? nil : "removed \(stale.joined(separator: ", ")), written by an earlier run: \(reason)"
    }

    /// A failed family leaves no outputs behind, only its manifest saying why; every would-be
    /// recipient is counted (docs/delivery.md): none of them got the week's message, but for
    /// the messages already sent, whose records and `.eml` stay: also those of an earlier run
    /// when this one failed before it read them.
    private func failedOutcome(_ error: any Error, progress: SoFar) -> FamilyOutcome {
        let sentFiles = Set((progress.sent ?? []).compactMap(\.file))
        for file in progress.written where !sentFiles.contains((file.path as NSString).lastPathComponent) {
            unlink(file.path)
        }
        var progress = progress
        if progress.range == nil { placeWithoutRows(&progress) }
        var warnings: [String] = []
        // Only a folder of this family's own, made without following a link, is touched.
        if !options.dryRun, progress.ownsFolder, let range = progress.range,
            (try? AtomicFile.ensureFolder(progress.folder, inside: root)) != nil
        {
            // Failed before the earlier manifest was read: read now, before this run's replaces it.
            if progress.sent == nil, job.delivery != nil {
                progress.sent = ManifestDocument.sentRecords(in: progress.folder)
            }
            let today = options.today ?? progress.zone.date(of: options.clock.now)
            if let stale = removeStaleOutputs(
                in: progress.folder,
                today: today,
                range: range,
                because: "this run failed, and a folder holds only what its manifest lists"
            ) {
                warnings.append(stale)
            }
        }
        let sent = progress.sent ?? []
        let kept = sent.isEmpty ? [] : Self.keptMessages(sent, in: progress.folder)
        var outcome = FamilyOutcome(
            family: family,
            folder: progress.folder,
            status: .failed(ExitStatus.message(for: error)),
            files: kept,
            warnings: warnings,
            range: progress.range.map { $0.from...$0.to }
        )
        let unsent = job.delivery.map { RecapStage.familyFailedRecipients($0, family: family, source: source) } ?? []
        let delivery = Self.keepingSent(unsent, sent: sent)
        outcome.mail.count(delivery.unsent)
        (outcome.mail.written, outcome.mail.sent) = (kept.count, sent.count)
        if !options.dryRun, progress.ownsFolder, let range = progress.range {
            try? ManifestRecord.write(
                outcome,
                root: root,
                range: range,
                zone: progress.zone,
                clock: options.clock,
                delivery: delivery.records
            )
        }
        return outcome
    }

    /// The delivery records of a family that writes no message this run (it failed, or has nothing
    /// to report): each would-be recipient `not sent` and why, but for those a message was sent
    /// to, whose records stay (and any other sent record after them).
    static func keepingSent(
        _ unsent: [RecipientPlan.Skipped],
        sent: [DeliveryRecord]
    )
        -> (records: [DeliveryRecord], unsent: [RecipientPlan.Skipped])
    {
        var sentTo = Dictionary(sent.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        var records: [DeliveryRecord] = []
        var notSent: [RecipientPlan.Skipped] = []
        for skipped in unsent {
            if let record = sentTo.removeValue(forKey: skipped.email.comparisonKey) {
                records.append(record)
            } else {
                records.append(DeliveryRecord(skipped))
                notSent.append(skipped)
            }
        }
        records += sent.filter { sentTo.removeValue(forKey: $0.key) != nil }
        return (records, notSent)
    }

    /// The `.eml` files of the messages sent that lie in `folder`, as the manifest lists them.
    private static func keptMessages(_ sent: [DeliveryRecord], in folder: String) -> [ManifestFile] {
        sent.compactMap { record in
            guard let name = record.file, name == (name as NSString).lastPathComponent,
                let digest = try? FileDigest.sha256(ofFile: (folder as NSString).appendingPathComponent(name))
            else { return nil }
            return ManifestFile(name: name, format: "eml", bytes: digest.bytes, sha256: digest.hex, rows: nil)
        }
    }

    /// The rows did not load, so the player's zone is unknown: the job's fixed zone, else UTC,
    /// places the folder.
    private func placeWithoutRows(_ progress: inout SoFar) {
        if case .fixed(let fixed) = job.timezone { progress.zone = fixed }
        progress.range = try? job.range.range(today: options.today ?? progress.zone.date(of: options.clock.now))
        if let range = progress.range,
            let placed = try? BatchRunner.folder(for: family, pattern: job.folder, range: range, root: root)
        {
            progress.folder = placed
            progress.ownsFolder = (try? claims.claim(placed, for: family)) != nil
        }
    }

    /// Removes the regular files of these names from `folder`; returns the names removed.
    static func removeEarlierOutputs(_ names: [String], in folder: String) -> [String] {
        names.filter { name in
            let path = (folder as NSString).appendingPathComponent(name)
            var info = stat()
            guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return false }
            return unlink(path) == 0
        }
    }
}
