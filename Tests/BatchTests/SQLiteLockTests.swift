import BatchTestSupport
import Foundation
import Synchronization
import TestFixtures
import TestSupport
import Testing

/// The app's SQLite file written while a run reads it (docs/cli.md, "Reading a SQLite file that
/// is being written"): a writer in another process holds its lock; the run waits up to the busy
/// timeout, tries a family once more, and only a lock held past that fails the families it hits.
/// (A read of a file in WAL mode is AppStoreTests' SQLiteWALTests.)
@Suite(.serialized)
struct SQLiteLockTests {
    /// A Python process that holds an exclusive lock on `database` until it is stopped or
    /// `seconds` pass; returns once the lock is held.
    final class LockHolder {
        let process = Process()

        init(_ database: String, seconds: Double, wal: Bool = false) throws {
            let ready = database + ".locked"
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = [
                "python3", "-c",
                """
                import sqlite3, sys, time, os
                db = sqlite3.connect(sys.argv[1], isolation_level=None)
                db.execute('BEGIN EXCLUSIVE')
                open(sys.argv[2], 'w').close()
                time.sleep(float(sys.argv[3]))
                db.execute('COMMIT')
                """, database, ready, String(seconds),
            ]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            for _ in 0..<400 where !FileManager.default.fileExists(atPath: ready) { usleep(25_000) }
            try #require(FileManager.default.fileExists(atPath: ready), "the writer never took its lock")
        }

        func stop() {
            guard process.isRunning else { return }
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }

        deinit { stop() }
    }

    static func families(_ count: Int, at database: String) throws {
        try Fixture.database(at: database) { f in
            for index in 0..<count {
                try f.family("F\(index)", name: "Family \(index)")
                try f.school("s\(index)", family: "F\(index)")
            }
        }
    }

    static let job =
        "families: all\nrange: {preset: last-30-days}\noutput: {folder: \"{family_slug}\"}\noutputs:\n  - report:\n    formats: [json]\n"

    @Test func aWriterThatLetsGoWithinTheTimeoutIsWaitedFor() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let database = folder.file("app.db")
        try Self.families(2, at: database)
        let writer = try LockHolder(database, seconds: 2)
        defer { writer.stop() }
        let started = Date()
        let summary = try JobRun.run(Self.job, database: database, in: folder, workers: 1)
        #expect(summary.ok == 2 && summary.failed == 0)
        #expect(Date().timeIntervalSince(started) > 1, "the run did not wait for the writer")
    }

    @Test func aLockHeldPastTheTimeoutFailsOnlyTheFamiliesItHits() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let database = folder.file("app.db")
        try Self.families(3, at: database)
        // The writer takes the file as the second family starts and lets go once it has failed.
        let holder = Mutex<LockHolder?>(nil)
        let summary = try JobRun.run(Self.job, database: database, in: folder, workers: 1, busyTimeout: 0.5) { event in
            switch event {
            case .began(_, index: 1): holder.withLock { $0 = try? LockHolder(database, seconds: 30) }
            case .finished(_, done: 2, total: _): holder.withLock { $0?.stop() }
            default: break
            }
        }
        #expect(holder.withLock { $0 != nil }, "the writer never took its lock")
        #expect(summary.ok == 2 && summary.failed == 1)
        #expect(summary.exitStatus == .someFamiliesFailed)
        guard case .failed(let reason) = summary.outcomes[1].status else {
            Issue.record("family 1 did not fail")
            return
        }
        #expect(reason.contains("stayed locked by another program") && reason.contains("0.5 s"), "\(reason)")
    }
}
