import Aggregation
import Core
import Crypto
import Delivery
import Foundation
import ReportGen
import Yams

/// A batch job (docs/cli.md "The batch job file"): which database, which families, where the
/// files go, which time zone, which dates, and which outputs for every family.
package struct BatchJob: Sendable {
    package enum Families: Sendable, Equatable {
        case all
        case ids([String])
    }

    /// Whose time zone a family's days are in.
    package enum TimeZoneRule: Sendable {
        /// The family player's zone, else UTC (docs/report.md §1).
        case player
        case fixed(Zone)
    }

    /// One output of every family.
    package enum Output: Sendable {
        case report(formats: [ReportFormat], range: RangeSelection?)
        case list(ListOutput)
    }

    package struct ListOutput: Sendable {
        package var kind: ListKind
        package var formats: [ListFormat]
        /// The filters and sort, typed once when the job is read; an interactions list gets
        /// its range when the family's days are known (`ListRequest.Filters.with(range:)`).
        package var filters: ListRequest.Filters
        /// `filters: {home: LAT,LON}`.
        package var home: Coordinate?
        /// `player` views the list as the family's player; nil as the family.
        package var viewAsPlayer: Bool
        /// For interactions: the job's range (`range: job`), a range of its own, or all dates.
        package var range: RangeChoice
        /// `name`: starts the output's file names instead of the list's name, so that two
        /// outputs of one list (say, two filters) write different files.
        package var name: String?
    }

    package enum RangeChoice: Sendable {
        case all
        case job
        case own(RangeSelection)
    }

    package var file: String
    /// `name`: the run's name where it is watched (the app's Jobs tab, metrics, pings).
    package var name = "weekly-report"
    /// `monitor`: where the run reports how it went; empty watches nothing.
    package var monitor = JobMonitor()
    /// Whether anyone hears how the run went beyond its files: a monitor or the operator's e-mail.
    package var isWatched: Bool { !monitor.isEmpty || delivery?.operatorAddress != nil }
    package var database: String?
    package var families: Families = .all
    package var root: String = "out"
    /// The folder of each family under the root, e.g. `{family_slug}/{to}`.
    package var folder: String = "{family_slug}/{to}"
    package var timezone: TimeZoneRule = .player
    /// Who may read the files and folders the run creates.
    package var permissions: OutputPermissions = .private
    /// Whether a row that cannot be read fails its family (the default) or is left out.
    package var skipBadRows = false
    /// E-mailing each family's recap (docs/delivery.md); nil sends nothing.
    package var delivery: DeliveryJob?
    /// How its messages leave, resolved when the job is loaded; nil without `deliver`.
    package var mail: MailTransport?
    /// The run's dates: the report's range unless it has its own, and `{from}`/`{to}` in folders.
    package var range: RangeSelection = .preset(.previousWeek)
    package var outputs: [Output] = []

    /// Whether the job writes a report or sends a recap, which read the season's tables and
    /// compute the report; a job of lists alone does neither.
    package var needsReport: Bool {
        delivery != nil || outputs.contains { if case .report = $0 { true } else { false } }
    }
    /// The SHA-256 of the job file's bytes (lower-case hex): the shards of one run must share it.
    package var sha256 = ""

    /// Whether any output is a pdf (the run then sets up fonts before its workers start).
    package var writesPDF: Bool {
        outputs.contains { output in
            switch output {
            case .report(let formats, _): formats.contains(.pdf)
            case .list(let list): list.formats.contains(.pdf)
            }
        }
    }

    /// The placeholders a folder pattern may use.
    package static let placeholders = ["family_slug", "family_id", "from", "to", "preset"]

    /// A pattern with each `{name}` of `values` replaced, in one pass over the pattern, so that
    /// a value holding a placeholder (a family named "{to}") is never replaced again; an
    /// unknown `{name}` stays as it is (the job file's check refuses one).
    static func fill(_ pattern: String, _ values: [String: String]) -> String {
        var result = ""
        var rest = Substring(pattern)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            result += rest[..<open]
            result += values[String(rest[rest.index(after: open)..<close])] ?? String(rest[open...close])
            rest = rest[rest.index(after: close)...]
        }
        return result + rest
    }

    /// Reads and validates a job file. Every problem is a usage error naming the file, the
    /// line and the key, found before any work starts.
    package static func load(_ path: String) throws -> BatchJob {
        try InputError.checkReadableFile(path, kind: .jobFile)
        guard let data = FileManager.default.contents(atPath: path) else {
            throw InputError.unreadable(path: path, reason: "it could not be read", kind: .jobFile)
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw UsageError("\(path): the job file is not UTF-8 text")
        }
        let root: Node?
        do {
            root = try Yams.compose(yaml: text)
        } catch let error as YamlError {
            throw UsageError("\(path): not valid YAML: \(YAMLNodeReader.describe(error))")
        }
        guard let root else { throw UsageError("\(path): the job file is empty") }
        var job = try YAMLNodeReader(file: path).job(root)
        job.sha256 = SHA256.hash(data: data).hex
        job.mail = try job.delivery.map { try MailTransport($0, file: job.file) }
        if let name = job.monitor.appJobsEnv {
            guard let value = ProcessInfo.processInfo.environment[name], !value.isEmpty else {
                throw UsageError(
                    "\(path): the environment variable \(name), which 'monitor.app_jobs_env' names, is not set"
                )
            }
            job.monitor.appJobsURI = value
        }
        return job
    }
}
