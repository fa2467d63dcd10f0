import Core
import Foundation

/// The last run's figures as Prometheus gauges (docs/cli.md, "Watching the run"): counts
/// only, never a family's name or data. Times are Unix seconds of the wall clock, not the
/// run's clock (`--now` moves the report's dates, not the monitors').
package struct RunMetrics: Sendable, Equatable {
    package var ok = 0, skipped = 0, failed = 0
    package var sent = 0, notSent = 0, messagesFailed = 0
    package var filesWritten = 0, bytesWritten = 0
    package var duration = 0.0
    package var lastRun = 0.0
    /// This run's end when it succeeded (exit 0), else the previous success's, if known.
    package var lastSuccess: Double?

    package init() {}

    /// The figures of a run's summary (none when the run stopped before its families).
    package init(summary: BatchSummary?, duration: Double, end: Double, succeeded: Bool) {
        if let summary {
            ok = summary.ok
            skipped = summary.skipped
            failed = summary.failed
            for outcome in summary.outcomes {
                sent += outcome.mail.sent
                notSent += outcome.mail.notSentTotal
                messagesFailed += outcome.mail.failed
                filesWritten += outcome.files.count
                bytesWritten += outcome.files.reduce(0) { $0 + $1.bytes }
            }
        }
        self.duration = duration
        lastRun = end
        lastSuccess = succeeded ? end : nil
    }

    /// The exposition text (Prometheus' text format 0.0.4): HELP and TYPE lines, then each
    /// sample with `labels` (name and value, the value escaped). The last-success gauge is
    /// left out when unknown, or when `withLastSuccess` is false (a push after a failure,
    /// so that the gateway keeps the one it holds).
    package func exposition(labels: [(String, String)], withLastSuccess: Bool = true) -> String {
        var text = ""
        func gauge(_ name: String, _ help: String, _ samples: [(extra: (String, String)?, value: String)]) {
            text += "# HELP \(name) \(help)\n# TYPE \(name) gauge\n"
            for sample in samples {
                let all = labels + (sample.extra.map { [$0] } ?? [])
                let set =
                    all.isEmpty ? "" : "{" + all.map { "\($0.0)=\"\(Self.escape($0.1))\"" }.joined(separator: ",") + "}"
                text += "\(name)\(set) \(sample.value)\n"
            }
        }
        gauge(
            "report_batch_families",
            "Families of the last run by outcome.",
            [
                (("outcome", "ok"), "\(ok)"), (("outcome", "skipped"), "\(skipped)"),
                (("outcome", "failed"), "\(failed)"),
            ]
        )
        gauge(
            "report_batch_messages",
            "Recap e-mails of the last run by outcome.",
            [
                (("outcome", "sent"), "\(sent)"), (("outcome", "not_sent"), "\(notSent)"),
                (("outcome", "failed"), "\(messagesFailed)"),
            ]
        )
        gauge("report_batch_files_written", "Files the last run wrote for its families.", [(nil, "\(filesWritten)")])
        gauge("report_batch_bytes_written", "Bytes of the files the last run wrote.", [(nil, "\(bytesWritten)")])
        gauge(
            "report_batch_duration_seconds",
            "How long the last run took, in seconds.",
            [(nil, Self.number(duration))]
        )
        gauge(
            "report_batch_last_run_timestamp_seconds",
            "When the last run ended, in Unix seconds.",
            [(nil, Self.number(lastRun))]
        )
        if withLastSuccess, let lastSuccess {
            gauge(
                "report_batch_last_success_timestamp_seconds",
                "When the last run that exited 0 ended, in Unix seconds.",
                [(nil, Self.number(lastSuccess))]
            )
        }
        return text
    }

    /// The last-success time a previous textfile holds, if it holds one that reads as a number.
    package static func lastSuccess(inExposition text: String) -> Double? {
        for line in text.split(separator: "\n") where line.hasPrefix("report_batch_last_success_timestamp_seconds") {
            guard let value = line.split(separator: " ").last.flatMap({ Double($0) }), value.isFinite, value >= 0
            else { continue }
            return value
        }
        return nil
    }

    /// A label value as the text format wants it: backslash, quote and line feed escaped.
    static func escape(_ value: String) -> String {
        value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            .replacingOccurrences(of: "\n", with: "\\n")
    }

    /// Seconds with at most three decimals, without an exponent.
    static func number(_ value: Double) -> String {
        let milliseconds = (value * 1000).rounded()
        guard milliseconds.isFinite, abs(milliseconds) < 1e15 else { return "0" }
        let whole = Int64(milliseconds)
        let fraction = abs(whole % 1000)
        let integer = whole / 1000
        return fraction == 0
            ? "\(integer)"
            : "\(integer)."
                + String(String(fraction + 1000).dropFirst()).replacingOccurrences(
                    of: "0+$",
                    with: "",
                    options: .regularExpression
                )
    }
}
