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
            file, clock, shard count or database), 75 a shard still running.

            Example:
              report-batch summarize /srv/shared/weekly
            """
    )

    @Argument(help: ArgumentHelp("The output root the shards wrote into.", valueName: "out-root"))
    var root: String

    @OptionGroup var templates: TemplateOptions

    @OptionGroup var global: GlobalOptions

    func run() throws {
        Console.configure(global)
        var status: ExitStatus = .success
        try runMapped {
            let templates = try templates.load()
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: root, isDirectory: &isFolder), isFolder.boolValue else {
                throw RuntimeFailure("no shard outcome files: the output root \(Quote.path(root)) does not exist")
            }
            // Alone on the root: no shard may still be writing (they hold its lock shared).
            let lock = try OutputLock(root: root)
            defer { withExtendedLifetime(lock) {} }
            let summary = try ShardOutcomes.summarize(root: root, templates: templates.summary)
            status = summary.exitStatus
            Console.mailServerDown(summary)
            try Console.summary(summary, quiet: global.quiet)
        }
        if status != .success { throw ExitCode(status.rawValue) }
    }
}
