import Aggregation
import ArgumentParser
import Batch
import Core
import Delivery
import Foundation
import Synchronization

struct Run: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run a batch job: every output of the job file for every family it names.",
        discussion: """
            The main job of report-batch, e.g. every Monday from cron. Each family's rows are read once; its files go \
            into its own folder under the output root, with a manifest.json (files, sizes, SHA-256, rows, range, zone, \
            status). A family that fails is recorded and the run goes on. The summary is printed and written as \
            summary.txt and summary.html in the output root. Exit codes: 0 all ok or skipped (no data), 4 some families \
            failed, 1 every family failed, 64 a bad job file, 65 a table or column missing, 66 no database file, 69 the database server unreachable, 75 another run holds the output root, 77 the database refused the login or would hide rows.

            With --shards N the run is one of N shards, on as many processes or machines: it runs the families whose id \
            hashes to its K (FNV-1a 64 of the id, mod N), writes their folders and an outcome file shards/K-of-N.json \
            instead of the summary, and exits 0 once that file is written (1 when every one of its families failed). \
            `report-batch summarize` then writes the run's summary. Every shard must have the same job file, --db and --now.

            With --family ID --send-test ADDRESS, one family's recap is sent to ADDRESS alone as a test, its subject \
            starting "[Test] ", and nothing is written to the output root.

            Examples:
              report-batch run weekly.yaml --db app.db --out /srv/recruiting/weekly
              report-batch run weekly.yaml --db app.db --out /srv/shared/weekly --shards 4 --shard 2 --now 2026-11-23T09:00:00Z
            """
    )

    @Argument(help: "The job file (YAML), e.g. weekly.yaml.")
    var job: String

    @Option(
        help: ArgumentHelp(
            "The database (a SQLite file or a postgresql:// URI); overrides the job file's 'database'.",
            valueName: "file-or-uri"
        )
    )
    var db: String?

    @Option(help: "The output root; overrides the job file's 'output.root'.")
    var out: String?

    @Option(help: "The run's clock, ISO 8601 with an offset. Default: SOURCE_DATE_EPOCH, else the system time.")
    var now: String?

    @Option(
        help: "The day presets end on (YYYY-MM-DD), for back-fills. Default: the clock's date in each family's zone."
    )
    var today: String?

    @OptionGroup var templates: TemplateOptions

    @Flag(help: "Print the files the run would write, and write nothing.")
    var dryRun = false

    @Flag(
        help:
            "Send the recap e-mails again to recipients an earlier run of the same days already reached (they are skipped otherwise)."
    )
    var resend = false

    @Option(
        help: ArgumentHelp(
            "Split the run into N shards (1 to 1024), this process running one of them (--shard, or the JOB_COMPLETION_INDEX variable of a Kubernetes Indexed Job). Needs --now. --shards 1 is the whole run.",
            valueName: "N"
        )
    )
    var shards: Int?

    @Option(
        help: ArgumentHelp(
            "This process's shard, from 0 to N − 1. Default: the JOB_COMPLETION_INDEX variable.",
            valueName: "K"
        )
    )
    var shard: Int?

    @Option(
        help:
            "How many families to run at once (1 to 256), each on its own thread with its own database connection. Default: one per core. More than the cores helps only when writing waits on a slow disk; each worker adds about 25 MB."
    )
    var workers: Int?

    @Option(
        help: ArgumentHelp(
            "With --send-test: the family whose recap is sent as a test (its id; `report-batch families` lists them).",
            valueName: "id"
        )
    )
    var family: String?

    @Option(
        help: ArgumentHelp(
            "Send --family's recap, as the job writes it for a member, to this one address only, its subject starting \"[Test] \": nothing is written to the output root and no delivery is recorded.",
            valueName: "address"
        )
    )
    var sendTest: String?

    @OptionGroup var global: GlobalOptions

    func validate() throws {
        if family != nil, sendTest == nil {
            throw ValidationError(
                "--family is for a test send: give --send-test ADDRESS too (a run runs the job's families)"
            )
        }
        guard let sendTest else { return }
        guard family != nil else {
            throw ValidationError("--send-test needs --family ID, the family whose recap it sends")
        }
        guard MIMEMessage.Address(email: sendTest) != nil else {
            throw ValidationError(
                "--send-test must be one e-mail address, e.g. you@example.com (got \(Quote.value(sendTest)))"
            )
        }
        if shards != nil || shard != nil || dryRun || resend {
            throw ValidationError("--send-test sends one message: it takes no --shards, --shard, --dry-run or --resend")
        }
    }

    func run() throws {
        Console.configure(global)
        var status: ExitStatus = .success
        try runMapped {
            let job = try BatchJob.load(self.job)
            job.permissions.apply()
            let options = try batchOptions()
            if let family, let sendTest, let address = MIMEMessage.Address(email: sendTest) {
                try Console.output(try TestSend.send(job, familyID: family, to: address, options: options) + "\n")
                return
            }
            // The monitors hear of a run that is not a dry run, from its start to its exit (docs/cli.md).
            let monitor = dryRun || !job.isWatched ? nil : RunMonitor(job: job, shard: options.shard)
            var monitored = options
            if let monitor {
                monitored.monitorWarnings = monitor.start()
                monitored.monitorWarnings.forEach(Console.warning)
            }
            do {
                let progress = RunProgress(dryRun: dryRun)
                let summary = try BatchRunner.run(job, options: monitored, progress: progress.report)
                progress.end()
                status = try report(summary, options: options, progress: progress)
                monitor?.finish(status: status, summary: summary, error: nil).forEach(Console.warning)
            } catch {
                monitor?.finish(status: ExitStatus.of(error), summary: nil, error: ExitStatus.message(for: error))
                    .forEach(Console.warning)
                throw error
            }
        }
        if status != .success { throw ExitCode(status.rawValue) }
    }

    /// Prints what the run did and returns its exit status (a dry run's and a shard's their own).
    private func report(_ summary: BatchSummary, options: BatchOptions, progress: RunProgress) throws -> ExitStatus {
        if dryRun {
            if let failure = progress.outputFailure { throw failure }
            try Console.output(
                (options.shard.map { "shard \($0.name): " } ?? "") + summary.line + " (dry run: nothing written)\n"
            )
            return .success
        }
        Console.mailServerDown(summary)
        if let shard = options.shard, let file = summary.outcomeFile {
            // --quiet: the outcome file says it all; summarize speaks for the run.
            if !global.quiet {
                try Console.output(
                    "shard \(shard.name): \(summary.line); outcomes in \(file) "
                        + "(`report-batch summarize \(summary.root)` writes the run's summary once every shard is done)\n"
                )
            }
            return summary.exitStatus
        }
        do {
            try Console.summary(summary, quiet: global.quiet)
        } catch {
            // The files and summary.txt are written: the run's own status stands, with one line to say stdout failed.
            Console.error(
                "\(ExitStatus.message(for: error)); the run finished and wrote its summary to "
                    + Quote.path((summary.root as NSString).appendingPathComponent("summary.txt"))
            )
        }
        return summary.exitStatus
    }

    /// The run's options from the command line.
    private func batchOptions() throws -> BatchOptions {
        var options = BatchOptions(clock: try RunClock.resolve(now: now), templates: try templates.load())
        options.database = db
        options.root = out
        options.today = try today.map { try RunClock.parseDay($0, option: "--today") }
        options.dryRun = dryRun
        options.resend = resend
        if let workers {
            guard (1...256).contains(workers) else {
                throw UsageError("--workers must be from 1 to 256 (got \(workers))")
            }
            options.workers = workers
        }
        options.shard = try shardOption(clock: options.clock)
        return options
    }

    /// The shard this process runs, or nil for the whole run (`--shards 1`, or no `--shards`).
    private func shardOption(clock: RunClock) throws -> Shard? {
        guard let shards else {
            if shard != nil { throw UsageError("--shard needs --shards N, the number of shards of the run") }
            return nil
        }
        let index =
            shards == 1
            ? (shard ?? 0) : try Shard.index(option: shard, environment: ProcessInfo.processInfo.environment)
        let shard = try Shard(index: index, count: shards)
        guard shards > 1 else { return nil }
        guard clock.source != RunClock.system else {
            throw UsageError(
                "--shards needs --now (or SOURCE_DATE_EPOCH): every shard of a run must have the same clock, "
                    + "e.g. --now \"$(date -u +%Y-%m-%dT09:00:00Z)\" in each"
            )
        }
        return shard
    }
}
