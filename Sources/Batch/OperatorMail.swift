import Aggregation
import Core
import Crypto
import Delivery
import Foundation

/// The run's summary e-mailed to the job's operator (`deliver.email.operator`; docs/delivery.md,
/// "The operator's e-mail"): the summary's text and html as written, the failed families
/// first, through the job's own transport, when a family failed or the run stopped before its
/// families (or after every run with `operator_on: always`). Never a family's files or figures.
package enum OperatorMail {
    /// Sends it when it is due; a warning when it could not be sent, nil otherwise.
    package static func send(
        job: BatchJob,
        status: ExitStatus,
        summary: BatchSummary?,
        html: String?,
        error: String?
    ) -> String? {
        guard let delivery = job.delivery, let address = delivery.operatorAddress else { return nil }
        let due = delivery.operatorAlways || status != .success || (summary?.failed ?? 0) > 0
        guard due, let sender = job.mail?.sender else { return nil }
        let message = self.message(
            job: job,
            from: delivery.from,
            to: address,
            status: status,
            summary: summary,
            html: html,
            error: error
        )
        let outcome = sender.send(message.bytes(), from: delivery.from, to: address)
        return outcome.accepted ? nil : "the operator's e-mail to \(address.email) was not sent: \(outcome.reply)"
    }

    static func message(
        job: BatchJob,
        from: MIMEMessage.Address,
        to address: MIMEMessage.Address,
        status: ExitStatus,
        summary: BatchSummary?,
        html: String?,
        error: String?
    ) -> MIMEMessage {
        let now = Date().timeIntervalSince1970
        let line = summary?.line ?? "the run stopped before its families"
        let text =
            summary?.text
            ?? "report-batch run of \(job.name)\n\(line)\nexit code: \(status.rawValue) (\(RunMonitor.meaning(status, nil)))\n"
            + (error.map { "error: \(Display.oneLine($0))\n" } ?? "")
        let page = html ?? "<!doctype html><meta charset=\"utf-8\"><pre>\(escape(text))</pre>"
        let digest = SHA256.hash(data: Data("\(job.name)\u{0}\(now)\u{0}\(address.email)".utf8)).prefix(16).hex
        let domain = from.email.split(separator: "@").last.map(String.init) ?? "report-batch.invalid"
        var message = MIMEMessage(
            from: from,
            to: address,
            subject: "report-batch \(job.name): \(line) (exit \(status.rawValue))",
            date: Instant(seconds: Int64(now)),
            messageID: digest + "@" + domain,
            text: text,
            html: page
        )
        message.headers = [("Auto-Submitted", "auto-generated")]
        return message
    }

    private static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
    }
}
