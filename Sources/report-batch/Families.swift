import ArgumentParser
import ReportGen

struct Families: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "List the families of a database with their row counts, to find a family's id."
    )

    @Option(help: .database)
    var db: String

    @OptionGroup var global: GlobalOptions

    func run() throws {
        Console.configure(global)
        try runMapped {
            let database = try OpenDatabase(db, scope: .allFamilies)
            defer { database.close() }
            let source = database.source
            if let note = source.optionalColumnsNote { Console.note(note) }
            let rows = try source.familyCounts()
            let header = ["ID", "NAME", "MEMBERS", "SCHOOLS", "COACHES", "INTERACTIONS", "METRICS", "OFFERS"]
            let table = rows.map { row in
                [Display.oneLine(row.family.id), Display.oneLine(row.family.displayName), "\(row.members)", "\(row.schools)", "\(row.coaches)",
                 "\(row.interactions)", "\(row.metrics)", "\(row.offers)"]
            }
            try Console.output(TextTable.render(header: header, rows: table, numericColumns: Set(2..<header.count)))
            Console.note("\(rows.count) \(rows.count == 1 ? "family" : "families") in \(database.display)")
        }
    }
}
