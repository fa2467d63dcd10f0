import Aggregation
import ArgumentParser
import Core
import Exporters
import ReportGen

struct ExportCoaches: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "coaches",
        abstract: "Export the coaches list.",
        discussion: """
            Example:
              report-batch export coaches --db app.db --family ID --responsiveness high --sort last-contacted --format xlsx
            """
    )

    @OptionGroup var filterOptions: CoachFilterOptions
    @Option(help: "The order of the rows; ties go by id.")
    var sort: CoachSort = .name
    @OptionGroup var options: ExportOptions

    func run() throws {
        try options.run { .coaches(try filters()) }
    }

    func filters() throws -> CoachFilters {
        var values = filterOptions.values
        values.sort = .typed(sort)
        return try values.coaches()
    }
}
