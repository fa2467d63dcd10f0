import AppStore
import ArgumentParser
import Core

struct Families: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "List the families of a database with their row counts, to find a family's id.",
        discussion: """
            Examples:
              report-batch families --db app.db
              report-batch families --db app.db --members     # user ids for --as and --logged-by
            """
    )

    @Option(help: .database)
    var db: String

    @Flag(
        help:
            "List each family's members instead: user id, role, name and e-mail (the ids `--as` and `--logged-by` take)."
    )
    var members = false

    @OptionGroup var global: GlobalOptions

    func run() throws {
        Console.configure(global)
        try runMapped {
            let database = try OpenDatabase(db, scope: .allFamilies)
            defer { database.close() }
            let source = database.source
            if let note = source.optionalColumnsNote { Console.note(note) }
            if members {
                let families = try source.familiesByName()
                let byFamily = try source.familyMembers()
                let header = ["FAMILY", "USER ID", "ROLE", "NAME", "EMAIL"]
                let table = families.flatMap { family in
                    (byFamily[family.id] ?? []).map { member in
                        [family.displayName, member.userID, member.role ?? "", member.name ?? "", member.email ?? ""]
                            .map(Display.oneLine)
                    }
                }
                try Console.output(TextTable.render(header: header, rows: table))
                Console.note(
                    "\(table.count) \(table.count == 1 ? "member" : "members") of \(families.count) \(families.count == 1 ? "family" : "families") in \(database.display)"
                )
                return
            }
            let rows = try source.familyCounts()
            let header = ["ID", "NAME", "MEMBERS", "SCHOOLS", "COACHES", "INTERACTIONS", "METRICS", "OFFERS"]
            let table = rows.map { row in
                [
                    Display.oneLine(row.family.id), Display.oneLine(row.family.displayName), "\(row.members)",
                    "\(row.schools)", "\(row.coaches)",
                    "\(row.interactions)", "\(row.metrics)", "\(row.offers)",
                ]
            }
            try Console.output(TextTable.render(header: header, rows: table, numericColumns: Set(2..<header.count)))
            Console.note("\(rows.count) \(rows.count == 1 ? "family" : "families") in \(database.display)")
        }
    }
}
