import Aggregation
import ArgumentParser
import Core
import Exporters
import ReportGen

struct ExportSchools: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "schools",
        abstract: "Export the schools list (the schools comparison).",
        discussion: """
            Example:
              report-batch export schools --db app.db --family ID --status contacted --favorites --max-distance 500 --sort distance --format pdf
            """
    )

    @OptionGroup var filterOptions: SchoolFilterOptions
    @Option(help: "The order of the rows; ties go by id.")
    var sort: SchoolSort = .name
    @OptionGroup var options: ExportOptions

    func run() throws {
        try options.run(home: filterOptions.home) { .schools(try filters()) }
    }

    func filters() throws -> SchoolFilters {
        var values = filterOptions.values
        values.sort = .typed(sort)
        return try values.schools()
    }
}
