import ArgumentParser
import Batch
import Core
import Delivery
import Exporters
import Foundation

@main
struct ReportBatch: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report-batch",
        abstract: "Recruiting reports and list exports of The Recruiting Compass, as files, for one family or all.",
        discussion: """
            Reads the app's tables from a SQLite file or its PostgreSQL database and writes reports and lists as \
            json, csv, xlsx and pdf.
            Exit codes: 0 success, 1 failure, 3 no data, 4 some families failed, 64 usage error, 65 bad input \
            data, 66 input missing or unreadable, 69 database server unreachable, 73 output cannot be created, 75 busy, 77 access denied.

            Example (the demo, then the weekly job on it):
              report-batch demo --out demo.db && report-batch run weekly.yaml --db demo.db --out weekly
            """,
        version: ToolVersion.current,
        subcommands: [
            Run.self, Summarize.self, Report.self, Export.self, Demo.self, Families.self, Check.self, Import.self,
            Templates.self,
        ]
    )

    /// The argument parser's message on one line: its bulleted lists (`- value` lines) become
    /// `a, b, c`, and its other lines are joined by spaces.
    static func oneLine(_ message: String) -> String {
        var parts: [String] = []
        var items: [String] = []
        for line in message.split(whereSeparator: \.isNewline).map({ $0.trimmingCharacters(in: .whitespaces) })
        where !line.isEmpty {
            if line.hasPrefix("- ") {
                items.append(String(line.dropFirst(2)))
            } else {
                if !items.isEmpty {
                    parts.append(items.joined(separator: ", "))
                    items = []
                }
                parts.append(line)
            }
        }
        if !items.isEmpty { parts.append(items.joined(separator: ", ")) }
        return parts.joined(separator: " ")
    }

    /// Parses and runs the command; every error, the argument parser's included, ends as
    /// one line on stderr with the exit code of docs/cli.md.
    static func main() {
        // Numbers in every output use a decimal point, whatever LC_NUMERIC the user has; set
        // here, before any thread, like the rest of the process-wide set-up (CLibraryEnvironment).
        // TMPDIR first: it sets the environment, which only a process with one thread may do.
        let temporaryFolderWarning = TemporaryFiles.checkTemporaryFolder()
        CLibraryEnvironment.setEnvironment()
        ProcessLimits.limitArenas()
        Console.holdStandardStreams()
        TemporaryFiles.handleSignals()
        // A pipe whose reader is gone (a sendmail that exits without reading its message, a
        // closed stdout) is a write error (EPIPE) that the writer reports, never the end of the run.
        signal(SIGPIPE, SIG_IGN)
        if let warning = temporaryFolderWarning { Console.warning(warning) }
        CLibraryEnvironment.fatalLibraryError = { message in
            TemporaryFiles.abandon(
                "a C library stopped the process (\(message)); temporary files removed. "
                    + "If a memory limit (ulimit -v) is set, raise it or use --workers 1",
                status: ExitStatus.failure.rawValue
            )
        }
        do {
            try CLibraryEnvironment.prepare(fonts: false)
        } catch {
            Console.error(ExitStatus.message(for: error))
            Foundation.exit(ExitStatus.of(error).rawValue)
        }
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch let exit as ExitCode {
            Foundation.exit(exit.rawValue)
        } catch {
            let code = exitCode(for: error)
            if code == .success {
                // --help and --version.
                do {
                    try Console.output(fullMessage(for: error) + "\n")
                } catch {
                    Console.error(ExitStatus.message(for: error))
                    Foundation.exit(ExitStatus.of(error).rawValue)
                }
                Foundation.exit(0)
            }
            let message = oneLine(self.message(for: error))
            Console.error(message + " (see `report-batch help`)")
            Foundation.exit(code.rawValue)
        }
    }
}

/// Runs a command's work, turning any error into its one-line message on stderr and the
/// exit code of docs/cli.md. This is the only place that ends a command on an error.
func runMapped(_ work: () throws -> Void) throws {
    do {
        try work()
    } catch let error as ExitCode {
        throw error
    } catch {
        Console.error(ExitStatus.message(for: error))
        throw ExitCode(ExitStatus.of(error).rawValue)
    }
}
