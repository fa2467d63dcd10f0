import Foundation
import TestSupport
import Testing

/// A PostgreSQL server on a bad day (docs/postgres.md, "Timeouts and encoding"): one that
/// accepts a connection and never answers, a snapshot stuck behind another session's lock,
/// and a LATIN1 database whose text must arrive as written.
@Suite(.tags(.postgres), .serialized)
struct PostgresFaultTests {
    @Test(.tags(.smtp), arguments: [true, false])
    func aServerThatNeverAnswersIsGivenUpOn(fromEnvironment: Bool) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let silent = try SMTPServer(folder: folder, silent: true)
        defer { silent.stop() }
        // PGCONNECT_TIMEOUT when given, else report-batch's own 10 s.
        let started = Date()
        let result = try ReportBatchProcess.run(
            ["families", "--db", "postgresql://postgres@127.0.0.1:\(silent.port)/app"],
            in: folder.path,
            environment: fromEnvironment ? ["PGCONNECT_TIMEOUT": "2"] : [:]
        )
        let seconds = Date().timeIntervalSince(started)
        #expect(result.status == 69, "\(result.stderr)")
        #expect(
            result.stderr.contains("cannot reach the database postgresql://postgres@127.0.0.1:\(silent.port)/app"),
            "\(result.stderr)"
        )
        #expect(fromEnvironment ? seconds < 8 : (8..<25).contains(seconds), "took \(seconds) s")
    }

    @Test func aSnapshotStuckBehindALockEndsAtTheStatementTimeout() throws {
        let demo = try PostgresSourceTests.Demo(["--families", "2"])
        defer { demo.folder.remove() }
        let writer = try PostgresSourceTests.LockHolder(
            server: demo.server,
            database: demo.database,
            table: "interactions"
        )
        defer { _ = writer.finish("ROLLBACK;") }
        let started = Date()
        let result = try ReportBatchProcess.run(
            ["families", "--db", demo.uri],
            in: demo.folder.path,
            environment: ["PGOPTIONS": "-c statement_timeout=1500"]
        )
        #expect(result.status == 69, "\(result.stderr)")
        #expect(result.stderr.contains("statement timeout"), "\(result.stderr)")
        #expect(Date().timeIntervalSince(started) < 20)
        // Without PGOPTIONS, the snapshot sets its own 600 s (the server logs every statement).
        _ = writer.finish("ROLLBACK;")
        func settings() -> Int {
            demo.server.log.components(separatedBy: "set_config('statement_timeout', $1, false)").count
        }
        let before = settings()
        let plain = try ReportBatchProcess.run(["families", "--db", demo.uri], in: demo.folder.path)
        #expect(plain.status == 0, "\(plain.stderr)")
        #expect(
            settings() > before && demo.server.log.contains("$1 = '600s'"),
            "the snapshot set no statement timeout of its own"
        )
    }

    @Test func textFromALatin1DatabaseArrivesAsWritten() throws {
        let demo = try PostgresSourceTests.Demo(["--families", "2"])
        defer { demo.folder.remove() }
        let server = demo.server
        // The demo, with every character LATIN1 cannot hold replaced, copied into a LATIN1 database.
        try server.psql(
            demo.database,
            """
            DO $$ DECLARE r record; BEGIN
              FOR r IN SELECT c.relname, a.attname, format_type(a.atttypid, a.atttypmod) AS type
                       FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace
                       WHERE n.nspname = 'public' AND c.relkind = 'r' AND a.attnum > 0 AND NOT a.attisdropped
                         AND format_type(a.atttypid, a.atttypmod) IN ('text', 'character varying', 'json', 'jsonb', 'text[]') LOOP
                EXECUTE format('UPDATE %I SET %I = regexp_replace(%I::text, ''[^\\x01-\\xff]'', ''?'', ''g'')::%s WHERE %I::text ~ ''[^\\x01-\\xff]''',
                               r.relname, r.attname, r.attname, r.type, r.attname);
              END LOOP;
            END $$
            """
        )
        let latin1 = "latin1_\(UUID().uuidString.prefix(8).lowercased())"
        try server.psql(
            "postgres",
            "CREATE DATABASE \(latin1) ENCODING 'LATIN1' LC_COLLATE 'C' LC_CTYPE 'C' TEMPLATE template0"
        )
        let arguments = "-h '\(server.folder)' -p \(server.port) -U postgres"
        let copied = try ReportBatchProcess.tool(
            "sh",
            ["-c", "pg_dump \(arguments) \(demo.database) | psql -X -q -v ON_ERROR_STOP=1 \(arguments) -d \(latin1)"]
        )
        try #require(copied.status == 0, "\(copied.stderr)")
        try server.psql(
            latin1,
            "UPDATE family_units SET family_name = 'M' || chr(252) || 'ller Family' WHERE id = (SELECT id FROM family_units ORDER BY id LIMIT 1)"
        )
        #expect(
            try server.psql(
                latin1,
                "SELECT pg_encoding_to_char(encoding) FROM pg_database WHERE datname = current_database()"
            ) == "LATIN1"
        )
        let result = try ReportBatchProcess.run(
            ["families", "--db", server.uri(latin1)],
            in: demo.folder.path,
            environment: ["PGCLIENTENCODING": "LATIN1"]
        )
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("Müller Family"), "\(result.stdout)")
    }
}
