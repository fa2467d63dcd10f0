import Aggregation
import Exporters
import Delivery
import Foundation
import ReportGen
import Core

/// The last stage of a family's run: its outcome and `manifest.json` (docs/cli.md, "What a
/// run does"), with each recap's record — written, sent now or before, failed, or not sent
/// and why — kept up to date as the messages leave.
struct ManifestRecord {
    private(set) var outcome: FamilyOutcome
    private let run: FamilyRun
    private let plan: FamilyPlan
    /// One record per recap, in the recaps' order, then those not sent.
    private var records: [JSONValue]
    private let notSent: [JSONValue]

    init(run: FamilyRun, plan: FamilyPlan, written: [WrittenFile], warnings: [String], recaps: RecapStage.Written,
         sentBefore: [String: JSONValue]) throws {
        self.run = run
        self.plan = plan
        let files = try written.map(Self.manifestFile)
        var warnings = warnings + Array(Set(written.flatMap(\.warnings))).sorted()
        if !plan.leftOut.isEmpty { warnings.insert(ReportText.leftOutLine(plan.leftOut) + " (manifest.json lists them)", at: 0) }
        warnings += recaps.skipped.filter { $0.reason == .invalidAddress }.map(Self.invalidAddressWarning)
        outcome = FamilyOutcome(family: run.family, folder: plan.folder, status: plan.recapOnly ? .skippedNoData : .ok, files: files,
                                warnings: warnings, range: plan.jobRange.from...plan.jobRange.to)
        outcome.mail.written = recaps.recaps.count
        outcome.mail.count(recaps.skipped)
        records = recaps.recaps.map { recap in sentBefore[recap.recipient] ?? recap.record(status: "written") }
        notSent = Self.records(recaps.skipped)
    }

    /// Writes the manifest as it stands.
    func save() throws {
        try Self.write(outcome, root: run.root, range: plan.jobRange, zone: plan.zone, clock: run.options.clock, leftOut: plan.leftOut,
                       delivery: records + notSent)
    }

    /// A message an earlier run of the same days sent, counted as sent and not sent again.
    mutating func countSentEarlier() { outcome.mail.sent += 1 }

    /// Records what became of `recap`'s message, and counts it; a failure fails the family,
    /// a server taken as down leaves the message not sent.
    mutating func note(_ result: MailSender.Outcome, of recap: RecapStage.Recap, at index: Int, clock: RunClock) {
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

    /// The summary's line for an address that is not one mailbox: the value as stored, and its row.
    private static func invalidAddressWarning(_ skipped: RecipientPlan.Skipped) -> String {
        "not sent: invalid address \(Quote.value(skipped.email))" + (skipped.userID.map { " (users row \(Quote.value($0)))" } ?? "")
    }

    /// The manifest's records of the recipients who get no message, and why.
    static func records(_ skipped: [RecipientPlan.Skipped]) -> [JSONValue] {
        skipped.map { skipped in
            .object([("recipient", .string(skipped.email)), ("user", .string(skipped.userID)), ("messageId", .null), ("file", .null),
                     ("status", .string("not sent: \(skipped.reason.rawValue)")), ("sentAt", .null), ("reply", .null)])
        }
    }

    /// The delivery records with status `sent` of the manifest in `folder`, by recipient.
    static func sentRecords(in folder: String) -> [String: JSONValue] {
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

    private static func manifestFile(_ file: WrittenFile) throws -> ManifestFile {
        let digest = try FileDigest.sha256(ofFile: file.path)
        return ManifestFile(name: (file.path as NSString).lastPathComponent, format: file.format, bytes: digest.bytes,
                            sha256: digest.hex, rows: file.rows)
    }

    /// Writes `outcome`'s manifest into its folder, atomically.
    static func write(_ outcome: FamilyOutcome, root: String, range: DateRange, zone: Zone, clock: RunClock,
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
