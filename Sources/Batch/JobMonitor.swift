import Core
import Foundation

/// A job file's `monitor:` section (docs/cli.md, "Watching the run"): where a run reports
/// that it started and how it ended. Every part is optional and best effort: a monitor that
/// cannot be reached is a warning, never a changed exit code.
package struct JobMonitor: Sendable, Equatable {
    /// `app_jobs_env`: the environment variable holding a PostgreSQL URI for the app's
    /// `public.cron_runs` (the name, never the value).
    package var appJobsEnv: String?
    /// Its value, read when the job is loaded (`BatchJob.load`); never printed.
    package var appJobsURI: String?
    /// `ping_url`: a Healthchecks-style check, pinged at the start and at the end.
    package var ping: MonitorURL?
    /// `ping_exit_codes`: end with `{url}/{exit code}` instead of `{url}/fail`.
    package var pingExitCodes = false
    /// `textfile`: where node_exporter's textfile collector reads the run's metrics.
    package var textfile: String?
    /// `pushgateway`: a Prometheus Pushgateway the run's metrics are pushed to.
    package var pushgateway: MonitorURL?

    package init() {}

    /// Whether any monitor is set.
    package var isEmpty: Bool { self == JobMonitor() }
}
