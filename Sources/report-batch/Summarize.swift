import ArgumentParser
import Batch
import Core
import Foundation

struct Summarize: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Merge the outcome files of a sharded run into its summary.",
        discussion: """
            Reads OUT_ROOT/shards/K-of-N.json, written by each `run --shards N`, and writes summary.txt and \
            summary.html into OUT_ROOT, the same bytes a whole run writes (same order, same templates: give the same \
            --templates as the run). Exit codes: 0 every family ok or skipped, 4 some failed, 1 every family failed or \
            a shard has no outcome file yet (they are named), 65 files that are not the shards of one run (another job \
            file, clock, shard count or database), 75 a shard still running. With --job, the job file the shards \
            ran, its monitors (the app's cron_runs, the end ping, metrics) and its operator's e-mail hear of the \
            sharded run from here, as from a whole run; its shards tell them nothing.

            Example:
              report-batch summarize /srv/shared/weekly --job weekly.yaml
            """
    )

    @Argument(help: ArgumentHelp("The output root the shards wrote into.", valueName: "out-root"))
    var root: String

    @OptionGroup var templates: TemplateOptions

    @Option(
        help: ArgumentHelp(
            "The job file the shards ran: its monitors (the app's cron_runs, the end ping, metrics) and its operator's e-mail hear of the run from summarize, as from a whole run.",
            valueName: "job"
        )
    )
    var job: String?

    @OptionGroup var global: GlobalOptions

    func run() throws {
        Console.configure(global)
        var status: ExitStatus = .success
        try runMapped {
            let job = try self.job.map { try BatchJob.load($0) }
            do {
                let summary = try merge(job)
                status = summary.exitStatus
                if let job, job.isWatched {
                    let started = summary.startedAt.map { Date(timeIntervalSince1970: $0) } ?? Date()
                    let monitor = RunMonitor(job: job, shard: nil, started: started)
                    monitor.start(ping: false).forEach(Console.warning)
                    monitor.finish(status: status, summary: summary, error: nil).forEach(Console.warning)
                }
                try Console.summary(summary, quiet: global.quiet)
            } catch {
                // A job file the shards did not run has no business hearing of their run.
                if let job, job.isWatched, (error as? ShardSetError)?.isOtherJob != true {
                    let monitor = RunMonitor(job: job, shard: nil)
                    monitor.start(ping: false).forEach(Console.warning)
                    monitor.finish(status: ExitStatus.of(error), summary: nil, error: ExitStatus.message(for: error))
                        .forEach(Console.warning)
                }
                throw error
            }
        }
        if status != .success { throw ExitCode(status.rawValue) }
    }

    /// Merges the outcome files into the run's summary, alone on the root.
    private func merge(_ job: BatchJob?) throws -> BatchSummary {
        let templates = try templates.load()
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root, isDirectory: &isFolder), isFolder.boolValue else {
            throw RuntimeFailure("no shard outcome files: the output root \(Quote.path(root)) does not exist")
        }
        // Alone on the root: no shard may still be writing (they hold its lock shared).
        let lock = try OutputLock(root: root)
        defer { withExtendedLifetime(lock) {} }
        let summary = try ShardOutcomes.summarize(root: root, templates: templates.summary, job: job)
        Console.mailServerDown(summary)
        return summary
    }
}
