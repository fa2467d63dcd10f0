import Aggregation
import AppStore
import Core
import Delivery
import Exporters
import Foundation

/// `run JOB --family ID --send-test ADDRESS` (docs/delivery.md, "A test send"): the family's
/// recap as the job would write it for a member, sent to ADDRESS alone, its subject starting
/// "[Test] ". The job's files are written to a temporary folder for the attachments and
/// removed; nothing goes to the output root, no delivery record is kept and no unsubscribe
/// link is made. ADDRESS gets the personal items of the family's member whose address it is,
/// and none when it is no member's (docs/season.md §4).
package enum TestSend {
    /// Sends the test; the line that says what was sent.
    /// - Throws: `UsageError` (no `deliver`, `via: none`, no database, an unknown family),
    ///   `NoDataError` (3) when the family has nothing to send, `RuntimeFailure` (1) when the
    ///   server did not take the message; the database's errors as a run's.
    package static func send(
        _ job: BatchJob,
        familyID: String,
        to address: MIMEMessage.Address,
        options: BatchOptions
    ) throws -> String {
        guard let deliver = job.delivery else {
            throw UsageError("\(job.file): --send-test sends the job's recap, and the job has no 'deliver.email'")
        }
        guard let sender = job.mail?.sender else {
            throw UsageError("\(job.file): --send-test needs a 'via' that sends (the job's is none)")
        }
        guard let database = options.database ?? job.database else {
            throw UsageError("\(job.file): no database; give 'database' in the job file or --db")
        }
        let opened = try OpenDatabase(database, scope: .families([familyID]), busyTimeout: options.sqliteBusyTimeout)
        defer { opened.close() }
        let family = try opened.source.family(id: familyID)
        let folder = (NSTemporaryDirectory() as NSString).appendingPathComponent(
            "report-batch-test-send-\(UUID().uuidString.prefix(8))"
        )
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var sending = options
        sending.root = folder
        let run = FamilyRun(
            family: family,
            job: job,
            source: opened.source,
            root: folder,
            options: sending,
            claims: FolderClaims()
        )
        var progress = FamilyRun.SoFar(folder: folder)
        let plan = try FamilyPlan.make(run, progress: &progress)
        if plan.nothingToReport { throw NoDataError(familyID: familyID) }
        try CLibraryEnvironment.prepare(fonts: job.writesPDF)
        try AtomicFile.ensureFolder(plan.folder, inside: folder)
        if !plan.recapOnly { try OutputStage(run: run, plan: plan).write(into: &progress.written) }
        let stage = RecapStage(run: run, plan: plan, deliver: deliver, sentBefore: [:])
        guard let (recap, _) = try stage.recap(attaching: progress.written) else {
            throw NoDataError(familyID: familyID)
        }
        let member = plan.data.members.first { member in
            plan.data.users[member.userID].map { $0.email.comparisonKey == address.email.comparisonKey } ?? false
        }
        var message = recap.message(to: address, userID: member?.userID, unsubscribe: nil)
        message.subject = "[Test] " + message.subject
        let outcome = sender.send(message.bytes(), from: deliver.from, to: address)
        guard outcome.accepted else {
            throw RuntimeFailure("the test recap to \(address.email) was not sent: \(outcome.reply)")
        }
        let whose =
            member.map { "as \(Display.oneLine(plan.data.users[$0.userID]?.fullName ?? $0.userID)) gets it" }
            ?? "without personal items (the address is no member's)"
        return "test recap of \(Display.oneLine(family.displayName)) sent to \(address.email), \(whose)"
    }
}
