import Aggregation
import Core
import Foundation
import ReportGen

/// The second stage of a family's run: the job's reports and lists, each written atomically
/// into the family's folder.
struct OutputStage {
    let run: FamilyRun
    let plan: FamilyPlan

    /// Writes every output, adding each file to `written` as it is made (a failure later
    /// removes them all).
    func write(into written: inout [WrittenFile]) throws {
        for output in run.job.outputs {
            switch output {
            case .report(let formats, let ownRange):
                try writeReport(formats, range: ownRange, into: &written)
            case .list(let list):
                written += try writeList(list)
            }
        }
    }

    private func writeReport(
        _ formats: [ReportFormat],
        range ownRange: RangeSelection?,
        into written: inout [WrittenFile]
    ) throws {
        let options = run.options
        // A job with a report output has its overview (BatchJob.needsReport).
        guard
            var report = try ownRange.map({
                try ReportRun(
                    data: plan.data,
                    selection: $0,
                    today: plan.today,
                    timezone: plan.zone,
                    clock: options.clock
                )
            }) ?? plan.overview
        else { return }
        report.leftOutRows = plan.leftOut
        if report.isEmpty { return }
        // Two reports whose ranges fall on the same days would write one file twice.
        for format in formats {
            let path = (plan.folder as NSString).appendingPathComponent(ReportFiles.fileName(report, format))
            guard !written.contains(where: { $0.path == path }) else {
                throw OutputError(
                    path: path,
                    reason:
                        "two report outputs of the job cover the same days and would write this file twice; give them different ranges"
                )
            }
        }
        written += try ReportFiles.write(
            report,
            formats: formats,
            to: .folder(plan.folder),
            templates: options.templates.output
        )
    }

    private func writeList(_ list: BatchJob.ListOutput) throws -> [WrittenFile] {
        var request = ListRequest(filters: try list.filters.with(range: list.range.selection(job: run.job.range)))
        request.formats = list.formats
        request.name = list.name
        request.today = plan.today
        request.zone = plan.zone
        request.home = list.home
        if list.viewAsPlayer { request.viewerID = plan.data.player?.userID }
        let result = try ListExport.run(
            request,
            data: plan.data,
            interactions: .loaded(plan.data.interactions),
            clock: run.options.clock,
            to: .folder(plan.folder),
            templates: run.options.templates.output
        )
        return result.files.map { file in
            var file = file
            file.warnings += result.warnings
            return file
        }
    }
}

extension BatchJob.RangeChoice {
    func selection(job: RangeSelection) -> RangeSelection? {
        switch self {
        case .all: nil
        case .job: job
        case .own(let selection): selection
        }
    }
}
