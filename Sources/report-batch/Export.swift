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

/// What every list export takes besides its own filters.
struct ExportOptions: ParsableArguments {
    @OptionGroup var source: SourceOptions

    @Option(
        name: .customLong("as"),
        help:
            "View the list as this member (a user id): a player sees only the interactions they logged. Default: the family as a whole, as a parent sees it."
    )
    var viewer: String?

    @Option(help: "The formats to write, comma-separated: csv, xlsx, pdf, html (a web page).")
    var format = "csv"

    @OptionGroup var clock: ClockOptions
    @OptionGroup var output: OutputOptions
    @OptionGroup var templates: TemplateOptions
    @OptionGroup var global: GlobalOptions

    /// Loads the family (interactions are streamed, not loaded), runs the export, prints the result.
    func run(home: String? = nil, _ filters: () throws -> ListRequest.Filters) throws {
        Console.configure(global)
        try runMapped {
            var request = ListRequest(filters: try filters())
            request.formats = try ListFormat.parseList(format)
            let templates = try self.templates.loadOutput(html: request.formats.contains(.html))
            let context = try clock.context()
            request.viewerID = viewer
            request.home = try home.map { try OptionParsing.coordinate($0, option: "--home") }
            request.today = context.today
            request.zone = context.zone
            let opened = try source.open()
            defer { opened.close() }
            let database = opened.source
            let data = try database.loadFamily(id: source.family, interactions: false, season: false)
            let result = try ListExport.run(
                request,
                data: data,
                interactions: .database(database, familyID: data.family.id),
                clock: context.clock,
                to: try Console.target(output.out),
                csv: output.csvOptions,
                templates: templates
            )
            try Console.printWritten(result.files)
            for warning in result.warnings { Console.note("warning: \(warning)") }
            if let message = result.emptyMessage { Console.note(message) }
            if let analytics = result.analytics {
                Console.detail(
                    "\(analytics.total) interactions: \(analytics.outbound) outbound, \(analytics.inbound) inbound, \(analytics.thisWeek) \(analytics.week == nil ? "this week" : "in " + analytics.weekLabel)"
                )
            }
        }
    }
}

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
