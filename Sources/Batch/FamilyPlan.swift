import Aggregation
import AppStore
import Core
import ReportGen

/// The first stage of a family's run: its rows read once, its zone, days and folder (claimed
/// for it alone), and the overview report the report outputs and the recap read.
struct FamilyPlan {
    let data: FamilyData
    /// Rows a job with `bad_rows: skip` left out.
    let leftOut: [DataIssue]
    let zone: Zone
    let today: CivilDate
    let jobRange: DateRange
    let folder: String
    /// The report of the job's days, with the season's figures: what the recap says. Nil for
    /// a job of lists alone, which neither reads the season's tables nor computes the report.
    let overview: ReportRun?
    /// Nothing in the job's days (docs/report.md §2).
    let isEmpty: Bool
    /// Nothing to report, but an offer deadline is near: the family still gets its recap
    /// (docs/delivery.md), and its folder holds the messages and the manifest only.
    let recapOnly: Bool

    var nothingToReport: Bool { isEmpty && !recapOnly }

    /// Reads and places the family, noting in `progress` what a failure's outcome needs as
    /// soon as it is known.
    static func make(_ run: FamilyRun, progress: inout FamilyRun.SoFar) throws -> FamilyPlan {
        let job = run.job
        let options = run.options
        let (data, leftOut) = try load(
            run.family,
            source: run.source,
            skipBadRows: job.skipBadRows,
            interactions: job.interactionColumns,
            season: job.needsReport
        )
        let zone = if case .fixed(let fixed) = job.timezone { fixed } else { Zone.report(for: data, override: nil) }
        progress.zone = zone
        let today = options.today ?? zone.date(of: options.clock.now)
        let jobRange = try job.range.range(today: today)
        progress.range = jobRange
        let folder = try BatchRunner.folder(for: run.family, pattern: job.folder, range: jobRange, root: run.root)
        progress.folder = folder
        try run.claims.claim(folder, for: run.family)
        progress.ownsFolder = true
        // A shard cleans what a killed run left only in its own families' folders.
        if options.shard != nil, !options.dryRun, AtomicFile.isFolder(folder, inside: run.root) {
            TemporaryFiles.sweep(folder)
        }
        var overview: ReportRun?
        if job.needsReport {
            overview = try ReportRun(
                data: data,
                selection: job.range,
                today: today,
                timezone: zone,
                clock: options.clock
            )
            overview?.leftOutRows = leftOut
        }
        let isEmpty = overview?.isEmpty ?? ReportCalculator.figures(for: data, range: jobRange, zone: zone).isEmpty
        let recapOnly = isEmpty && job.delivery != nil && overview?.followUps.deadlines.isEmpty == false
        return FamilyPlan(
            data: data,
            leftOut: leftOut,
            zone: zone,
            today: today,
            jobRange: jobRange,
            folder: folder,
            overview: overview,
            isEmpty: isEmpty,
            recapOnly: recapOnly
        )
    }

    /// Reads the family's rows once; a file another program kept locked past the busy timeout
    /// is tried once more before the family fails (docs/cli.md, "Reading a SQLite file").
    private static func load(
        _ family: FamilyUnit,
        source: any FamilySource,
        skipBadRows: Bool,
        interactions: InteractionColumns,
        season: Bool
    ) throws -> (FamilyData, [DataIssue]) {
        func read() throws -> (FamilyData, [DataIssue]) {
            skipBadRows
                ? try source.loadFamilyLeavingOutBadRows(id: family.id, interactions: interactions, season: season)
                : (try source.loadFamily(id: family.id, interactions: interactions, season: season), [])
        }
        do {
            return try read()
        } catch SourceError.locked {
            return try read()
        }
    }
}

extension BatchJob {
    /// Which of a family's interactions' columns the job's outputs read (docs/internals.md, "A
    /// plan of columns"): all of them for an interactions list, else what the figures read.
    var interactionColumns: InteractionColumns {
        let listsInteractions = outputs.contains { output in
            if case .list(let list) = output { list.kind == .interactions } else { false }
        }
        return listsInteractions ? .all : .figures
    }
}
