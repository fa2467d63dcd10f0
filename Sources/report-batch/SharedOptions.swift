import Aggregation
import AppStore
import ArgumentParser
import Batch
import Core
import Exporters
import ReportGen

/// The database and family a command reads.
struct SourceOptions: ParsableArguments {
    @Option(help: .database)
    var db: String

    @Option(help: "The family's id; `report-batch families --db FILE` lists them.")
    var family: String

    /// Opens the database (from PostgreSQL, only this family's rows) and says what it lacks.
    func open() throws -> OpenDatabase {
        let database = try OpenDatabase(db, scope: .families([family]))
        if let note = database.source.optionalColumnsNote { Console.note(note) }
        return database
    }

    /// Opens the database and loads the family's rows, once.
    func loadFamily() throws -> FamilyData {
        let database = try open()
        defer { database.close() }
        return try database.source.loadFamily(id: family)
    }
}

extension ArgumentHelp {
    /// The help of every `--db`.
    static let database = ArgumentHelp(
        "The database: a SQLite file, or the app's PostgreSQL database as postgresql://USER@HOST:PORT/DBNAME (libpq's URI; PG* variables and ~/.pgpass apply; docs/postgres.md).",
        valueName: "file-or-uri"
    )
}

/// The clock, today and the zone of a command that computes dates (docs/report.md §1).
struct ClockOptions: ParsableArguments {
    @Option(
        help:
            "The day that counts as today (YYYY-MM-DD), for back-fills: presets and \"last N days\" end on it, and a deadline before it is past. Default: the clock's date in the family's zone."
    )
    var today: String?

    @Option(
        help: "The IANA time zone in which days start and dates are shown. Default: the family player's zone, else UTC."
    )
    var timezone: String?

    @Option(
        help:
            "The run's clock, ISO 8601 with an offset (e.g. 2026-11-23T06:00:00Z). Default: SOURCE_DATE_EPOCH, else the system time."
    )
    var now: String?

    struct Context {
        let clock: RunClock
        let today: CivilDate?
        let zone: Zone?
    }

    func context() throws -> Context {
        Context(
            clock: try RunClock.resolve(now: now),
            today: try today.map { try RunClock.parseDay($0, option: "--today") },
            zone: try timezone.map { try Zone.parseOption($0) }
        )
    }
}

/// Where files go and how csv is written.
struct OutputOptions: ParsableArguments {
    @Option(help: "The folder to write into (created if missing), or - to write a single text format to stdout.")
    var out = "."

    @Flag(help: "Leave out the UTF-8 byte order mark at the start of csv files, for programs that do not want it.")
    var noBom = false

    @Flag(
        help:
            "Write csv text exactly as stored, without the ' that stops spreadsheets from running text starting with = + - @ as a formula. For machine readers only: never open such a file in a spreadsheet."
    )
    var rawCsv = false

    var csvOptions: CSVWriter.Options { CSVWriter.Options(byteOrderMark: !noBom, formulaGuard: !rawCsv) }
}

extension Console {
    /// Prints the written files' paths on stdout, one per line (nothing for stdout itself).
    /// The paths of the files written, one a line (a path with a line break is shown escaped).
    static func printWritten(_ files: [WrittenFile]) throws {
        for file in files where file.path != "-" { try output(Display.oneLine(file.path) + "\n") }
    }
}

/// `--templates DIR`: the user's copy of `Templates/`.
struct TemplateOptions: ParsableArguments {
    @Option(
        help:
            "A folder with your own copies of the files in Templates/ (list columns and labels, report title and sections, colours, run summary); a file it lacks keeps the built-in one."
    )
    var templates: String?

    func load() throws -> RunTemplates {
        try templates.map { try RunTemplates.load(from: $0) } ?? RunTemplates.builtIn()
    }

    /// The files' templates alone, for a command that writes no summary and no e-mail: the
    /// html pages' read and parsed only when it writes a page (`html`), as the built-in ones
    /// are parsed only when a page is written (HTMLTemplates).
    func loadOutput(html: Bool) throws -> OutputTemplates {
        try templates.map { try OutputTemplates.load(from: $0, html: html) } ?? OutputTemplates.builtIn()
    }
}
