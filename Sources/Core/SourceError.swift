/// SQLite failed while reading the database: the file is damaged (exit 65, like any bad
/// input), or another failure (exit 1). Always names the file, never the SQL.
package enum SourceError: Error, Sendable, CustomStringConvertible {
    case damaged(path: String, reason: String)
    case failed(path: String, reason: String)
    /// Another program held a lock on the file for longer than the busy timeout.
    case locked(path: String, seconds: Double)

    package var description: String {
        switch self {
        case .locked(let path, let seconds):
            "database \(Quote.path(path)) stayed locked by another program (the app or a sync job writing it) for more than "
                + "\(Self.secondsText(seconds)) s; run again when it is done, or raise REPORT_BATCH_SQLITE_BUSY_TIMEOUT"
        case .damaged(let path, let reason):
            "database \(Quote.path(path)) is damaged (\(reason)); `sqlite3 \(path) 'PRAGMA integrity_check'` shows where, or restore it from a backup"
        case .failed(let path, let reason):
            "cannot read database \(Quote.path(path)): \(reason)"
        }
    }

    private static func secondsText(_ seconds: Double) -> String {
        seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
    }
}
