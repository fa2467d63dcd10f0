import Aggregation
import Foundation
import TestSupport
import Testing

@testable import Batch

struct OutcomeSpoolTests {
    static let families = (0..<4).map {
        FamilyUnit(id: "family-\($0)", familyName: $0 == 2 ? "田中 Family 🏈" : "Family \($0)", createdAt: nil)
    }

    static func outcomes() -> [FamilyOutcome] {
        let files = [
            ManifestFile(
                name: "report_2026-11-16_2026-11-22.pdf",
                format: "pdf",
                bytes: 48_213,
                sha256: String(repeating: "ab", count: 32),
                rows: nil
            ),
            ManifestFile(
                name: "interactions_田中.csv",
                format: "csv",
                bytes: 0,
                sha256: String(repeating: "0", count: 64),
                rows: 0
            ),
        ]
        return [
            FamilyOutcome(
                family: families[0],
                folder: "/out/family-0",
                status: .ok,
                files: files,
                warnings: ["a note", "ünïcode note"]
            ),
            FamilyOutcome(
                family: families[1],
                folder: "/out/family-1",
                status: .skippedNoData,
                files: [],
                warnings: []
            ),
            FamilyOutcome(
                family: families[2],
                folder: "/out/田中",
                status: .failed("interactions row 'i-1', occurred_at: not a date"),
                files: [],
                warnings: []
            ),
            FamilyOutcome(family: families[3], folder: "", status: .ok, files: [files[0]], warnings: []),
        ]
    }

    /// Everything the summaries and manifests use of an outcome, as one comparable text.
    static func describe(_ outcome: FamilyOutcome) -> String {
        let files = outcome.files.map {
            "\($0.name)|\($0.format)|\($0.bytes)|\($0.sha256)|\($0.rows.map(String.init) ?? "nil")"
        }
        return
            "\(outcome.family.id) \(outcome.family.displayName) [\(outcome.folder)] \(outcome.status.text) \(files) \(outcome.warnings)"
    }

    /// Outcomes recorded in any order read back whole, in the families' order.
    @Test(arguments: [false, true])
    func outcomesReadBackInTheFamiliesOrder(temporaryFolderWorks: Bool) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        // A folder that does not exist makes the spool keep the outcomes in memory instead.
        let spool = OutcomeSpool(
            families: Self.families,
            folder: temporaryFolderWorks ? folder.path : folder.file("missing")
        )
        let outcomes = Self.outcomes()
        for index in [2, 0, 3, 1] { spool.record(outcomes[index], at: index) }
        let read = FamilyOutcomes(spool: spool)
        #expect(read.map(Self.describe) == outcomes.map(Self.describe))
        #expect((spool.ok, spool.skipped, spool.failed) == (2, 1, 1))
        #expect(spool.readFailure == nil)
        #expect(spool.keptInMemory == (temporaryFolderWorks ? 0 : 4))
        // The temporary file is unlinked at once: the folder stays empty.
        #expect(folder.contents().isEmpty)
    }

    /// A family the run never recorded reads as failed and says why, once; the others read whole.
    @Test func aFamilyNeverRecordedReadsAsFailed() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let spool = OutcomeSpool(families: Self.families, folder: folder.path)
        let outcomes = Self.outcomes()
        spool.record(outcomes[0], at: 0)
        spool.record(outcomes[3], at: 3)
        #expect(Self.describe(spool.outcome(at: 1)) == "family-1 Family 1 [] failed: no outcome was recorded [] []")
        #expect(spool.readFailure == "no outcome was recorded")
        #expect(Self.describe(spool.outcome(at: 0)) == Self.describe(outcomes[0]))
        #expect(Self.describe(spool.outcome(at: 3)) == Self.describe(outcomes[3]))
        #expect((spool.ok, spool.skipped, spool.failed) == (2, 0, 0))
    }

    /// Workers record at once: every outcome is kept at its place and counted once.
    @Test func outcomesRecordedByManyWorkersAtOnceReadBackWhole() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let families = (0..<500).map { FamilyUnit(id: "f-\($0)", familyName: "Family \($0) 田中", createdAt: nil) }
        let outcomes = families.enumerated().map { index, family in
            FamilyOutcome(
                family: family,
                folder: "/out/\(family.id)",
                status: index % 5 == 0 ? .failed("reason \(index)") : index % 5 == 1 ? .skippedNoData : .ok,
                files: index % 2 == 0 ? Self.outcomes()[0].files : [],
                warnings: Array(repeating: "warning \(index)", count: index % 3)
            )
        }
        let spool = OutcomeSpool(families: families, folder: folder.path)
        DispatchQueue.concurrentPerform(iterations: outcomes.count) { spool.record(outcomes[$0], at: $0) }
        #expect(FamilyOutcomes(spool: spool).map(Self.describe) == outcomes.map(Self.describe))
        #expect((spool.ok, spool.skipped, spool.failed) == (300, 100, 100))
        #expect(spool.keptInMemory == 0)
        #expect(spool.readFailure == nil)
        #expect(folder.contents().isEmpty)
    }

    @Test func aRecordCutShortDoesNotDecode() {
        let bytes = OutcomeRecord.encode(Self.outcomes()[0])
        #expect(OutcomeRecord.decode(bytes, family: Self.families[0]) != nil)
        for length in [0, 1, bytes.count / 2, bytes.count - 1] {
            #expect(OutcomeRecord.decode(Array(bytes.prefix(length)), family: Self.families[0]) == nil)
        }
        #expect(OutcomeRecord.decode(bytes + [0], family: Self.families[0]) == nil)
    }

    /// The summary's lists work in a template as arrays did, transforms included.
    @Test func summaryListsWalkTheOutcomesLikeArrays() throws {
        let spool = OutcomeSpool(families: Self.families)
        for (index, outcome) in Self.outcomes().enumerated() { spool.record(outcome, at: index) }
        let summary = BatchSummary(
            outcomes: FamilyOutcomes(spool: spool),
            database: "app.db",
            root: "/out",
            generatedAt: Instant(seconds: 0, nanoseconds: 0),
            dryRun: false
        )
        let template = """
            {{% CONTENT_TYPE: TEXT}}
            {{#families}}{{name}}:{{status}}{{#files}} {{name}}{{/files}};{{/families}}
            {{#reversed(families)}}{{id}} {{/reversed(families)}}
            {{count(families)}} {{count(failures)}} {{empty(failures)}}
            {{#first(families)}}first {{id}}{{/first(families)}} {{#last(families)}}last {{id}}{{/last(families)}}
            {{#failures}}{{name}}: {{reason}}{{/failures}}{{^failures}}none{{/failures}}

            """
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try template.write(toFile: folder.file(SummaryTemplates.textName), atomically: true, encoding: .utf8)
        let text = try SummaryTemplates.load(from: folder.path).text(summary)
        #expect(
            text == """
                Family 0:ok report_2026-11-16_2026-11-22.pdf interactions_田中.csv;Family 1:skipped: no data;\
                田中 Family 🏈:failed: interactions row 'i-1', occurred_at: not a date;Family 3:ok report_2026-11-16_2026-11-22.pdf;
                family-3 family-2 family-1 family-0 
                4 1 false
                first family-0 last family-3
                田中 Family 🏈: interactions row 'i-1', occurred_at: not a date

                """
        )
    }
}
