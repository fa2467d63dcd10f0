import Aggregation
import AppStore
import ArgumentParser
import Core
import DemoData
import Foundation

struct Demo: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write a realistic, deterministic demo database.",
        discussion: """
            The same --seed and --today always give the same rows. The first four families are a large one \
            (40 schools), a typical one, one whose player lives in America/Los_Angeles, and one with no data; \
            --families adds typical families drawn from the seed.

            Example:
              report-batch demo --out demo.db --families 100 --today 2026-11-22
            """
    )

    @Option(
        help: ArgumentHelp(
            "The database file to write, replaced only once complete; or a postgresql:// URI to write the demo into PostgreSQL with the app's types and row-level security on (the schema must not have the app's tables yet).",
            valueName: "file-or-uri"
        )
    )
    var out = "demo.db"

    @Option(help: "How many families to write (at least 1).")
    var families = 4

    @Option(help: "The seed of the random data; the same seed gives the same database.")
    var seed: UInt64 = 1

    @Option(help: "The day the data is relative to (YYYY-MM-DD); default: today by the run's clock, in UTC.")
    var today: String?

    @Option(help: "The run's clock (ISO 8601 with an offset); default: SOURCE_DATE_EPOCH, else the system time.")
    var now: String?

    @Option(help: "Multiply the large family's schools and coaches by K, for benchmarks (25: 1,000 schools).")
    var scale = 1

    @Option(
        help:
            "Multiply the large family's interactions per school by M (default: the --scale factor, so --scale 25 gives about 330,000 interactions)."
    )
    var interactionScale: Int?

    @Flag(
        help:
            "Leave out the optional columns (fit_score, priority_tier, ranking, responsiveness_score), like the app's current schema."
    )
    var withoutOptionalColumns = false

    @OptionGroup var global: GlobalOptions

    func run() throws {
        Console.configure(global)
        try runMapped {
            guard families >= 1 else { throw UsageError("--families must be at least 1 (got \(families))") }
            guard (1...100).contains(scale) else { throw UsageError("--scale must be from 1 to 100 (got \(scale))") }
            if let interactionScale, !(1...100).contains(interactionScale) {
                throw UsageError("--interaction-scale must be from 1 to 100 (got \(interactionScale))")
            }
            let clock = try RunClock.resolve(now: now)
            let day = try today.map { try RunClock.parseDay($0, option: "--today") } ?? Zone.utc.date(of: clock.now)
            var options = DemoOptions(today: day)
            options.families = families
            options.seed = seed
            options.scale = scale
            options.interactionScale = interactionScale
            options.includeOptionalColumns = !withoutOptionalColumns
            guard PostgresTarget.isURI(out) else {
                let summary = try DemoDatabase.write(to: out, options: options)
                Console.note("wrote \(out): \(summary) (today \(day), seed \(seed))")
                return
            }
            // Into PostgreSQL: the same rows, made in SQLite first and then copied with the app's types.
            let target = try PostgresTarget(out)
            let file = (NSTemporaryDirectory() as NSString).appendingPathComponent("report-batch-demo-\(getpid()).db")
            defer { try? FileManager.default.removeItem(atPath: file) }
            let summary = try DemoDatabase.write(to: file, options: options)
            try PostgresLoad.load(sqlite: file, into: target)
            Console.note("wrote \(target.display): \(summary) (today \(day), seed \(seed))")
        }
    }
}
