import Aggregation
import ArgumentParser
import Exporters
import ReportGen

struct Export: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Export one of the app's lists: coaches, schools or interactions, with its filters and sorts.",
        discussion: """
            Files are named <list>_<family>.<format> and their paths printed on stdout. An export with no rows \
            still writes its file (headers only) and says so on stderr.
            """,
        subcommands: [ExportCoaches.self, ExportSchools.self, ExportInteractions.self]
    )
}

/// What every list export takes besides its own filters.
struct ExportOptions: ParsableArguments {
    @OptionGroup var source: SourceOptions

    @Option(name: .customLong("as"), help: "View the list as this member (a user id): a player sees only the interactions they logged. Default: the family as a whole, as a parent sees it.")
    var viewer: String?

    @Option(help: "The formats to write, comma-separated: csv, xlsx, pdf.")
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
            let templates = try self.templates.load()
            let context = try clock.context()
            request.viewerID = viewer
            request.home = try home.map { try OptionParsing.coordinate($0, option: "--home") }
            request.today = context.today
            request.zone = context.zone
            let database = try SQLiteSource(path: source.db)
            if let note = database.optionalColumnsNote { Console.note(note) }
            let data = try database.loadFamily(id: source.family, interactions: false)
            let result = try ListExport.run(request, data: data, interactions: .database(database, familyID: data.family.id),
                                            clock: context.clock, to: try Console.target(output.out), csv: output.csvOptions, templates: templates)
            try Console.printWritten(result.files)
            for warning in result.warnings { Console.note("warning: \(warning)") }
            if let message = result.emptyMessage { Console.note(message) }
            if let analytics = result.analytics {
                Console.detail("\(analytics.total) interactions: \(analytics.outbound) outbound, \(analytics.inbound) inbound, \(analytics.thisWeek) this week")
            }
        }
    }
}

struct ExportCoaches: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "coaches", abstract: "Export the coaches list.")

    @Option(help: "Keep coaches whose first or last name, email, phone, notes, Twitter or Instagram contains this text (ignoring case and accents).")
    var search: String?
    @Option(help: "Keep coaches of one role.")
    var role: CoachRole?
    @Option(help: "Keep coaches last contacted within the last N days, today included; never-contacted coaches are left out.")
    var lastContactDays: Int?
    @Option(help: "Keep coaches of one responsiveness level: high is 75 or more, medium 50 to under 75, low under 50 or none.")
    var responsiveness: ResponsivenessLevel?
    @Option(help: "The order of the rows; ties go by id.")
    var sort: CoachSort = .name
    @OptionGroup var options: ExportOptions

    func run() throws {
        try options.run { .coaches(try filters()) }
    }

    func filters() throws -> CoachFilters {
        var values = ListFilterValues(kind: .coaches, [
            ("search", search.map { .text($0) }), ("role", role.map { .text($0.rawValue) }),
            ("last-contact-days", lastContactDays.map { .wholeNumber($0) }), ("responsiveness", responsiveness.map { .text($0.rawValue) }),
        ])
        values.sort = sort.rawValue
        return try values.coaches()
    }
}

struct ExportSchools: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "schools", abstract: "Export the schools list (the schools comparison).")

    @Option(help: "Keep schools whose name or location contains this text (ignoring case and accents).")
    var search: String?
    @Option(help: "Keep schools of one division.")
    var division: Division?
    @Option(help: "Keep schools in this status; repeat the option for any of several.")
    var status: [SchoolStatus] = []
    @Option(help: "Keep schools in this US state (two letters, any case).")
    var state: String?
    @Flag(help: "Keep only favorite schools.")
    var favorites = false
    @Option(help: "Keep schools of one priority tier (a letter, either case).")
    var tier: PriorityTier?
    @Option(help: "Keep schools whose fit score is at least this (0–100); schools with no fit score are left out.")
    var fitMin: Double?
    @Option(help: "Keep schools whose fit score is at most this (0–100); schools with no fit score are left out.")
    var fitMax: Double?
    @Option(help: "Keep schools within this many miles of the home location; needs a home location.")
    var maxDistance: Double?
    @Option(help: "The home location as LAT,LON. Default: the viewer's location preference, else the family player's.")
    var home: String?
    @Option(help: "The order of the rows; ties go by id.")
    var sort: SchoolSort = .name
    @OptionGroup var options: ExportOptions

    func run() throws {
        try options.run(home: home) { .schools(try filters()) }
    }

    func filters() throws -> SchoolFilters {
        var values = ListFilterValues(kind: .schools, [
            ("search", search.map { .text($0) }), ("division", division.map { .text($0.rawValue) }),
            ("status", .texts(status.map(\.rawValue))), ("state", state.map { .text($0) }), ("favorites", .flag(favorites)),
            ("tier", tier.map { .text($0.rawValue) }), ("fit-min", fitMin.map { .number($0) }), ("fit-max", fitMax.map { .number($0) }),
            ("max-distance", maxDistance.map { .number($0) }), ("home", home.map { .text($0) }),
        ])
        values.sort = sort.rawValue
        return try values.schools()
    }
}

struct ExportInteractions: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "interactions",
        abstract: "Export the interactions list, newest first.",
        discussion: "All of the family's interactions that the viewer sees, unless --days, --preset or --from/--to narrows them."
    )

    @Option(help: "Keep interactions whose subject or content contains this text (ignoring case and accents).")
    var search: String?
    @Option(help: "Keep interactions of one type.")
    var type: InteractionType?
    @Option(help: "Keep interactions of one direction.")
    var direction: Direction?
    @Option(help: "Keep interactions of one sentiment (an interaction with none matches none).")
    var sentiment: Sentiment?
    @Option(help: "Keep interactions of the last N days, today included.")
    var days: Int?
    @OptionGroup var range: RangeOptions
    @Option(help: "Keep interactions logged by this member (a user id); for a parent or the family view only.")
    var loggedBy: String?
    @OptionGroup var options: ExportOptions

    func run() throws {
        try options.run(filters)
    }

    func filters() throws -> ListRequest.Filters {
        let values = ListFilterValues(kind: .interactions, [
            ("search", search.map { .text($0) }), ("type", type.map { .text($0.rawValue) }), ("direction", direction.map { .text($0.rawValue) }),
            ("sentiment", sentiment.map { .text($0.rawValue) }), ("days", days.map { .wholeNumber($0) }), ("logged-by", loggedBy.map { .text($0) }),
        ])
        return try values.interactions(range: range.isGiven ? try range.selection() : nil)
    }
}
