import Aggregation
import AppStore
import ArgumentParser
import Core

struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Read every row and list every problem, writing nothing.",
        discussion: """
            Lists unknown enumeration values, bad timestamps, numbers and JSON, rows that belong to no family, \
            and ids that point at nothing, each with its table, row id and column. Exits 65 when it found any \
            problem and 0 when it found none. A coach's e-mail, phone or handle that breaks the app's Add Coach \
            rules is listed as a warning, which does not change the exit code.

            Example:
              report-batch check --db app.db
            """
    )

    @Option(help: .database)
    var db: String

    @OptionGroup var global: GlobalOptions

    func run() throws {
        Console.configure(global)
        try runMapped {
            let database = try OpenDatabase(db, scope: .everything)
            defer { database.close() }
            let source = database.source
            let name = database.display
            if let note = source.optionalColumnsNote { Console.note(note) }
            let issues = try source.check()
            for issue in issues { try Console.output(Display.oneLine("\(name): \(issue)") + "\n") }
            // Contact values that break the Add Coach rules: warnings, which leave the exit code alone.
            for warning in try source.contactWarnings() {
                try Console.output(Display.oneLine("\(name): warning: \(warning)") + "\n")
            }
            if issues.isEmpty {
                Console.note("\(name): no problems found")
            } else {
                Console.error("\(name): \(issues.count) \(issues.count == 1 ? "problem" : "problems") found")
                throw ExitCode(ExitStatus.badData.rawValue)
            }
        }
    }
}
