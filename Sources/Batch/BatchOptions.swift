import Aggregation

/// What a run is told on the command line.
package struct BatchOptions: Sendable {
    package var database: String?
    package var root: String?
    package var clock: RunClock
    package var today: CivilDate?
    package var dryRun = false
    package var templates: RunTemplates
    /// How many families run at once; nil means one per core.
    package var workers: Int?
    /// Send again to recipients an earlier run of the same days already reached.
    package var resend = false
    /// This process's part of a run split over several (nil: the whole run).
    package var shard: Shard?
    /// How long a read of a SQLite file waits for a writer's lock (nil: `REPORT_BATCH_SQLITE_BUSY_TIMEOUT`, else 30 s).
    package var sqliteBusyTimeout: Double?
    /// Monitors that could not be told the run started (docs/cli.md, "Watching the run"), for the summary.
    package var monitorWarnings: [String] = []

    package init(clock: RunClock, templates: RunTemplates) {
        self.clock = clock
        self.templates = templates
    }
}
