import Foundation
import TestSupport
import Testing

/// Reading the app's PostgreSQL database (docs/postgres.md) from a real server: the same
/// files as from SQLite, the types, one consistent snapshot, access and errors.
/// Serialized: one test turns the shared server's TLS off and on again.
@Suite(.tags(.postgres), .serialized)
struct PostgresSourceTests {
    static let now = "2026-11-23T06:00:00Z"

    /// A folder with `demo.db` (SQLite) and the same demo written into a new PostgreSQL database.
    struct Demo {
        let folder: TemporaryFolder
        let server: PostgresServer
        let database: String
        var uri: String { server.uri(database) }

        init(_ extra: [String] = []) throws {
            server = try PostgresServer.sharedServer()
            folder = try TemporaryFolder()
            database = try server.createDatabase("demo")
            let sqlite = try ReportBatchProcess.run(
                ["demo", "--out", "demo.db", "--now", PostgresSourceTests.now] + extra,
                in: folder.path
            )
            try #require(sqlite.status == 0, "\(sqlite.stderr)")
            let postgres = try ReportBatchProcess.run(
                ["demo", "--out", server.uri(database), "--now", PostgresSourceTests.now] + extra,
                in: folder.path
            )
            try #require(postgres.status == 0, "\(postgres.stderr)")
        }

        func run(_ arguments: [String]) throws -> CommandResult {
            try ReportBatchProcess.run(arguments, in: folder.path)
        }
    }

    /// Every file under `folder`, by its path inside it.
    static func files(_ folder: String) throws -> [String: Data] {
        var files: [String: Data] = [:]
        let root = URL(fileURLWithPath: folder).standardizedFileURL
        guard let walk = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else { return files }
        for case let url as URL in walk where !url.hasDirectoryPath {
            files[String(url.standardizedFileURL.path.dropFirst(root.path.count + 1))] = try Data(contentsOf: url)
        }
        return files
    }

    static func expectSameFiles(
        _ sqlite: String,
        _ postgres: String,
        ignoring ignored: Set<String> = [],
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let left = try files(sqlite).filter { !ignored.contains($0.key) }
        let right = try files(postgres).filter { !ignored.contains($0.key) }
        #expect(!left.isEmpty, sourceLocation: sourceLocation)
        #expect(Set(left.keys) == Set(right.keys), sourceLocation: sourceLocation)
        for (name, data) in left where right[name] != data {
            Issue.record("\(name) differs between the SQLite and the PostgreSQL run", sourceLocation: sourceLocation)
        }
    }

    @Test func theWeeklyRunFromPostgresWritesTheSQLiteRunsBytes() throws {
        let demo = try Demo()
        defer { demo.folder.remove() }
        let weekly = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
            .appendingPathComponent("weekly.yaml").path
        let fromSQLite = try demo.run(["run", weekly, "--db", "demo.db", "--out", "a", "--now", Self.now])
        let fromPostgres = try demo.run(["run", weekly, "--db", demo.uri, "--out", "b", "--now", Self.now])
        #expect(fromSQLite.status == 0 && fromPostgres.status == 0, "\(fromSQLite.stderr) \(fromPostgres.stderr)")
        try Self.expectSameFiles(
            demo.folder.file("a"),
            demo.folder.file("b"),
            ignoring: ["summary.txt", "summary.html"]
        )
        // The summaries differ only in the database's name and the output root.
        let summary = try String(contentsOfFile: demo.folder.file("b/summary.txt"), encoding: .utf8)
        let expected = try String(contentsOfFile: demo.folder.file("a/summary.txt"), encoding: .utf8)
            .replacingOccurrences(of: "database: demo.db", with: "database: \(demo.uri)")
            .replacingOccurrences(
                of: "files under: \(demo.folder.file("a"))",
                with: "files under: \(demo.folder.file("b"))"
            )
        #expect(Summaries.withoutDuration(summary) == Summaries.withoutDuration(expected))
    }

    @Test func reportExportsFamiliesAndCheckMatchTheSQLiteFile() throws {
        let demo = try Demo()
        defer { demo.folder.remove() }
        let families = try demo.run(["families", "--db", "demo.db"])
        let family = try #require(
            families.stdout.split(separator: "\n").dropFirst().first?.split(separator: " ").first.map(String.init)
        )
        #expect(try demo.run(["families", "--db", demo.uri]).stdout == families.stdout)
        #expect(try demo.run(["check", "--db", demo.uri]).status == 0)
        let commands: [[String]] = [
            ["report", "--family", family, "--format", "json,csv,xlsx,pdf", "--preset", "last-90-days"],
            ["export", "coaches", "--family", family, "--format", "csv,xlsx,pdf", "--sort", "last-contacted"],
            ["export", "schools", "--family", family, "--format", "csv,xlsx,pdf"],
            ["export", "interactions", "--family", family, "--format", "csv,xlsx,pdf"],
        ]
        for (index, command) in commands.enumerated() {
            let a = try demo.run(command + ["--db", "demo.db", "--out", "a\(index)", "--now", Self.now])
            let b = try demo.run(command + ["--db", demo.uri, "--out", "b\(index)", "--now", Self.now])
            #expect(a.status == 0 && b.status == 0, "\(command): \(a.stderr) \(b.stderr)")
            try Self.expectSameFiles(demo.folder.file("a\(index)"), demo.folder.file("b\(index)"))
        }
    }

    @Test func theAppsTypesReadAsTheDataModelSays() throws {
        let server = try PostgresServer.sharedServer()
        let demo = try Demo(["--families", "1"])
        defer { demo.folder.remove() }
        let family = try server.psql(demo.database, "SELECT id FROM family_units LIMIT 1")
        let school = try server.psql(
            demo.database,
            "SELECT id FROM schools WHERE family_unit_id = '\(family)' ORDER BY id LIMIT 1"
        )
        try server.psql(
            demo.database,
            """
            UPDATE schools SET status = 'visiting', pros = '{}', name = '東京大学 🏟️ Ünïversity' WHERE id = '\(school)';
            UPDATE schools SET status = NULL WHERE id <> '\(school)' AND family_unit_id = '\(family)' AND id IN (SELECT id FROM schools ORDER BY id OFFSET 1 LIMIT 1);
            INSERT INTO offers (id, family_unit_id, school_id, offer_type, status, scholarship_amount, offer_date, created_at)
                VALUES ('00000000-0000-4000-8000-000000000001', '\(family)', '\(school)', 'scholarship', NULL, 12500.50, '2026-11-20', '2026-11-20 10:11:12.163124+00');
            UPDATE interactions SET occurred_at = '2026-11-19 12:00:00.163124+00' WHERE id = (SELECT id FROM interactions WHERE family_unit_id = '\(family)' ORDER BY id LIMIT 1);
            """
        )
        let imported = try demo.run(["import", demo.uri, "--out", "snap.db"])
        #expect(imported.status == 0, "\(imported.stderr)")
        let sqlite = { (sql: String) in
            try ReportBatchProcess.tool("sqlite3", [demo.folder.file("snap.db"), sql]).stdout.trimmingCharacters(
                in: .newlines
            )
        }
        #expect(
            try sqlite("SELECT status, pros, name FROM schools WHERE id = '\(school)'")
                == "visiting|[]|東京大学 🏟️ Ünïversity"
        )
        #expect(
            try sqlite(
                "SELECT offer_type, quote(status), scholarship_amount, offer_date, created_at FROM offers WHERE id = '00000000-0000-4000-8000-000000000001'"
            )
                == "scholarship|NULL|12500.5|2026-11-20|2026-11-20 10:11:12.163124+00"
        )
        #expect(try sqlite("SELECT count(*) FROM schools WHERE status IS NULL") == "1")
        #expect(try sqlite("SELECT typeof(is_favorite) FROM schools LIMIT 1") == "integer")
        #expect(try demo.run(["check", "--db", demo.uri]).status == 0)
        let report = try demo.run([
            "report", "--db", demo.uri, "--family", family, "--format", "csv", "--out", "r", "--now", Self.now,
        ])
        #expect(report.status == 0, "\(report.stderr)")

        // infinity and NaN are bad input: exit 65, naming the table, row and column.
        try server.psql(
            demo.database,
            "UPDATE interactions SET occurred_at = 'infinity' WHERE id = (SELECT id FROM interactions ORDER BY id LIMIT 1)"
        )
        let row = try server.psql(demo.database, "SELECT id FROM interactions WHERE occurred_at = 'infinity'")
        let infinity = try demo.run(["check", "--db", demo.uri])
        #expect(infinity.status == 65)
        #expect(
            infinity.stdout.contains("interactions") && infinity.stdout.contains(row)
                && infinity.stdout.contains("occurred_at"),
            "\(infinity.stdout)"
        )
        try server.psql(
            demo.database,
            "UPDATE interactions SET occurred_at = now() WHERE id = '\(row)'; UPDATE offers SET scholarship_amount = 'NaN' WHERE id = '00000000-0000-4000-8000-000000000001'"
        )
        let nan = try demo.run([
            "report", "--db", demo.uri, "--family", family, "--format", "csv", "--out", "n", "--now", Self.now,
        ])
        #expect(nan.status == 65)
        #expect(
            nan.stderr.contains("offers") && nan.stderr.contains("00000000-0000-4000-8000-000000000001")
                && nan.stderr.contains("scholarship_amount"),
            "\(nan.stderr)"
        )
        #expect(
            try !FileManager.default.fileExists(atPath: demo.folder.file("n"))
                || Self.files(demo.folder.file("n")).isEmpty
        )
    }

    @Test func aRunSeesOneInstantWhateverTheAppWritesMeanwhile() throws {
        let server = try PostgresServer.sharedServer()
        let demo = try Demo(["--families", "2"])
        defer { demo.folder.remove() }
        let offersBefore = try server.psql(demo.database, "SELECT count(*) FROM offers")
        let metricsBefore = try server.psql(demo.database, "SELECT count(*) FROM performance_metrics")
        // Another session locks a table in the middle of the snapshot's order (interactions),
        // so that the import waits there after reading the tables before it; meanwhile that
        // session adds an offer and deletes metrics, tables read after the lock, and commits.
        // The import must see neither: a statement-level snapshot (READ COMMITTED) would.
        let writer = try LockHolder(server: server, database: demo.database, table: "interactions")
        let importer = try ReportBatchProcess.start(["import", demo.uri, "--out", "snap.db"], in: demo.folder.path)
        #expect(try writer.readerWaits(), "the import never waited on the lock")
        let family = try server.psql(demo.database, "SELECT id FROM family_units ORDER BY id LIMIT 1")
        let wrote = writer.finish(
            """
            INSERT INTO offers (id, family_unit_id, offer_type, status, created_at) VALUES ('00000000-0000-4000-8000-0000000000aa', '\(family)', 'scholarship', 'pending', now());
            DELETE FROM performance_metrics WHERE family_unit_id = '\(family)';
            COMMIT;
            """
        )
        importer.waitUntilExit()
        #expect(wrote)
        #expect(importer.terminationStatus == 0)
        let sqlite = { (sql: String) in
            try ReportBatchProcess.tool("sqlite3", [demo.folder.file("snap.db"), sql]).stdout.trimmingCharacters(
                in: .newlines
            )
        }
        #expect(try sqlite("SELECT count(*) FROM offers") == offersBefore)
        #expect(try sqlite("SELECT count(*) FROM performance_metrics") == metricsBefore)
        #expect(
            try server.psql(demo.database, "SELECT count(*) FROM offers") != offersBefore,
            "the other session's insert did land"
        )
        #expect(
            try server.psql(demo.database, "SELECT count(*) FROM performance_metrics") != metricsBefore,
            "and its delete"
        )
    }

    @Test func aRoleUnderRowLevelSecurityOrWithoutSelectIsRefused() throws {
        let server = try PostgresServer.sharedServer()
        let demo = try Demo(["--families", "1"])
        defer { demo.folder.remove() }
        try server.psql(
            demo.database,
            """
            DO $$ BEGIN CREATE ROLE rb_plain LOGIN PASSWORD 'plain-pw'; EXCEPTION WHEN duplicate_object THEN NULL; END $$;
            DO $$ BEGIN CREATE ROLE rb_reader LOGIN PASSWORD 'reader-pw' BYPASSRLS; EXCEPTION WHEN duplicate_object THEN NULL; END $$;
            GRANT SELECT ON ALL TABLES IN SCHEMA public TO rb_plain, rb_reader;
            """
        )
        let plain = try demo.run([
            "families", "--db", server.uri(demo.database, user: "rb_plain", password: "plain-pw"),
        ])
        #expect(plain.status == 77)
        #expect(
            plain.stderr.contains("role 'rb_plain'") && plain.stderr.contains("row-level security")
                && plain.stderr.contains("BYPASSRLS"),
            "\(plain.stderr)"
        )
        let reader = try demo.run([
            "families", "--db", server.uri(demo.database, user: "rb_reader", password: "reader-pw"),
        ])
        #expect(reader.status == 0, "\(reader.stderr)")
        #expect(reader.stdout == (try demo.run(["families", "--db", "demo.db"])).stdout)
        try server.psql(demo.database, "REVOKE SELECT ON offers FROM rb_reader")
        let noSelect = try demo.run([
            "families", "--db", server.uri(demo.database, user: "rb_reader", password: "reader-pw"),
        ])
        #expect(noSelect.status == 77)
        #expect(noSelect.stderr.contains("'offers'") && noSelect.stderr.contains("GRANT SELECT"), "\(noSelect.stderr)")
    }

    /// The delivery tables (data-model.md, "Optional tables") come with the snapshot, as the
    /// app declares them (uuid ids, boolean flags, row-level security): a digest turned off and
    /// an opt-out in PostgreSQL leave out the same recipients as in the SQLite file, a
    /// one-family import copies that family's preferences and every opt-out, and a role that
    /// row-level security would show an empty opt-out list is refused (77).
    @Test func theDeliveryTablesComeWithTheSnapshot() throws {
        let server = try PostgresServer.sharedServer()
        let demo = try Demo()
        defer { demo.folder.remove() }
        let sqlite = { (sql: String) in
            try ReportBatchProcess.tool("sqlite3", [demo.folder.file("demo.db"), sql]).stdout.trimmingCharacters(
                in: .newlines
            )
        }
        // The first family's player has the digest off; the first parent of another family opted out (stored
        // normalised).
        let player = try sqlite(
            "SELECT user_id FROM family_members WHERE role = 'player' ORDER BY family_unit_id LIMIT 1"
        )
        let parent = try sqlite(
            "SELECT u.email FROM family_members m JOIN users u ON u.id = m.user_id WHERE m.role = 'parent' ORDER BY m.family_unit_id DESC LIMIT 1"
        )
        let optedOut = parent.lowercased()
        _ = try sqlite(
            """
            CREATE TABLE notification_preferences (id TEXT PRIMARY KEY, user_id TEXT NOT NULL, notification_type TEXT NOT NULL, email_enabled INTEGER, push_enabled INTEGER);
            INSERT INTO notification_preferences VALUES ('00000000-0000-4000-8000-0000000000a1', '\(player)', 'weekly_digest', 0, 1),
                ('00000000-0000-4000-8000-0000000000a2', '\(player)', 'offer', 1, NULL);
            CREATE TABLE email_optouts (email TEXT PRIMARY KEY, created_at TEXT);
            INSERT INTO email_optouts VALUES ('\(optedOut)', '2026-01-01T00:00:00Z');
            """
        )
        try server.psql(
            demo.database,
            """
            CREATE TABLE notification_preferences (id uuid PRIMARY KEY, user_id uuid NOT NULL, notification_type text NOT NULL,
                email_enabled boolean DEFAULT true, push_enabled boolean DEFAULT true);
            INSERT INTO notification_preferences VALUES ('00000000-0000-4000-8000-0000000000a1', '\(player)', 'weekly_digest', false, true),
                ('00000000-0000-4000-8000-0000000000a2', '\(player)', 'offer', true, NULL);
            CREATE TABLE email_optouts (email text PRIMARY KEY, created_at timestamptz);
            INSERT INTO email_optouts VALUES ('\(optedOut)', '2026-01-01 00:00:00+00');
            ALTER TABLE notification_preferences ENABLE ROW LEVEL SECURITY;
            ALTER TABLE email_optouts ENABLE ROW LEVEL SECURITY;
            """
        )
        try JobFiles.recapWrittenOnly().write(toFile: demo.folder.file("job.yaml"), atomically: true, encoding: .utf8)
        let a = try demo.run(["run", "job.yaml", "--db", "demo.db", "--out", "a", "--now", Self.now])
        let b = try demo.run(["run", "job.yaml", "--db", demo.uri, "--out", "b", "--now", Self.now])
        #expect(a.status == 0 && b.status == 0, "\(a.stderr) \(b.stderr)")
        try Self.expectSameFiles(
            demo.folder.file("a"),
            demo.folder.file("b"),
            ignoring: ["summary.txt", "summary.html"]
        )
        let manifests = try Self.files(demo.folder.file("b")).filter { $0.key.hasSuffix("manifest.json") }.values.map {
            String(decoding: $0, as: UTF8.self)
        }.joined()
        #expect(
            manifests.contains("\"recipient\": \"\(optedOut)\"") && manifests.contains("not sent: opted out"),
            "\(manifests)"
        )
        #expect(manifests.contains("not sent: e-mail off"))

        // One family's import: its member's preferences, and the whole opt-out list.
        let family = try sqlite("SELECT family_unit_id FROM family_members WHERE user_id = '\(player)'")
        #expect(try demo.run(["import", demo.uri, "--out", "one.db", "--family", family]).status == 0)
        let one = { (sql: String) in
            try ReportBatchProcess.tool("sqlite3", [demo.folder.file("one.db"), sql]).stdout.trimmingCharacters(
                in: .newlines
            )
        }
        #expect(
            try one("SELECT user_id, notification_type, email_enabled FROM notification_preferences ORDER BY id")
                == "\(player)|weekly_digest|0\n\(player)|offer|1"
        )
        #expect(try one("SELECT email FROM email_optouts") == optedOut)

        // A role that owns nothing and lacks BYPASSRLS would read an empty opt-out list: refused.
        try server.psql(
            demo.database,
            """
            DO $$ BEGIN CREATE ROLE rb_optouts LOGIN PASSWORD 'optouts-pw'; EXCEPTION WHEN duplicate_object THEN NULL; END $$;
            GRANT SELECT ON ALL TABLES IN SCHEMA public TO rb_optouts;
            """
                + [
                    "family_units", "users", "family_members", "user_preferences", "schools", "coaches", "interactions",
                    "performance_metrics",
                    "offers", "notification_preferences",
                ].map { "ALTER TABLE \($0) DISABLE ROW LEVEL SECURITY;" }.joined(separator: "\n")
        )
        let refused = try demo.run([
            "families", "--db", server.uri(demo.database, user: "rb_optouts", password: "optouts-pw"),
        ])
        #expect(refused.status == 77)
        #expect(refused.stderr.contains("row-level security on table 'email_optouts'"), "\(refused.stderr)")
    }

    /// Sharded from PostgreSQL: each shard's snapshot holds only its own families' rows (the
    /// shards' interactions add up to the database's, each read once), and the shards with the
    /// merged summary write what a whole run from PostgreSQL writes.
    @Test func shardsReadOnlyTheirOwnFamiliesRows() throws {
        let demo = try Demo(["--families", "12"])
        defer { demo.folder.remove() }
        let weekly = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
            .appendingPathComponent("weekly.yaml").path
        let whole = try demo.run(["run", weekly, "--db", demo.uri, "--out", "o", "--now", Self.now, "--quiet"])
        #expect(whole.status == 0, "\(whole.stderr)")
        try FileManager.default.moveItem(atPath: demo.folder.file("o"), toPath: demo.folder.file("whole"))
        let total = Int(try demo.server.psql(demo.database, "SELECT count(*) FROM interactions")) ?? -1
        var read = 0
        for shard in 0..<3 {
            let result = try demo.run([
                "run", weekly, "--db", demo.uri, "--out", "o", "--now", Self.now, "--shards", "3", "--shard",
                "\(shard)", "--verbose",
            ])
            #expect(result.status == 0, "\(result.stderr)")
            let own = try #require(
                result.stderr.firstMatch(of: /snapshot of \S+: \d+ schools, \d+ coaches, (\d+) interactions/).flatMap {
                    Int($0.output.1)
                },
                "\(result.stderr)"
            )
            #expect(own > 0 && own < total)
            read += own
        }
        #expect(read == total, "the shards read \(read) interactions of \(total)")
        let summarize = try demo.run(["summarize", "o"])
        #expect(summarize.status == 0, "\(summarize.stderr)")
        let shards = try Self.files(demo.folder.file("o")).filter {
            !$0.key.hasPrefix("shards/") && !$0.key.hasSuffix(".lock")
        }
        let expected = try Self.files(demo.folder.file("whole")).filter { !$0.key.hasSuffix(".lock") }
        #expect(Set(shards.keys) == Set(expected.keys))
        for (name, data) in expected
        where shards[name].map({ Summaries.comparable(name, $0) }) != Summaries.comparable(name, data) {
            Issue.record("\(name) differs between the whole run and the shards")
        }
    }

    @Test func aWrongPasswordIsRefusedAndNeverShown() throws {
        let server = try PostgresServer.sharedServer()
        let demo = try Demo(["--families", "1"])
        defer { demo.folder.remove() }
        try server.psql(
            demo.database,
            "DO $$ BEGIN CREATE ROLE rb_reader LOGIN PASSWORD 'reader-pw' BYPASSRLS; EXCEPTION WHEN duplicate_object THEN NULL; END $$; GRANT SELECT ON ALL TABLES IN SCHEMA public TO rb_reader"
        )
        let secret = "Wr0ng-S3cret"
        let wrong = try demo.run([
            "families", "--db", server.uri(demo.database, user: "rb_reader", password: secret), "--verbose",
        ])
        #expect(wrong.status == 77)
        #expect(wrong.stderr.contains("password authentication failed"), "\(wrong.stderr)")
        #expect(!(wrong.stdout + wrong.stderr).contains(secret))
        // The right password, in a run: no output, summary or manifest holds it.
        let good = "reader-pw"
        let weekly = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
            .appendingPathComponent("weekly.yaml").path
        let run = try demo.run([
            "run", weekly, "--db", server.uri(demo.database, user: "rb_reader", password: good), "--out", "o", "--now",
            Self.now, "--verbose",
        ])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(!(run.stdout + run.stderr).contains(good))
        for (name, data) in try Self.files(demo.folder.file("o")) {
            #expect(!String(decoding: data, as: UTF8.self).contains(good), "\(name)")
        }
        #expect(run.stdout.contains("postgresql://rb_reader@127.0.0.1:\(server.port)/\(demo.database)"))
        // A malformed URI: 64, without the password.
        let malformed = try demo.run([
            "families", "--db", server.uri(demo.database, user: "rb_reader", password: good, query: "nonsense=1"),
        ])
        #expect(malformed.status == 64)
        #expect(!malformed.stderr.contains(good) && malformed.stderr.contains("nonsense"), "\(malformed.stderr)")
    }

    @Test func anUnreachableServerIs69AndWritesNothing() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let stopped = try PostgresServer(ssl: false)
        let uri = stopped.uri("postgres")
        stopped.stop()
        let result = try ReportBatchProcess.run(
            ["report", "--db", uri, "--family", "f", "--out", "o"],
            in: folder.path
        )
        #expect(result.status == 69)
        #expect(result.stderr.contains("127.0.0.1") && result.stderr.contains("\(stopped.port)"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.file("o")))
        #expect(try Self.leftoverSnapshots().isEmpty)
    }

    @Test func tlsIsUsedWhenRequiredAndItsAbsenceIsClear() throws {
        let demo = try Demo(["--families", "1"])
        defer { demo.folder.remove() }
        let secure = try demo.run(["families", "--db", demo.server.uri(demo.database, query: "sslmode=require")])
        #expect(secure.status == 0, "\(secure.stderr)")
        let plainServer = try PostgresServer(ssl: false)
        defer { plainServer.stop() }
        let refused = try demo.run(["families", "--db", plainServer.uri("postgres", query: "sslmode=require")])
        #expect(refused.status == 69)
        #expect(refused.stderr.contains("SSL"), "\(refused.stderr)")
    }

    @Test func aKeptSnapshotRerunsOfflineAndOneFamilyReadsOnlyItsRows() throws {
        let server = try PostgresServer.sharedServer()
        let demo = try Demo()
        defer { demo.folder.remove() }
        let weekly = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
            .appendingPathComponent("weekly.yaml").path
        #expect(try demo.run(["import", demo.uri, "--out", "snap.db"]).status == 0)
        #expect(try demo.run(["run", weekly, "--db", demo.uri, "--out", "a", "--now", Self.now]).status == 0)
        #expect(try demo.run(["run", weekly, "--db", "snap.db", "--out", "b", "--now", Self.now]).status == 0)
        try Self.expectSameFiles(
            demo.folder.file("a"),
            demo.folder.file("b"),
            ignoring: ["summary.txt", "summary.html"]
        )

        let family = try server.psql(
            demo.database,
            "SELECT family_unit_id FROM schools GROUP BY 1 ORDER BY count(*) LIMIT 1"
        )
        // A user who is not a member logged one of the family's interactions: the snapshot has them too ("Logged By").
        try server.psql(
            demo.database,
            """
            INSERT INTO users (id, email, full_name, role) VALUES ('00000000-0000-4000-8000-0000000000b1', 'helper@example.com', 'Ada Helper', 'parent');
            UPDATE interactions SET logged_by = '00000000-0000-4000-8000-0000000000b1'
            WHERE id = (SELECT id FROM interactions WHERE family_unit_id = '\(family)' ORDER BY id LIMIT 1);
            """
        )
        let one = try demo.run(["import", demo.uri, "--out", "one.db", "--family", family])
        #expect(one.status == 0, "\(one.stderr)")
        let sqlite = { (sql: String) in
            try ReportBatchProcess.tool("sqlite3", [demo.folder.file("one.db"), sql]).stdout.trimmingCharacters(
                in: .newlines
            )
        }
        for table in ["schools", "coaches", "interactions", "performance_metrics", "offers", "family_members"] {
            #expect(
                try sqlite("SELECT count(*) FROM \(table) WHERE family_unit_id IS NOT '\(family)'") == "0",
                "\(table)"
            )
            #expect(
                try sqlite("SELECT count(*) FROM \(table)")
                    == (try server.psql(
                        demo.database,
                        "SELECT count(*) FROM \(table) WHERE family_unit_id = '\(family)'"
                    )),
                "\(table)"
            )
        }
        #expect(try sqlite("SELECT group_concat(id) FROM family_units") == family)
        #expect(
            try sqlite("SELECT group_concat(full_name) FROM users WHERE id NOT IN (SELECT user_id FROM family_members)")
                == "Ada Helper"
        )
        let unknown = try demo.run(["import", demo.uri, "--out", "none.db", "--family", "no-such-family"])
        #expect(unknown.status == 64)
        #expect(!FileManager.default.fileExists(atPath: demo.folder.file("none.db")))
    }

    @Test func anotherSchemaAndAnAppSchemaWithoutTheOptionalColumns() throws {
        let server = try PostgresServer.sharedServer()
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let database = try server.createDatabase("schema")
        let uri = server.uri(database, query: "schema=app")
        for out in ["demo.db", uri] {
            let demo = try ReportBatchProcess.run(
                ["demo", "--out", out, "--now", Self.now, "--without-optional-columns"],
                in: folder.path
            )
            try #require(demo.status == 0, "\(demo.stderr)")
        }
        #expect(try server.psql(database, "SELECT count(*) FROM app.schools") != "0")
        #expect(
            try server.psql(
                database,
                "SELECT count(*) FROM pg_tables WHERE schemaname = 'public' AND tablename = 'schools'"
            ) == "0"
        )
        let weekly = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
            .appendingPathComponent("weekly.yaml").path
        let a = try ReportBatchProcess.run(
            ["run", weekly, "--db", "demo.db", "--out", "a", "--now", Self.now],
            in: folder.path
        )
        let b = try ReportBatchProcess.run(
            ["run", weekly, "--db", uri, "--out", "b", "--now", Self.now],
            in: folder.path
        )
        #expect(a.status == 0 && b.status == 0, "\(b.stderr)")
        try Self.expectSameFiles(folder.file("a"), folder.file("b"), ignoring: ["summary.txt", "summary.html"])
        // The note names the columns the app's schema lacks, and the database without the schema parameter's secrets.
        #expect(
            b.stderr.contains(
                "has no column schools.fit_score, schools.priority_tier, schools.ranking, coaches.responsiveness_score"
            ),
            "\(b.stderr)"
        )
        #expect(b.stderr.contains("postgresql://postgres@127.0.0.1:\(server.port)/\(database)"))
    }

    @Test func aMissingColumnOrAColumnOfAnotherTypeIs65() throws {
        let server = try PostgresServer.sharedServer()
        let demo = try Demo(["--families", "1"])
        defer { demo.folder.remove() }
        try server.psql(demo.database, "ALTER TABLE coaches ALTER COLUMN last_contact_date TYPE text")
        let type = try demo.run(["families", "--db", demo.uri])
        #expect(type.status == 65)
        #expect(
            type.stderr.contains("'coaches.last_contact_date' is of type text")
                && type.stderr.contains("timestamp with time zone"),
            "\(type.stderr)"
        )
        try server.psql(demo.database, "ALTER TABLE coaches DROP COLUMN last_contact_date")
        let missing = try demo.run(["families", "--db", demo.uri])
        #expect(missing.status == 65)
        #expect(missing.stderr.contains("table 'coaches' has no column 'last_contact_date'"), "\(missing.stderr)")
        try server.psql(demo.database, "DROP TABLE offers")
        let table = try demo.run(["check", "--db", demo.uri])
        #expect(table.status == 65)
        #expect(table.stderr.contains("no table 'offers'"), "\(table.stderr)")
    }

    /// A connection that breaks mid-read, and a statement timeout, are 69; nothing is written
    /// and the snapshot is removed.
    @Test(arguments: ["terminate", "timeout"])
    func aReadThatBreaksOffIs69(how: String) throws {
        let server = try PostgresServer.sharedServer()
        let demo = try Demo(["--families", "1"])
        defer { demo.folder.remove() }
        // Another session holds a lock on interactions, so that the read waits there.
        let holder = try LockHolder(server: server, database: demo.database, table: "interactions")
        defer { _ = holder.finish("ROLLBACK;") }
        let weekly = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
            .appendingPathComponent("weekly.yaml").path
        let uri = how == "timeout" ? server.uri(demo.database, query: "options=-c%20statement_timeout%3D300") : demo.uri
        let run = try ReportBatchProcess.start(
            ["run", weekly, "--db", uri, "--out", "o", "--now", Self.now],
            in: demo.folder.path
        )
        if how == "terminate" {
            try #require(try holder.readerWaits())
            try server.psql(
                demo.database,
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'report-batch'"
            )
        }
        run.waitUntilExit()
        #expect(run.terminationStatus == 69)
        #expect(!FileManager.default.fileExists(atPath: demo.folder.file("o/summary.txt")))
        #expect(try Self.files(demo.folder.file("o")).keys.filter { !$0.hasPrefix(".report-batch") }.isEmpty)
        #expect(try Self.leftoverSnapshots().isEmpty)
    }

    /// Another session (psql) that holds an ACCESS EXCLUSIVE lock on a table in an open
    /// transaction until `finish` sends it the rest of its statements.
    final class LockHolder {
        let process = Process()
        let input = Pipe()
        private let server: PostgresServer
        private let database: String
        private var finished = false

        init(server: PostgresServer, database: String, table: String) throws {
            self.server = server
            self.database = database
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["psql"] + server.psqlArguments(database)
            process.standardInput = input
            process.standardOutput = FileHandle.nullDevice
            try process.run()
            input.fileHandleForWriting.write(
                Data("BEGIN; LOCK TABLE \(table) IN ACCESS EXCLUSIVE MODE; SELECT 1;\n".utf8)
            )
            var locked = false
            for _ in 0..<250 where !locked {
                locked =
                    try server.psql(
                        database,
                        "SELECT count(*) FROM pg_locks WHERE relation = '\(table)'::regclass AND mode = 'AccessExclusiveLock' AND granted"
                    ) == "1"
                if !locked { usleep(20_000) }
            }
            try #require(locked, "the other session never took its lock")
        }

        /// Whether report-batch's connection comes to wait on the lock (within 10 s).
        func readerWaits() throws -> Bool {
            for _ in 0..<500 {
                if try server.psql(
                    database,
                    "SELECT count(*) FROM pg_stat_activity WHERE application_name = 'report-batch' AND wait_event_type = 'Lock'"
                ) == "1" {
                    return true
                }
                usleep(20_000)
            }
            return false
        }

        /// Sends `sql` and ends the session; true when psql ran it all without an error.
        func finish(_ sql: String) -> Bool {
            guard !finished else { return true }
            finished = true
            try? input.fileHandleForWriting.write(contentsOf: Data((sql + "\n\\q\n").utf8))
            try? input.fileHandleForWriting.close()
            process.waitUntilExit()
            return process.terminationStatus == 0
        }
    }

    /// Snapshots left in the temporary folder by this process's runs (there must be none).
    static func leftoverSnapshots() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: NSTemporaryDirectory()).filter {
            $0.hasPrefix(".snapshot.db.report-batch-tmp-")
        }
    }
}
