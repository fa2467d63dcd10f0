import AppStore
import Foundation
import TestFixtures
import TestSupport
import Testing

/// The app's SQLite file written in WAL mode while it is read (docs/cli.md, "Reading a SQLite
/// file that is being written"): what the writer's log holds is read with the rest. (A run's
/// wait for a writer's lock is BatchTests' SQLiteLockTests.)
struct SQLiteWALTests {
    @Test func aWALDatabaseIsReadWithWhatItsLogHolds() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let database = folder.file("app.db")
        try Fixture.database(at: database) { f in
            try f.family("F0", name: "Family 0")
            try f.school("s0", family: "F0")
        }
        // A writer in WAL mode commits a new name and stays open, so that the change is only in the log.
        let writer = Process()
        writer.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        writer.arguments = [
            "python3", "-c",
            """
            import sqlite3, sys, time
            db = sqlite3.connect(sys.argv[1], isolation_level=None)
            db.execute('PRAGMA journal_mode=WAL'); db.execute('PRAGMA wal_autocheckpoint=0')
            db.execute("UPDATE family_units SET family_name = 'Logged Family'")
            open(sys.argv[1] + '.written', 'w').close()
            time.sleep(30)
            """, database,
        ]
        try writer.run()
        defer {
            kill(writer.processIdentifier, SIGKILL)
            writer.waitUntilExit()
        }
        for _ in 0..<400 where !FileManager.default.fileExists(atPath: database + ".written") { usleep(25_000) }
        #expect(FileManager.default.fileExists(atPath: database + "-wal"))
        let source = try SQLiteSource(path: database)
        #expect(try source.familiesByName().map(\.familyName) == ["Logged Family"])
    }
}
