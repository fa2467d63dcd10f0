import Batch
import Core
import Foundation
import TestSupport
import Testing

/// The job file's reader (Sources/Batch/YAMLNodeReader+Job.swift and its sections): every key
/// checked before any work, each problem one line naming the file, the line and the key.
struct JobFileReaderTests {
    static let outputs = "outputs:\n  - export: coaches\n"

    /// Loads `yaml` as a job file; the job, or the usage error's message.
    static func load(_ yaml: String, environment: [String: String] = [:]) throws -> Result<BatchJob, UsageError> {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.file("job.yaml")
        try yaml.write(toFile: path, atomically: true, encoding: .utf8)
        for (name, value) in environment { setenv(name, value, 1) }
        defer { for name in environment.keys { unsetenv(name) } }
        do {
            return .success(try BatchJob.load(path))
        } catch let error as UsageError {
            return .failure(error)
        }
    }

    static func message(_ yaml: String) throws -> String {
        switch try load(yaml) {
        case .success: return ""
        case .failure(let error): return error.message
        }
    }

    @Test func aJobWithoutNameOrMonitorIsTheWeeklyReportWatchedByNothing() throws {
        let job = try Self.load(Self.outputs).get()
        #expect(job.name == "weekly-report")
        #expect(job.monitor.isEmpty)
        #expect(job.families == .all)
        #expect(job.root == "out" && job.folder == "{family_slug}/{to}")
    }

    @Test func everyMonitorKeyIsRead() throws {
        let yaml = """
            name: weekly-recaps.v2
            monitor:
              ping_url: https://hc-ping.com/8d5e1f0a-secret-key/
              ping_exit_codes: true
              textfile: /var/lib/node_exporter/textfile_collector/report-batch.prom
              pushgateway: http://pushgateway.monitoring:9091
              app_jobs_env: APP_JOBS_DATABASE_URL_TEST

            """ + Self.outputs
        let job = try Self.load(yaml, environment: ["APP_JOBS_DATABASE_URL_TEST": "postgresql://cron@db/app"]).get()
        #expect(job.name == "weekly-recaps.v2")
        #expect(job.monitor.ping?.base == "https://hc-ping.com/8d5e1f0a-secret-key")
        #expect(job.monitor.ping?.host == "hc-ping.com")
        #expect(job.monitor.pingExitCodes)
        #expect(job.monitor.textfile == "/var/lib/node_exporter/textfile_collector/report-batch.prom")
        #expect(job.monitor.pushgateway?.base == "http://pushgateway.monitoring:9091")
        #expect(job.monitor.appJobsEnv == "APP_JOBS_DATABASE_URL_TEST")
        #expect(job.monitor.appJobsURI == "postgresql://cron@db/app")
    }

    /// A URL's path holds the check's key: a message names its host, never the rest.
    @Test(arguments: [
        ("ping_url: https://user:pw@hc-ping.com/secret-key", "no user or password (host 'hc-ping.com')"),
        ("ping_url: https://hc-ping.com/secret-key?x=1", "no query or fragment (host 'hc-ping.com')"),
        ("ping_url: ftp://hc-ping.com/secret-key", "http:// or https:// URL with a host"),
        ("pushgateway: http://gw:9091/secret key", "without spaces"),
        ("textfile: /tmp/metrics.txt", "ending in .prom"),
        ("ping_exit_codes: maybe", "'ping_exit_codes' must be true or false"),
        ("app_jobs_env: postgresql://x", "names an environment variable"),
        ("sentry: https://example.com", "unknown key 'sentry' in 'monitor'"),
    ])
    func aBadMonitorKeyIsAUsageErrorNamingTheLine(_ line: String, _ expected: String) throws {
        let message = try Self.message("monitor:\n  \(line)\n" + Self.outputs)
        #expect(message.contains("job.yaml:2:"), "\(message)")
        #expect(message.contains(expected), "\(message)")
        #expect(!message.contains("secret"), "the URL's path is printed: \(message)")
        #expect(!message.contains("\n"))
    }

    @Test(arguments: ["", "-weekly", "weekly report", "weekly/report", String(repeating: "a", count: 65), "~"])
    func aNameOutsideItsCharactersIsRefused(_ name: String) throws {
        let message = try Self.message("name: \"\(name)\"\n" + Self.outputs)
        #expect(message.contains("job.yaml:1:") && message.contains("'name'"), "\(message)")
    }

    @Test func anUnsetAppJobsVariableStopsTheJobBeforeAnyWork() throws {
        let message = try Self.message("monitor: {app_jobs_env: REPORT_BATCH_UNSET_VARIABLE_X}\n" + Self.outputs)
        #expect(message.contains("REPORT_BATCH_UNSET_VARIABLE_X, which 'monitor.app_jobs_env' names, is not set"))
    }

    @Test(arguments: [
        ("families: []", "'families' must be 'all' or a list of family ids"),
        ("bad_rows: maybe", "'bad_rows' must be fail or skip"),
        ("output: {folder: \"{to}\"}", "must contain {family_slug} or {family_id}"),
        ("database: ~", "'database' is null"),
        ("timezone: GMT+5", "timezone"),
        ("nmae: weekly", "unknown key 'nmae' in the job"),
    ])
    func theOtherKeysAreCheckedToo(_ line: String, _ expected: String) throws {
        let message = try Self.message(line + "\n" + Self.outputs)
        #expect(message.contains("job.yaml:1:") && message.contains(expected), "\(message)")
    }

    @Test func aJobWithoutOutputsOrTwoOutputsOfOneFileIsRefused() throws {
        #expect(try Self.message("families: all\n").contains("the job has no 'outputs'"))
        let twice = try Self.message("outputs:\n  - export: coaches\n  - export: coaches\n")
        #expect(twice.contains("outputs[2] would write the same file as outputs[1]"), "\(twice)")
    }
}
