import Aggregation
import AppStore
import Core
import Delivery
import Exporters
import Foundation
import ReportGen

/// The third stage of a family's run: its recap e-mails (docs/delivery.md) written as `.eml`
/// files in its folder, one per recipient, with the job's attachments. A message an earlier
/// run of the same days sent keeps its `.eml` as it was sent, unless the run sends again
/// (`--resend`).
struct RecapStage {
    let run: FamilyRun
    let plan: FamilyPlan
    let deliver: DeliveryJob
    /// The earlier run's sent records, by recipient (`ManifestRecord.byRecipient`).
    let sentBefore: [String: DeliveryRecord]

    /// A recap written for one recipient.
    struct Recap {
        let address: MIMEMessage.Address
        /// The users.id the address came from; nil for a list address.
        let userID: String?
        /// The address as stored, as the manifest names it.
        let recipient: String
        let messageID: String
        let file: WrittenFile
        /// The message's bytes, as its `.eml` holds them (for a message sent before and kept,
        /// those it was sent with).
        let message: Data

        /// The address as recipients are compared (trimmed, lower-cased).
        var key: String { address.email.comparisonKey }

        func record(status: String, sentAt: String? = nil, reply: String? = nil) -> DeliveryRecord {
            DeliveryRecord(
                recipient: recipient,
                user: userID,
                messageId: "<\(messageID)>",
                file: (file.path as NSString).lastPathComponent,
                status: status,
                sentAt: sentAt,
                reply: reply
            )
        }
    }

    /// The recaps written, and the members and addresses that get none (and why).
    struct Written {
        var recaps: [Recap]
        var skipped: [RecipientPlan.Skipped]
    }

    /// The family's recap, made once for all its recipients, and the files left out for their
    /// size; nil for a job without the overview (a job that delivers has it: BatchJob.needsReport).
    func recap(attaching written: [WrittenFile]) throws -> (recap: RecapEmail, leftOut: [String])? {
        guard let report = plan.overview else { return nil }
        let (attached, leftOut) = attachments(from: written)
        let headline = WeekHeadline.make(
            deadlines: report.followUps.deadlines,
            changes: report.changes,
            interactions: report.figures.interactions.total,
            previousInteractions: report.figures.previous.interactionsTotal
        )
        let recap = try RecapEmail(
            report,
            job: deliver,
            subject: subject(headline: headline),
            headline: headline,
            files: attached,
            leftOut: leftOut,
            templates: run.options.templates.email,
            reportPage: reportPage(written)
        )
        return (recap, leftOut)
    }

    /// Writes one message per recipient; the family's words are made once for all of them.
    func write(attaching written: [WrittenFile]) throws -> Written {
        guard let report = plan.overview else { return Written(recaps: [], skipped: []) }
        let recipients = try Self.recipients(deliver, data: report.data, source: run.source)
        guard !recipients.recipients.isEmpty else { return Written(recaps: [], skipped: recipients.skipped) }
        guard let (recap, leftOut) = try recap(attaching: written) else { return Written(recaps: [], skipped: []) }
        let unsubscribe = deliver.unsubscribeURL.flatMap { url in
            run.job.mail?.unsubscribeSecret.map { (url: url, secret: $0) }
        }
        var recaps: [Recap] = []
        for recipient in recipients.recipients {
            let message = recap.message(to: recipient.address, userID: recipient.userID, unsubscribe: unsubscribe)
            let path = (plan.folder as NSString).appendingPathComponent(
                RecapEmail.fileName(for: recipient.address.email)
            )
            let sentEarlier = !run.options.resend && sentBefore[recipient.address.email.comparisonKey] != nil
            let kept = sentEarlier ? Self.regularFileContents(path) : nil
            let bytes = kept ?? message.bytes()
            if kept == nil {
                try AtomicFile.write(to: path) { temporary in try bytes.write(to: URL(fileURLWithPath: temporary)) }
            }
            var file = WrittenFile(path: path, format: "eml", rows: nil)
            if kept == nil, !leftOut.isEmpty {
                file.warnings.append(
                    "not attached to the e-mail (over \(deliver.maxAttachmentMB) MB): \(leftOut.joined(separator: ", "))"
                )
            }
            recaps.append(
                Recap(
                    address: recipient.address,
                    userID: recipient.userID,
                    recipient: recipient.stored,
                    messageID: message.messageID,
                    file: file,
                    message: bytes
                )
            )
        }
        return Written(recaps: recaps, skipped: recipients.skipped)
    }

    /// The bytes of the regular file at `path` (a link is not followed), or nil.
    private static func regularFileContents(_ path: String) -> Data? {
        var info = stat()
        guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        return FileManager.default.contents(atPath: path)
    }

    /// The attachments, by kind and format, up to the size limit; the rest are named in the body.
    private func attachments(from written: [WrittenFile]) -> (attached: [RecapEmail.File], leftOut: [String]) {
        var attached: [RecapEmail.File] = []
        var leftOut: [String] = []
        var total = 0.0
        for spec in deliver.attach {
            let parts = spec.split(separator: ".", maxSplits: 1).map(String.init)
            guard parts.count == 2 else { continue }
            for file in written
            where file.format == parts[1] && (file.path as NSString).lastPathComponent.hasPrefix(parts[0] + "_") {
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
        return (attached, leftOut)
    }

    /// The report's web page and its address, when the job links to it (`report_url`).
    private func reportPage(_ written: [WrittenFile]) -> (url: String, fileName: String)? {
        guard let template = deliver.reportURL,
            let page = written.first(where: {
                $0.format == ReportFormat.html.rawValue && ($0.path as NSString).lastPathComponent.hasPrefix("report_")
            })
        else { return nil }
        let fileName = (page.path as NSString).lastPathComponent
        return (ReportPage.url(template: template, values: placeholderValues, fileName: fileName), fileName)
    }

    /// The folder's placeholders (`BatchJob.placeholders`) and the subject's `family_name`, for this
    /// family and the job's range.
    private var placeholderValues: [String: String] {
        let data = plan.data
        let range = plan.jobRange
        return [
            "family_name": data.family.displayName, "family_slug": data.family.slug, "family_id": data.family.id,
            "from": range.from.description, "to": range.to.description, "preset": range.preset?.rawValue ?? "custom",
        ]
    }

    /// The job's subject with its placeholders filled, short enough for a phone's list of
    /// mail (docs/delivery.md, "The subject").
    private func subject(headline: String) -> String {
        WeekHeadline.fit(
            BatchJob.fill(deliver.subject, placeholderValues.merging(["headline": headline]) { $1 }),
            limit: RecapEmail.subjectLimit
        )
    }

    /// Who gets the family's recap, from its members, their preferences and the opt-out list.
    static func recipients(_ deliver: DeliveryJob, data: FamilyData, source: any FamilySource) throws -> RecipientPlan {
        RecipientPlan.make(
            deliver.to,
            data: data,
            digestOff: try source.weeklyDigestOff(userIDs: data.members.map(\.userID)),
            optedOut: try source.optedOutAddresses()
        )
    }

    /// The recipients a failed family's job would have written to, each `not sent: family
    /// failed`, read from its memberships alone (its other rows may be what failed it).
    static func familyFailedRecipients(
        _ deliver: DeliveryJob,
        family: FamilyUnit,
        source: any FamilySource
    ) -> [RecipientPlan.Skipped] {
        if case .list(let addresses) = deliver.to {
            return addresses.map { RecipientPlan.Skipped(email: $0, userID: nil, reason: .familyFailed) }
        }
        let members = (try? source.members(ofFamily: family.id)) ?? []
        let roles = deliver.to.memberRoles
        return members.filter { $0.role.flatMap(MemberRole.decode).map(roles.contains) ?? false }.map { member in
            RecipientPlan.Skipped(email: member.email ?? "", userID: member.userID, reason: .familyFailed)
        }
    }
}
