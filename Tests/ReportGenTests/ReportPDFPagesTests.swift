import Aggregation
import AppStore
import Core
import DemoData
import Foundation
import ReportGen
import TestSupport
import Testing

/// The report's pdf takes few pages and fills them (docs/outputs.md, "The report's pdf"): the
/// demo's families with data, their previous week seen from Monday Nov 23, 2026, each in at most
/// so many pages, every page but the last at least two thirds full. How full a page is comes
/// from its lowest text above the footer, read with `pdftotext -bbox`.
struct ReportPDFPagesTests {
    /// Monday Nov 23, 2026, 06:00 UTC, with today Nov 22 as the demo's (`report --today 2026-11-22`).
    let clock = RunClock(now: Instant(seconds: 1_795_413_600), source: "test")

    /// The most pages of each demo family's report, by a word of its name. The Rivera family's
    /// has six: its text alone was more than four pages' worth (docs/outputs.md), the breakdowns
    /// in pairs and the season's first charts side by side took it from six to five, and the
    /// app's newer to-dos (outreach, contact windows, videos, letters, questionnaires;
    /// docs/next-steps.md) and the metrics' progress add most of a page.
    static let pageLimits = ["Rivera": 6, "Tanaka": 5, "Hawks": 5]
    /// The least share of its body a page but the last has text down to.
    static let leastFill = 0.65

    @Test func theDemosReportsTakeFewPagesAndFillThem() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let today = try #require(CivilDate(iso: "2026-11-22"))
        _ = try DemoDatabase.write(to: folder.file("demo.db"), options: DemoOptions(today: today))
        let source = try SQLiteSource(path: folder.file("demo.db"))
        var checked: [String] = []
        for family in try source.families() {
            let run = try ReportRun(
                data: try source.loadFamily(id: family.id),
                selection: .preset(.previousWeek),
                today: today,
                timezone: nil,
                clock: clock
            )
            guard !run.isEmpty, let limit = Self.pageLimits.first(where: { family.displayName.contains($0.key) })?.value
            else { continue }
            let path = try ReportFiles.write(run, formats: [.pdf], to: .folder(folder.path))[0].path
            let fills = try Self.fills(ofPagesIn: path)
            #expect(fills.count <= limit, "\(family.displayName): \(fills.count) pages, at most \(limit)")
            for (page, fill) in fills.dropLast().enumerated() {
                #expect(
                    fill >= Self.leastFill,
                    "\(family.displayName): page \(page + 1) of \(fills.count) is \(Int(fill * 100))% full"
                )
            }
            checked.append(family.displayName)
        }
        #expect(checked.count == Self.pageLimits.count, "\(checked)")
    }

    /// Each page's lowest text above the footer, as a share of the body: from the top margin (36
    /// points) to where the footer's room starts (740 points down a US Letter page).
    static func fills(ofPagesIn path: String) throws -> [Double] {
        let boxes = try ReportBatchProcess.tool("pdftotext", ["-bbox", path, "-"]).stdout
        return boxes.components(separatedBy: "<page ").dropFirst().map { page in
            let bottoms = page.components(separatedBy: "yMax=\"").dropFirst().compactMap {
                Double($0.prefix { $0 != "\"" })
            }
            let lowest = bottoms.filter { $0 < 750 }.max() ?? 36
            return (lowest - 36) / (740 - 36)
        }
    }
}
