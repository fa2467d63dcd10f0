import Foundation
import TestSupport
import Testing

/// The run's row in the app's `public.cron_runs` (docs/cli.md, "Watching the run"), written
/// through a role given only what docs/cli.md's SQL gives it, in the tests' own server.
@Suite(.tags(.postgres), .serialized)
struct AppJobsTests {
    /// The app's table as its migration 20260825000000_cron_runs.sql makes it: the same
    /// columns, types, check and row-level security with no policy.
    static let table = """
        CREATE TABLE public.cron_runs (
          id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
          job_name text NOT NULL,
          started_at timestamptz NOT NULL DEFAULT now(),
          finished_at timestamptz,
          status text NOT NULL DEFAULT 'running' CHECK (status IN ('running', 'success', 'partial', 'error')),
          rows_processed integer,
          rows_failed integer,
          duration_ms integer,
          error text,
          created_at timestamptz NOT NULL DEFAULT now()
        );
        ALTER TABLE public.cron_runs ENABLE ROW LEVEL SECURITY;
        """

    /// docs/cli.md's SQL for the administrator, with a role name of this test's own.
    static let password = "cron-\(UUID().uuidString.prefix(8))"

    static func adminSQL(role: String) throws -> String {
        let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("docs/cli.md")
        let text = try String(contentsOf: docs, encoding: .utf8)
        let marker = try #require(text.range(of: "```sql\n-- report-batch's role for the app's Jobs tab"))
        let start = text.index(marker.lowerBound, offsetBy: "```sql\n".count)
        let end = try #require(text.range(of: "```", range: marker.upperBound..<text.endIndex))
        return String(text[start..<end.lowerBound]).replacingOccurrences(of: "report_batch_jobs", with: role)
            .replacingOccurrences(of: "'CHANGE-ME'", with: "'\(password)'")
    }

    struct Setup {
        let folder: TemporaryFolder
        let server: PostgresServer
        let database: String
        let role: String

        init(withTable: Bool = true) throws {
            folder = try TemporaryFolder()
            server = try PostgresServer.sharedServer()
            database = try server.createDatabase("app_jobs")
            role = "report_batch_jobs_\(UUID().uuidString.prefix(8).lowercased())"
            try server.psql(database, AppJobsTests.table)
            try server.psql(database, try AppJobsTests.adminSQL(role: role))
            if !withTable { try server.psql(database, "DROP TABLE public.cron_runs") }
            _ = try ReportBatchProcess.run(["demo", "--out", "demo.db", "--today", "2026-11-22"], in: folder.path)
            try "outputs:\n  - export: coaches\nmonitor:\n  app_jobs_env: APP_JOBS_URL\n".write(
                toFile: folder.file("job.yaml"),
                atomically: true,
                encoding: .utf8
            )
            try "outputs:\n  - export: coaches\n".write(
                toFile: folder.file("plain.yaml"),
                atomically: true,
                encoding: .utf8
            )
        }

        func run(_ job: String, out: String, db: String = "demo.db", uri: String? = nil) throws -> CommandResult {
            try ReportBatchProcess.run(
                ["run", job, "--db", db, "--out", out, "--now", "2026-11-23T12:00:00Z"],
                in: folder.path,
                environment: ["APP_JOBS_URL": uri ?? server.uri(database, user: role, password: AppJobsTests.password)]
            )
        }

        func rows() throws -> [String] {
            try server.psql(
                database,
                """
                SELECT job_name, status, coalesce(rows_processed::text, '-'), coalesce(rows_failed::text, '-'),
                  (duration_ms >= 0 AND finished_at >= started_at AND started_at > now() - interval '5 minutes')::text,
                  coalesce(error, '-') FROM public.cron_runs ORDER BY started_at
                """
            ).split(separator: "\n").map(String.init)
        }
    }

    @Test func theRunIsRecordedAsTheAppsOwnJobsAre() throws {
        let setup = try Setup()
        defer { setup.folder.remove() }
        let ok = try setup.run("job.yaml", out: "o")
        #expect(ok.status == 0 && !ok.stderr.contains("warning"), "\(ok.stderr)")
        #expect(try setup.rows() == ["weekly-report|success|4|0|true|-"])
        let failed = try setup.run("job.yaml", out: "o2", db: "missing.db")
        #expect(failed.status == 66)
        let rows = try setup.rows()
        #expect(rows.count == 2)
        #expect(rows.last?.hasPrefix("weekly-report|error|-|-|true|") == true, "\(rows)")
        #expect(rows.last?.contains("missing.db") == true, "\(rows)")
        // The role reads and writes cron_runs and nothing else.
        let other = try ReportBatchProcess.tool(
            "psql",
            [
                setup.server.uri(setup.database, user: setup.role, password: Self.password), "-c",
                "CREATE TABLE public.x (a int)",
            ]
        )
        #expect(other.status != 0)
    }

    /// A server that refuses the role, or a database without the table: the same files and
    /// exit code as a run without the monitor, and a warning.
    @Test(arguments: ["refused", "no table"])
    func aRecordThatCannotBeWrittenIsAWarning(_ case: String) throws {
        let setup = try Setup(withTable: `case` != "no table")
        defer { setup.folder.remove() }
        let uri = `case` == "refused" ? setup.server.uri(setup.database, user: setup.role, password: "wrong") : nil
        let plain = try setup.run("plain.yaml", out: "plain")
        let watched = try setup.run("job.yaml", out: "o", uri: uri)
        #expect(watched.status == plain.status && watched.status == 0)
        let warnings = watched.stderr.split(separator: "\n").filter { $0.hasPrefix("report-batch: warning: ") }
        #expect(warnings.count == 1, "\(watched.stderr)")
        #expect(warnings.first?.hasPrefix("report-batch: warning: the app's cron_runs could not be written") == true)
        let summary = try String(contentsOfFile: setup.folder.file("o/summary.txt"), encoding: .utf8)
        #expect(summary.contains("warning: the app's cron_runs could not be written"))
        for name in ["Rivera Family"] { #expect(summary.contains(name)) }
        let files = try FileManager.default.subpathsOfDirectory(atPath: setup.folder.file("o")).filter {
            !$0.hasPrefix("summary.") && !$0.hasPrefix(".report-batch")
        }
        let plainFiles = try FileManager.default.subpathsOfDirectory(atPath: setup.folder.file("plain")).filter {
            !$0.hasPrefix("summary.") && !$0.hasPrefix(".report-batch")
        }
        #expect(files.sorted() == plainFiles.sorted())
    }

    /// A sharded run is one row, written by `summarize --job`, started at its earliest shard's
    /// start; its shards write none.
    @Test func aShardedRunIsOneRowWrittenBySummarize() throws {
        let setup = try Setup()
        defer { setup.folder.remove() }
        let environment = [
            "APP_JOBS_URL": setup.server.uri(setup.database, user: setup.role, password: Self.password)
        ]
        let before = try setup.server.psql(setup.database, "SELECT now()")
        for shard in 0..<2 {
            let result = try ReportBatchProcess.run(
                [
                    "run", "job.yaml", "--db", "demo.db", "--out", "o", "--now", "2026-11-23T12:00:00Z", "--shards",
                    "2",
                    "--shard", "\(shard)",
                ],
                in: setup.folder.path,
                environment: environment
            )
            #expect(result.status == 0, "\(result.stderr)")
        }
        #expect(try setup.rows().isEmpty, "a shard wrote a row")
        let shardsDone = try setup.server.psql(setup.database, "SELECT now()")
        sleep(1)
        let summary = try ReportBatchProcess.run(
            ["summarize", "o", "--job", "job.yaml"],
            in: setup.folder.path,
            environment: environment
        )
        #expect(summary.status == 0 && !summary.stderr.contains("warning"), "\(summary.stderr)")
        #expect(try setup.rows() == ["weekly-report|success|4|0|true|-"])
        let startedAt = try setup.server.psql(
            setup.database,
            """
            SELECT (started_at >= '\(before)'::timestamptz - interval '1 second'
              AND started_at < '\(shardsDone)'::timestamptz)::text FROM public.cron_runs
            """
        )
        #expect(startedAt == "true", "started_at is the earliest shard's start, not summarize's")
    }
}
