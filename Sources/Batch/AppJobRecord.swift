import Core
import Foundation
import PostgresClient

/// The run's row in the app's `public.cron_runs` (the app's migration 20260825000000;
/// docs/cli.md, "Watching the run"), written as the app's own jobs write theirs: `running`
/// at the start, then `success`, `partial` or `error` with the counts and the duration.
/// Best effort: a connection and a statement timeout of 10 s, and every failure a warning.
/// Each write has a connection of its own, never the snapshot's.
package final class AppJobRecord {
    private let target: String
    private let jobName: String
    /// The row's id, once the insert has returned it.
    private var id: String?

    package init(target: String, jobName: String) {
        self.target = target
        self.jobName = jobName
    }

    /// How a run ended, in the table's words.
    package struct Ending: Sendable {
        package var status: String
        package var processed: Int?
        package var failed: Int?
        package var error: String?
    }

    /// Inserts the `running` row; a warning when it could not.
    package func start(at started: Date) -> String? {
        do {
            let connection = try connect()
            let rows = try connection.query(
                "INSERT INTO public.cron_runs (job_name, status, started_at) VALUES ($1, 'running', $2::timestamptz) RETURNING id",
                [jobName, Self.timestamp(started)]
            )
            id = rows.rows.first?.first ?? nil
            return id == nil ? "the app's cron_runs: the insert returned no id; the run is not recorded there" : nil
        } catch {
            return "the app's cron_runs could not be written (the run is not recorded there): \(Self.reason(error))"
        }
    }

    /// Sets the row's ending; nothing when the start was not recorded. A warning when it could not.
    package func finish(_ ending: Ending, started: Date, finished: Date) -> String? {
        guard let id else { return nil }
        let milliseconds = (finished.timeIntervalSince(started) * 1000).rounded()
        let duration = String(Int(min(Double(Int32.max), max(0, milliseconds))))
        do {
            try connect().query(
                """
                UPDATE public.cron_runs SET status = $2, finished_at = $3::timestamptz, duration_ms = $4::integer,
                rows_processed = $5::integer, rows_failed = $6::integer, error = $7 WHERE id = $1::uuid
                """,
                [
                    id, ending.status, Self.timestamp(finished), duration,
                    ending.processed.map(String.init), ending.failed.map(String.init),
                    ending.error.map { Self.withoutSecrets(String($0.prefix(1000))) },
                ]
            )
            return nil
        } catch {
            return "the app's cron_runs row could not be updated (it stays 'running'): \(Self.reason(error))"
        }
    }

    private func connect() throws -> PGConnection {
        try PGConnection(
            target,
            applicationName: "report-batch",
            settings: [("connect_timeout", "10"), ("options", "-c statement_timeout=10000")]
        )
    }

    /// A libpq message on one line, without a URI's password.
    static func reason(_ error: any Error) -> String {
        let text = (error as? PGError)?.message ?? "\(error)"
        let line = text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }.joined(separator: "; ")
        return Display.oneLine(withoutSecrets(line))
    }

    /// Any `scheme://user:password@` written as `scheme://user@`.
    static func withoutSecrets(_ text: String) -> String {
        text.replacingOccurrences(of: "://([^:/@\\s]*):[^@/\\s]*@", with: "://$1@", options: .regularExpression)
    }

    /// ISO 8601 in UTC with milliseconds, as PostgreSQL reads a timestamptz.
    static func timestamp(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        formatter.timeZone = TimeZone(identifier: "UTC")
        return formatter.string(from: date)
    }
}
