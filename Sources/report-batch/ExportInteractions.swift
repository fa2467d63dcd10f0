import Aggregation
import ArgumentParser
import Core
import Exporters
import ReportGen

struct ExportInteractions: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "interactions",
        abstract: "Export the interactions list, newest first.",
        discussion: """
            All of the family's interactions that the viewer sees, unless --days, --preset or --from/--to narrows them.

            Example:
              report-batch export interactions --db app.db --family ID --days 30 --direction inbound --format xlsx
            """
    )

    @OptionGroup var filterOptions: InteractionFilterOptions
    @OptionGroup var options: ExportOptions

    func run() throws {
        try options.run(filters)
    }

    func filters() throws -> ListRequest.Filters {
        try filterOptions.values.interactions(
            range: filterOptions.range.isGiven ? try filterOptions.range.selection() : nil
        )
    }
}
