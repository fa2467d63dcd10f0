import Aggregation
import ArgumentParser
import Core
import Exporters
import ReportGen

struct Export: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Export one of the app's lists: coaches, schools or interactions, with its filters and sorts.",
        discussion: """
            Files are named <list>_<family>.<format> and their paths printed on stdout. An export with no rows \
            still writes its file (headers only) and says so on stderr.

            Example:
              report-batch export coaches --db app.db --family ID --format xlsx,pdf
            """,
        subcommands: [ExportCoaches.self, ExportSchools.self, ExportInteractions.self]
    )
}
