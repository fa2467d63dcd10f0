import Aggregation
import Batch
import Core
import Foundation
import ReportGen
import TestSupport

/// Runs a batch job in the test's process: the job's YAML written beside the database, the
/// run's clock fixed at 2026-11-23T06:00:00Z, the output root `out` in the same folder.
package enum JobRun {
    package static let clock = RunClock(now: Instant(seconds: 1_795_413_600), source: "test")

    package static func run(
        _ yaml: String,
        database: String,
        in folder: TemporaryFolder,
        templates: RunTemplates? = nil,
        workers: Int? = nil,
        busyTimeout: Double? = nil,
        progress: @Sendable (BatchRunner.Event) -> Void = { _ in }
    ) throws -> BatchSummary {
        let path = folder.file("job.yaml")
        try yaml.write(toFile: path, atomically: true, encoding: .utf8)
        var options = BatchOptions(clock: clock, templates: try templates ?? RunTemplates.builtIn())
        options.database = database
        options.root = folder.file("out")
        options.workers = workers
        options.sqliteBusyTimeout = busyTimeout
        return try BatchRunner.run(try BatchJob.load(path), options: options, progress: progress)
    }
}
