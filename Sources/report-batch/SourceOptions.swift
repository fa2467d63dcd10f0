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
