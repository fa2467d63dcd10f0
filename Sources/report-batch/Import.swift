import AppStore
import ArgumentParser
import Core

struct Import: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Copy the app's PostgreSQL database into a SQLite snapshot file.",
        discussion: """
            Reads every table in one REPEATABLE READ READ ONLY transaction (one instant of the database) into \
            a SQLite file of docs/data-model.md's form. `--db FILE` then reruns a week offline from that \
            instant: the same bytes again. The file appears only once complete. Exit codes: 0 done, 64 a \
            malformed URI, 65 a missing table or column, 69 the server cannot be reached, 73 the file cannot \
            be written, 77 the login was refused or row-level security would hide rows.

            Example:
              report-batch import postgresql://reader@db.example.com:5432/app --out week-47.db
            """
    )

    @Argument(
        help: ArgumentHelp(
            "The database, as postgresql://USER@HOST:PORT/DBNAME (libpq's URI; PG* variables and ~/.pgpass apply).",
            valueName: "uri"
        )
    )
    var uri: String

    @Option(help: "The SQLite file to write; replaced only once the snapshot is complete.")
    var out: String

    @Option(
        help:
            "Copy only this family's rows (and its members'); repeat for several. Default: every family, and the rows that belong to none."
    )
    var family: [String] = []

    @OptionGroup var global: GlobalOptions

    func run() throws {
        Console.configure(global)
        try runMapped {
            guard PostgresTarget.isURI(uri) else {
                throw UsageError("\(Quote.value(uri)) is not a PostgreSQL URI; give postgresql://USER@HOST:PORT/DBNAME")
            }
            let target = try PostgresTarget(uri)
            let summary = try AtomicFile.write(to: out) { temporary in
                let summary = try PostgresSnapshot.take(
                    target,
                    scope: family.isEmpty ? .everything : .families(family),
                    to: temporary
                )
                let source = try SQLiteSource(path: temporary, name: target.display)
                for id in family { _ = try source.family(id: id) }
                return summary
            }
            try Console.output(Display.oneLine(out) + "\n")
            let rows = summary.rows.values.reduce(0, +)
            Console.note(
                "copied \(rows) rows of \(family.isEmpty ? "every family" : "\(family.count) \(family.count == 1 ? "family" : "families")") from \(target.display) into \(out)"
            )
            if !summary.absentOptionalColumns.isEmpty {
                Console.note(
                    "note: \(target.display) has no column \(summary.absentOptionalColumns.joined(separator: ", ")); the snapshot leaves them out and they read as empty"
                )
            }
        }
    }
}
