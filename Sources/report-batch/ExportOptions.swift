import Aggregation
import ArgumentParser
import Core
import Exporters
import ReportGen

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
