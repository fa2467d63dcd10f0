import Aggregation
import Core

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
    /// When the run started, Unix seconds of the wall clock (for summarize, its earliest shard's
    /// start, when their files say); the app's cron_runs row starts there.
    package var startedAt: Double?
    /// Monitors that could not be told the run started (the start ping, the app's cron_runs).
    package var monitorWarnings: [String] = []
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
