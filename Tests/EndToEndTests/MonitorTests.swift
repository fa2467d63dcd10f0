import Foundation
import TestSupport
import Testing

/// The job file's `monitor:` section (docs/cli.md, "Watching the run") against real servers:
/// the tests' own HTTP server misbehaving on cue, Prometheus' Pushgateway, and the textfile
/// read back by prometheus_client's parser. A monitor never changes the run's files or exit code.
struct MonitorTests {
    static let now = "2026-11-23T12:00:00Z"
    /// The check's key in the ping URL's path: a secret that must never be printed.
    static let key = "5bf1c2d4-check-key"

    /// The demo and a job of one list for every family, with `monitor` lines added.
    static func job(_ demo: ReportCommandTests.Demo, _ monitor: [String], name: String = "job.yaml") throws -> String {
        let text =
            "outputs:\n  - export: coaches\n    formats: [csv]\n"
            + (monitor.isEmpty ? "" : "monitor:\n" + monitor.map { "  \($0)\n" }.joined())
        try text.write(toFile: demo.folder.file(name), atomically: true, encoding: .utf8)
        return name
    }

    /// The lines of stderr that are warnings (progress lines go there too when stdout is no terminal).
    static func warnings(_ result: CommandResult) -> [String] {
        result.stderr.split(separator: "\n").map(String.init).filter { $0.hasPrefix("report-batch: warning: ") }
    }

    static func run(
        _ demo: ReportCommandTests.Demo,
        _ job: String,
        out: String,
        db: String = "demo.db"
    ) throws -> CommandResult {
        try ReportBatchProcess.run(["run", job, "--db", db, "--out", out, "--now", now], in: demo.folder.path)
    }

    /// Every file under `root` but the summaries (whose warnings and Duration may differ), with its bytes.
    static func files(_ root: String) -> [String: Data] {
        var files: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(atPath: root)
        while let path = enumerator?.nextObject() as? String {
            guard !path.hasPrefix("summary."), !path.hasPrefix(".report-batch"),
                let data = FileManager.default.contents(atPath: root + "/" + path)
            else { continue }
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: root + "/" + path, isDirectory: &isFolder), !isFolder.boolValue {
                files[path] = data
            }
        }
        return files
    }

    /// The textfile's samples as prometheus_client's parser reads them: "name{k=v,…} value" lines, sorted.
    static func parsed(_ path: String) throws -> [String] {
        let script = """
            import sys
            from prometheus_client.parser import text_string_to_metric_families
            for family in text_string_to_metric_families(open(sys.argv[1]).read()):
                assert family.type == "gauge", family.name
                assert family.documentation, family.name
                for s in family.samples:
                    labels = ",".join(f"{k}={v}" for k, v in sorted(s.labels.items()))
                    print(f"{s.name}{{{labels}}} {s.value!r}")
            """
        let result = try ReportBatchProcess.tool("python3", ["-c", script, path])
        try #require(result.status == 0, "prometheus_client refused the textfile: \(result.stderr)")
        return result.stdout.split(separator: "\n").map(String.init).sorted()
    }

    @Test(.tags(.pythonReader)) func theTextfileIsReadableByPrometheusAndKeepsTheLastSuccess() throws {
        let demo = try ReportCommandTests.Demo()
        defer { demo.folder.remove() }
        try FileManager.default.createDirectory(atPath: demo.folder.file("metrics"), withIntermediateDirectories: true)
        let job = try Self.job(demo, ["textfile: metrics/report-batch.prom"])
        let ok = try Self.run(demo, job, out: "o")
        #expect(ok.status == 0, "\(ok.stderr)")
        let path = demo.folder.file("metrics/report-batch.prom")
        let mode = try #require(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
        #expect(mode == 0o644)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: demo.folder.file("metrics")) == ["report-batch.prom"]
        )
        let first = try Self.parsed(path)
        #expect(first.contains("report_batch_families{job=weekly-report,outcome=failed,shard=0} 0"), "\(first)")
        #expect(first.contains { $0.hasPrefix("report_batch_files_written{job=weekly-report,shard=0} ") })
        let success = try #require(first.first { $0.hasPrefix("report_batch_last_success_timestamp_seconds") })
        #expect(first.count == 11, "\(first)")

        // A run that stops before its families: the counts are zero, the last success stays.
        let failed = try Self.run(demo, job, out: "o2", db: "missing.db")
        #expect(failed.status == 66)
        let second = try Self.parsed(path)
        #expect(second.contains(success), "\(second)")
        #expect(second.contains("report_batch_families{job=weekly-report,outcome=ok,shard=0} 0"), "\(second)")
    }

    @Test func aTextfileFolderThatDoesNotExistIsAWarning() throws {
        let demo = try ReportCommandTests.Demo()
        defer { demo.folder.remove() }
        let result = try Self.run(demo, try Self.job(demo, ["textfile: nowhere/report-batch.prom"]), out: "o")
        #expect(result.status == 0)
        #expect(result.stderr.contains("report-batch: warning: the metrics textfile's folder 'nowhere' does not exist"))
        #expect(!FileManager.default.fileExists(atPath: demo.folder.file("nowhere")))
    }

    @Test(.tags(.httpServer)) func thePingsFollowHealthchecksAndCarryNoFamilyName() throws {
        let demo = try ReportCommandTests.Demo()
        defer { demo.folder.remove() }
        let server = try HTTPTestServer(folder: demo.folder)
        let url = "\(server.url)/\(Self.key)"
        let ok = try Self.run(demo, try Self.job(demo, ["ping_url: \(url)"]), out: "o")
        #expect(ok.status == 0 && Self.warnings(ok).isEmpty, "\(ok.stderr)")
        let failed = try Self.run(
            demo,
            try Self.job(demo, ["ping_url: \(url)"], name: "j2.yaml"),
            out: "o2",
            db: "x.db"
        )
        #expect(failed.status == 66)
        let coded = try Self.run(
            demo,
            try Self.job(demo, ["ping_url: \(url)/", "ping_exit_codes: true"], name: "j3.yaml"),
            out: "o3",
            db: "x.db"
        )
        #expect(coded.status == 66)
        let requests = server.requests
        #expect(
            requests.map { "\($0.method) \($0.path)" } == [
                "GET /\(Self.key)/start", "POST /\(Self.key)", "GET /\(Self.key)/start", "POST /\(Self.key)/fail",
                "GET /\(Self.key)/start", "POST /\(Self.key)/66",
            ]
        )
        let body = try #require(requests.dropFirst().first?.body)
        #expect(body.hasPrefix("4 families: 3 ok, 1 skipped (no data), 0 failed\nexit code: 0 ("), "\(body)")
        for name in ["Rivera", "Tanaka", "Nguy"] { #expect(!body.contains(name)) }
        #expect(requests[3].body == "exit code: 66 (input missing or unreadable)\n")
    }

    /// A ping server that fails, never answers, hangs up or answers late: the same files and
    /// exit code as without it, each ping within 30 s, the warning naming only the host.
    @Test(.tags(.httpServer), arguments: [HTTPTestServer.Mode.failFirst(1), .never, .close, .slow(12)])
    func aMisbehavingPingServerChangesNothing(_ mode: HTTPTestServer.Mode) throws {
        let demo = try ReportCommandTests.Demo()
        defer { demo.folder.remove() }
        let plain = try Self.run(demo, try Self.job(demo, [], name: "plain.yaml"), out: "plain")
        let server = try HTTPTestServer(folder: demo.folder, mode: mode)
        let started = Date()
        let watched = try Self.run(demo, try Self.job(demo, ["ping_url: \(server.url)/\(Self.key)"]), out: "o")
        let seconds = Date().timeIntervalSince(started)
        #expect(watched.status == plain.status && watched.status == 0)
        #expect(Self.files(demo.folder.file("o")) == Self.files(demo.folder.file("plain")))
        #expect(seconds < 2 * 30 + 15, "took \(seconds) s")
        #expect(!watched.stderr.contains(Self.key))
        let summary = try String(contentsOfFile: demo.folder.file("o/summary.txt"), encoding: .utf8)
        #expect(!summary.contains(Self.key))
        if case .failFirst = mode {
            #expect(Self.warnings(watched).isEmpty, "\(watched.stderr)")
            #expect(server.requests.map(\.method) == ["GET", "GET", "POST"])
        } else {
            #expect(
                watched.stderr.contains("report-batch: warning: the start ping to 127.0.0.1 failed: "),
                "\(watched.stderr)"
            )
            #expect(watched.stderr.contains("report-batch: warning: the end ping to 127.0.0.1 failed: "))
            #expect(summary.contains("\nwarning: the start ping to 127.0.0.1 failed: "), "\(summary)")
            #expect(server.requests.count == 6, "three tries a ping: \(server.requests.map(\.path))")
        }
    }

    @Test(.tags(.httpServer)) func thePushgatewayKeepsTheLastSuccessThroughAFailure() throws {
        let demo = try ReportCommandTests.Demo()
        defer { demo.folder.remove() }
        let gateway = try PushgatewayServer()
        let job = try Self.job(demo, ["pushgateway: \(gateway.url)"])
        #expect(try Self.run(demo, job, out: "o").status == 0)
        func samples() throws -> [String] {
            try gateway.metrics().split(separator: "\n").map(String.init).filter { $0.hasPrefix("report_batch_") }
        }
        let first = try samples()
        #expect(
            first.contains("report_batch_families{instance=\"\",job=\"weekly-report\",outcome=\"ok\"} 3"),
            "\(first)"
        )
        #expect(first.contains { $0.hasPrefix("report_batch_files_written{instance=\"\",job=\"weekly-report\"} ") })
        let success = try #require(first.first { $0.hasPrefix("report_batch_last_success_timestamp_seconds") })
        let lastRun = try #require(first.first { $0.hasPrefix("report_batch_last_run_timestamp_seconds") })
        sleep(1)
        #expect(try Self.run(demo, job, out: "o2", db: "missing.db").status == 66)
        let second = try samples()
        #expect(second.contains(success), "\(second)")
        #expect(!second.contains(lastRun))
        #expect(second.contains("report_batch_families{instance=\"\",job=\"weekly-report\",outcome=\"ok\"} 0"))
    }

    /// A sharded run pings once, from `summarize --job`, at its end; its shards ping nothing.
    @Test(.tags(.httpServer)) func aShardedRunPingsFromSummarize() throws {
        let demo = try ReportCommandTests.Demo()
        defer { demo.folder.remove() }
        let server = try HTTPTestServer(folder: demo.folder)
        let gateway = try PushgatewayServer()
        let job = try Self.job(demo, ["ping_url: \(server.url)/\(Self.key)", "pushgateway: \(gateway.url)"])
        for shard in ["0", "1"] {
            let result = try ReportBatchProcess.run(
                ["run", job, "--db", "demo.db", "--out", "o", "--now", Self.now, "--shards", "2", "--shard", shard],
                in: demo.folder.path
            )
            #expect(result.status == 0, "\(result.stderr)")
        }
        #expect(server.requests.isEmpty)
        let summary = try ReportBatchProcess.run(["summarize", "o", "--job", job], in: demo.folder.path)
        #expect(summary.status == 0 && Self.warnings(summary).isEmpty, "\(summary.stderr)")
        #expect(server.requests.map { "\($0.method) \($0.path)" } == ["POST /\(Self.key)"])
        #expect(server.requests.first?.body.hasPrefix("4 families: 3 ok, 1 skipped (no data), 0 failed\n") == true)
        // Each shard's group, and the run's from summarize, side by side in the gateway.
        let families = try gateway.metrics().split(separator: "\n").filter {
            $0.hasPrefix("report_batch_families{") && $0.contains("outcome=\"ok\"")
        }
        #expect(families.count == 3, "\(families)")
        #expect(families.contains { $0.contains("shard=\"0\"") } && families.contains { $0.contains("shard=\"1\"") })
        #expect(families.contains { !$0.contains("shard=") && $0.hasSuffix(" 3") }, "\(families)")
        // Another job file than the shards ran is refused (65), and its monitors are not told.
        let other = try Self.job(demo, ["ping_url: \(server.url)/other"], name: "other.yaml")
        let refused = try ReportBatchProcess.run(["summarize", "o", "--job", other], in: demo.folder.path)
        #expect(refused.status == 65)
        #expect(refused.stderr.contains("--job 'other.yaml' is not the job file the shards ran"), "\(refused.stderr)")
        #expect(server.requests.count == 1, "\(server.requests.map(\.path))")
    }

    /// Every monitor set, against servers that never answer (an HTTP server for the ping and
    /// the gateway, the same for PostgreSQL's connection): the same files and exit code as
    /// without them, within the bounds (10 s for the row's connection, 30 s a ping or push).
    @Test(.tags(.httpServer)) func everyMonitorAgainstServersThatNeverAnswer() throws {
        let demo = try ReportCommandTests.Demo()
        defer { demo.folder.remove() }
        try FileManager.default.createDirectory(atPath: demo.folder.file("m"), withIntermediateDirectories: true)
        let plain = try Self.run(demo, try Self.job(demo, [], name: "plain.yaml"), out: "plain")
        let server = try HTTPTestServer(folder: demo.folder, mode: .never)
        let job = try Self.job(
            demo,
            [
                "ping_url: \(server.url)/\(Self.key)", "pushgateway: \(server.url)", "textfile: m/rb.prom",
                "app_jobs_env: APP_JOBS_URL",
            ]
        )
        let started = Date()
        let watched = try ReportBatchProcess.run(
            ["run", job, "--db", "demo.db", "--out", "o", "--now", Self.now],
            in: demo.folder.path,
            environment: ["APP_JOBS_URL": "postgresql://report_batch_jobs:pw@127.0.0.1:\(server.port)/app"]
        )
        let seconds = Date().timeIntervalSince(started)
        #expect(watched.status == plain.status && watched.status == 0)
        #expect(Self.files(demo.folder.file("o")) == Self.files(demo.folder.file("plain")))
        #expect(seconds < 10 + 3 * 30 + 15, "took \(seconds) s")
        let warnings = Self.warnings(watched)
        #expect(warnings.count == 4, "\(warnings)")
        #expect(warnings.allSatisfy { !$0.contains(Self.key) && !$0.contains(":pw@") })
        #expect(FileManager.default.fileExists(atPath: demo.folder.file("m/rb.prom")))
    }
}
