import Aggregation
import AppStore
import ArgumentParser
import Batch
import Core
import Exporters
import ReportGen

extension ArgumentHelp {
    /// The help of every `--db`.
    static let database = ArgumentHelp(
        "The database: a SQLite file, or the app's PostgreSQL database as postgresql://USER@HOST:PORT/DBNAME (libpq's URI; PG* variables and ~/.pgpass apply; docs/postgres.md).",
        valueName: "file-or-uri"
    )
}
