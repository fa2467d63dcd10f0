import Aggregation
import Core
import Delivery
import Exporters
import Foundation
import ReportGen

/// The last stage of a family's run: its outcome and `manifest.json` (docs/cli.md, "What a
/// run does"), with each recap's record — written, sent now or before, failed, or not sent
/// and why — kept up to date as the messages leave.
struct ManifestRecord {
    private(set) var outcome: FamilyOutcome
    private let run: FamilyRun
    private let plan: FamilyPlan
    /// One record per recap, in the recaps' order, then those not sent.
    private var records: [DeliveryRecord]
    private let notSent: [DeliveryRecord]

    init(
        run: FamilyRun,
        plan: FamilyPlan,
        written: [WrittenFile],
        warnings: [String],
        recaps: RecapStage.Written,
        sentBefore: [String: DeliveryRecord]
    ) throws {
        self.run = run
        self.plan = plan
        let files = try written.map(Self.manifestFile)
        var warnings = warnings + Array(Set(written.flatMap(\.warnings))).sorted()
        if !plan.leftOut.isEmpty {
            warnings.insert(ReportText.leftOutLine(plan.leftOut) + " (manifest.json lists them)", at: 0)
        }
        warnings += recaps.skipped.filter { $0.reason == .invalidAddress }.map(Self.invalidAddressWarning)
        outcome = FamilyOutcome(
            family: run.family,
            folder: plan.folder,
            status: plan.recapOnly ? .skippedNoData : .ok,
            files: files,
            warnings: warnings,
            range: plan.jobRange.from...plan.jobRange.to
        )
        outcome.mail.written = recaps.recaps.count
        outcome.mail.count(recaps.skipped)
        records = recaps.recaps.map { recap in sentBefore[recap.key] ?? recap.record(status: "written") }
        notSent = recaps.skipped.map(DeliveryRecord.init)
    }

    /// Writes the manifest as it stands.
    func save() throws {
        try Self.write(
            outcome,
            root: run.root,
            range: plan.jobRange,
            zone: plan.zone,
            clock: run.options.clock,
            leftOut: plan.leftOut,
            delivery: records + notSent
        )
    }

    /// A message an earlier run of the same days sent, counted as sent and not sent again.
    mutating func countSentEarlier() { outcome.mail.sent += 1 }

    /// Records what became of `recap`'s message, and counts it; a failure fails the family,
    /// a server taken as down leaves the message not sent.
    mutating func note(_ result: MailSender.Outcome, of recap: RecapStage.Recap, at index: Int, clock: RunClock) {
        switch result.kind {
        case .accepted:
            outcome.mail.sent += 1
            records[index] = recap.record(
                status: DeliveryRecord.sentStatus,
                sentAt: clock.now.iso8601,
                reply: result.reply
            )
        case .serverDown:
            outcome.mail.notSent[.serverUnreachable, default: 0] += 1
            records[index] = recap.record(status: "not sent: \(NotSentReason.serverUnreachable.rawValue)")
        case .transient, .permanent, .unreachable:
            outcome.mail.failed += 1
            records[index] = recap.record(status: "failed: \(result.reply)", reply: result.reply)
            if case .failed = outcome.status {
            } else {
                outcome.status = .failed("delivery: \(recap.recipient): \(result.reply)")
            }
        }
    }

    /// The summary's line for an address that is not one mailbox: the value as stored, and its row.
    private static func invalidAddressWarning(_ skipped: RecipientPlan.Skipped) -> String {
        "not sent: invalid address \(Quote.value(skipped.email))"
            + (skipped.userID.map { " (users row \(Quote.value($0)))" } ?? "")
    }

    /// Delivery records by recipient (trimmed and lower-cased), the first of each.
    static func byRecipient(_ records: [DeliveryRecord]) -> [String: DeliveryRecord] {
        Dictionary(records.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The records of the messages sent: this run's and those `earlier` names, earlier ones
    /// this record does not hold after them.
    func sent(after earlier: [DeliveryRecord]) -> [DeliveryRecord] {
        let sent = records.filter(\.wasSent)
        let keys = Set(sent.map(\.key))
        return sent + earlier.filter { !keys.contains($0.key) }
    }

    private static func manifestFile(_ file: WrittenFile) throws -> ManifestFile {
        let digest = try FileDigest.sha256(ofFile: file.path)
        return ManifestFile(
            name: (file.path as NSString).lastPathComponent,
            format: file.format,
            bytes: digest.bytes,
            sha256: digest.hex,
            rows: file.rows
        )
    }

    /// Writes `outcome`'s manifest into its folder, atomically.
    static func write(
        _ outcome: FamilyOutcome,
        root: String,
        range: DateRange,
        zone: Zone,
        clock: RunClock,
        leftOut: [DataIssue] = [],
        delivery: [DeliveryRecord] = []
    ) throws {
        try AtomicFile.ensureFolder(outcome.folder, inside: root)
        let document = ManifestDocument(
            outcome,
            range: range,
            zone: zone,
            generatedAt: clock.now,
            leftOut: leftOut,
            delivery: delivery
        )
        try AtomicFile.write(
            document.serialized(),
            to: (outcome.folder as NSString).appendingPathComponent("manifest.json")
        )
    }
}
