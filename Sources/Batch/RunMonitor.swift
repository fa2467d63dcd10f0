import Aggregation
import Core
import CurlClient
import Foundation

/// Tells a job's monitors (`monitor:`, docs/cli.md "Watching the run") that the run started
/// and how it ended: the app's `cron_runs`, the ping URL, the metrics textfile and the
/// Pushgateway, and the operator's e-mail (`deliver.email.operator`). Best effort: each
/// failure is a warning for stderr, never an error. A shard writes its metrics only (labelled
/// with its K); the run's row, pings and e-mail are `summarize`'s. Times are the wall clock's.
package final class RunMonitor {
    private let job: BatchJob
    private let shard: Shard?
    package let started: Date
    private var record: AppJobRecord?

    package init(job: BatchJob, shard: Shard?, started: Date = Date()) {
        self.job = job
        self.shard = shard
        self.started = started
    }

    /// The start ping and the `running` row; the warnings of those that failed.
    package func start(ping: Bool = true) -> [String] {
        var warnings: [String] = []
        guard shard == nil else { return [] }
        if let uri = job.monitor.appJobsURI {
            let record = AppJobRecord(target: uri, jobName: job.name)
            if let warning = record.start(at: started) { warnings.append(warning) }
            self.record = record
        }
        if ping, let url = job.monitor.ping,
            let warning = MonitorCall(
                HTTPRequest(.get, url: url.base + "/start"),
                what: "the start ping to \(url.host)"
            ).send()
        {
            warnings.append(warning)
        }
        return warnings
    }

    /// Reports the run's end: `status` its exit status, `summary` what it did (nil when it
    /// stopped before its families), `error` the one-line reason it stopped. The warnings of
    /// the monitors that failed.
    package func finish(status: ExitStatus, summary: BatchSummary?, error: String?) -> [String] {
        let end = Date()
        let succeeded = status == .success
        let metrics = RunMetrics(
            summary: summary,
            duration: summary?.duration ?? end.timeIntervalSince(started),
            end: end.timeIntervalSince1970,
            succeeded: succeeded
        )
        var warnings: [String] = []
        if let path = job.monitor.textfile,
            let warning = MetricsTextfile.write(
                metrics,
                to: path,
                labels: [("job", job.name), ("shard", "\(shard?.index ?? 0)")]
            )
        {
            warnings.append(warning)
        }
        if let gateway = job.monitor.pushgateway { warnings += push(metrics, to: gateway, succeeded: succeeded) }
        guard shard == nil else { return warnings }
        if let warning = OperatorMail.send(
            job: job,
            status: status,
            summary: summary,
            html: summaryHTML(summary),
            error: error
        ) {
            warnings.append(warning)
        }
        if let record, let warning = record.finish(ending(status, summary, error), started: started, finished: end) {
            warnings.append(warning)
        }
        if let url = job.monitor.ping {
            let path = succeeded ? "" : job.monitor.pingExitCodes ? "/\(status.rawValue)" : "/fail"
            let body = Data(Self.pingBody(status: status, summary: summary).utf8)
            if let warning = MonitorCall(
                HTTPRequest(.post, url: url.base + path, body: body),
                what: "the end ping to \(url.host)"
            )
            .send() {
                warnings.append(warning)
            }
        }
        return warnings
    }

    /// The summary.html the run wrote, for the operator's e-mail (nil when there is none).
    private func summaryHTML(_ summary: BatchSummary?) -> String? {
        guard let summary, summary.text != nil else { return nil }
        let path = (summary.root as NSString).appendingPathComponent("summary.html")
        var info = stat()
        guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_size <= 16 << 20,
            let data = FileManager.default.contents(atPath: path)
        else { return nil }
        return String(data: data, encoding: .utf8)
    }

    /// PUT after a success (every gauge replaced), POST after a failure without the
    /// last-success gauge, which the gateway then keeps from the last success.
    private func push(_ metrics: RunMetrics, to gateway: MonitorURL, succeeded: Bool) -> [String] {
        let key = "/metrics/job/\(job.name)" + (shard.map { "/shard/\($0.index)" } ?? "")
        let request = HTTPRequest(
            succeeded ? .put : .post,
            url: gateway.base + key,
            body: Data(metrics.exposition(labels: [], withLastSuccess: succeeded).utf8),
            contentType: "text/plain; version=0.0.4; charset=utf-8"
        )
        return MonitorCall(request, what: "the push to the Pushgateway at \(gateway.host)").send().map { [$0] } ?? []
    }

    /// The row's ending: success (0), partial (4: families failed, or the mail server down), else error.
    private func ending(_ status: ExitStatus, _ summary: BatchSummary?, _ error: String?) -> AppJobRecord.Ending {
        let processed = summary.map { $0.outcomes.count }
        let failed = summary.map(\.failed)
        switch status {
        case .success: return .init(status: "success", processed: processed, failed: failed, error: nil)
        case .someFamiliesFailed:
            let down =
                summary?.mailServerDown == true ? "the mail server was taken as down: messages were not sent" : nil
            return .init(status: "partial", processed: processed, failed: failed, error: down)
        default:
            let reason = error ?? "exit \(status.rawValue): \(Self.meaning(status, summary))"
            return .init(status: "error", processed: processed, failed: failed, error: Display.oneLine(reason))
        }
    }

    /// The ping's body: the summary's counts and exit lines, never a family's name.
    static func pingBody(status: ExitStatus, summary: BatchSummary?) -> String {
        var lines: [String] = []
        if let summary { lines.append(summary.line) }
        lines.append("exit code: \(status.rawValue) (\(meaning(status, summary)))")
        if let summary, summary.delivers {
            var mail = MailCounts()
            for outcome in summary.outcomes { mail.add(outcome.mail) }
            lines.append(mail.line(sends: summary.sends))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// What an exit code tells cron, in words (docs/cli.md, "Exit codes").
    static func meaning(_ status: ExitStatus, _ summary: BatchSummary?) -> String {
        if let summary, [.success, .failure, .someFamiliesFailed].contains(status) {
            return SummaryTemplates.exitMeaning(summary)
        }
        return switch status {
        case .success: "success"
        case .failure: "failure"
        case .noData: "no data"
        case .someFamiliesFailed: "some families failed"
        case .usage: "usage error"
        case .badData: "bad input data"
        case .inputMissing: "input missing or unreadable"
        case .unavailable: "the database server cannot be reached"
        case .cannotCreateOutput: "output cannot be created"
        case .busy: "another run holds the output root"
        case .accessDenied: "access denied"
        }
    }
}
