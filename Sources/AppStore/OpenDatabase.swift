import Core
import Foundation

/// The database a command reads, opened: a SQLite file as it is, or a PostgreSQL database
/// copied into a temporary snapshot (docs/postgres.md) that is removed when the command is
/// done with it (`close()`, or on SIGTERM/SIGINT with the other temporary files).
package final class OpenDatabase: Sendable {
    /// The first connection; the batch's workers open their own with `reopen()`.
    package let source: any FamilySource
    /// How messages, manifests and summaries name the database (never with a password).
    package let display: String
    private let file: String
    private let snapshot: Bool
    /// How long a read of a SQLite file waits for a writer's lock (nil: the default).
    private let busyTimeout: Double?
    /// What a PostgreSQL snapshot holds, for `--verbose`: "snapshot of …: 40 schools, 79 coaches, 521 interactions,
    /// 1290 rows in all".
    package let snapshotDetail: String?

    /// The start of `location` up to its `:/` when it starts as a URI does: a letter, then
    /// letters, digits, `+`, `.` or `-`, then `:/` (what `^[A-Za-z][A-Za-z0-9+.-]*:/` matches; a
    /// scan of its bytes, since making ICU's regular expression took 1.5 ms of every command).
    static func uriScheme(_ location: String) -> Substring? {
        func isLetter(_ byte: UInt8) -> Bool { (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) }
        let bytes = location.utf8
        guard let first = bytes.first, isLetter(first) else { return nil }
        let rest = bytes.dropFirst().prefix { byte in
            isLetter(byte) || (0x30...0x39).contains(byte) || byte == UInt8(ascii: "+") || byte == UInt8(ascii: ".")
                || byte == UInt8(ascii: "-")
        }
        guard bytes[rest.endIndex...].starts(with: ":/".utf8) else { return nil }
        return location[..<bytes.index(rest.endIndex, offsetBy: 2)]
    }

    /// Opens `location` (a SQLite path or a `postgresql://` URI), reading only `scope`'s rows
    /// from PostgreSQL. A SQLite file is read whole whatever the scope.
    package init(_ location: String, scope: SnapshotScope, busyTimeout: Double? = nil) throws {
        self.busyTimeout = busyTimeout
        guard PostgresTarget.isURI(location) else {
            // A URI of another scheme, or a misspelt one (`postgresql:/…`), is not a file
            // name: say so, showing only the scheme, never what may follow (a password).
            if let scheme = Self.uriScheme(location) {
                throw UsageError(
                    "\(Quote.value(String(scheme) + "…")) is not a database report-batch reads; give a SQLite file or postgresql://USER@HOST:PORT/DBNAME"
                )
            }
            source = try SQLiteSource(path: location, busyTimeout: busyTimeout)
            display = location
            file = location
            snapshot = false
            snapshotDetail = nil
            return
        }
        let target = try PostgresTarget(location)
        let path = (NSTemporaryDirectory() as NSString).appendingPathComponent(
            ".snapshot.db\(TemporaryFiles.marker)\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        )
        TemporaryFiles.register(path)
        do {
            let summary = try PostgresSnapshot.take(target, scope: scope, to: path)
            source = try SQLiteSource(path: path, name: target.display, busyTimeout: busyTimeout)
            let rows = summary.rows
            snapshotDetail =
                "snapshot of \(target.display): \(rows["schools"] ?? 0) schools, \(rows["coaches"] ?? 0) coaches, "
                + "\(rows["interactions"] ?? 0) interactions, \(rows.values.reduce(0, +)) rows in all"
        } catch {
            TemporaryFiles.remove(path)
            TemporaryFiles.unregister(path)
            throw error
        }
        display = target.display
        file = path
        snapshot = true
    }

    /// Another connection to the same data, for a worker thread.
    package func reopen() throws -> any FamilySource {
        try SQLiteSource(path: file, name: display, busyTimeout: busyTimeout, sharingSlugsOf: source as? SQLiteSource)
    }

    /// Removes the snapshot, if any. The sources opened on it must not be used after.
    package func close() {
        guard snapshot else { return }
        TemporaryFiles.remove(file)
        TemporaryFiles.unregister(file)
    }

    deinit { close() }
}
