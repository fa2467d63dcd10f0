import Foundation
import TestFixtures
import TestSupport
import Testing

/// The output root is untrusted: others may write there. No link is followed, nothing the
/// tool did not make is removed, and a stopped run leaves no temporary file.
struct OutputRootTests {
    static let job = """
        families: all
        range: {preset: last-30-days}
        output: {root: root, folder: "{family_slug}"}
        outputs:
          - report:
            formats: [json, pdf]
          - export: interactions
            formats: [csv, xlsx]
        """

    /// A database of two small families and the job above, in a fresh folder.
    static func setUp(_ folder: TemporaryFolder) throws {
        try Fixture.database(at: folder.file("f.db")) { f in
            try f.family("A", name: "Alpha")
            try f.school("sa", family: "A")
            try f.interaction("ia", family: "A", ["school_id": "sa"])
            try f.family("B", name: "Beta")
            try f.school("sb", family: "B")
        }
        try job.write(toFile: folder.file("job.yaml"), atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(atPath: folder.file("root"), withIntermediateDirectories: true)
    }

    static func run(_ folder: TemporaryFolder) throws -> CommandResult {
        try ReportBatchProcess.run(
            ["run", "job.yaml", "--db", "f.db", "--now", "2026-11-23T12:00:00Z"],
            in: folder.path
        )
    }

    @Test func aLockThatIsALinkIsRefusedAndItsTargetKept() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try Self.setUp(folder)
        try "precious\n".write(toFile: folder.file("victim.txt"), atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(
            atPath: folder.file("root/.report-batch.lock"),
            withDestinationPath: folder.file("victim.txt")
        )
        let symlinked = try Self.run(folder)
        #expect(symlinked.status == 73, "\(symlinked.stderr)")
        #expect(symlinked.stderr.contains("it is a symbolic link"), "\(symlinked.stderr)")
        #expect(try String(contentsOfFile: folder.file("victim.txt"), encoding: .utf8) == "precious\n")

        try FileManager.default.removeItem(atPath: folder.file("root/.report-batch.lock"))
        try FileManager.default.linkItem(
            atPath: folder.file("victim.txt"),
            toPath: folder.file("root/.report-batch.lock")
        )
        let hardLinked = try Self.run(folder)
        #expect(hardLinked.status == 73, "\(hardLinked.stderr)")
        #expect(hardLinked.stderr.contains("not a regular file of its own"), "\(hardLinked.stderr)")
        #expect(try String(contentsOfFile: folder.file("victim.txt"), encoding: .utf8) == "precious\n")

        // An ordinary lock file of a finished run is reused, never truncated to nothing.
        try FileManager.default.removeItem(atPath: folder.file("root/.report-batch.lock"))
        #expect(try Self.run(folder).status == 0)
        #expect(try Self.run(folder).status == 0)
    }

    @Test func aFamilyFolderThatIsALinkIsNotWrittenThrough() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try Self.setUp(folder)
        try FileManager.default.createDirectory(atPath: folder.file("elsewhere"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: folder.file("root/alpha-a"),
            withDestinationPath: folder.file("elsewhere")
        )
        let result = try Self.run(folder)
        #expect(result.status == 4, "\(result.stdout)\(result.stderr)")
        #expect(
            result.stdout.contains("Alpha (A): failed: cannot write 'root/alpha-a': it is a symbolic link"),
            "\(result.stdout)"
        )
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.file("elsewhere")).isEmpty)
        #expect(result.stdout.contains("Beta (B): ok"))
    }

    /// The sweep removes this tool's own leftovers anywhere under the root, and nothing else:
    /// not a user's hidden files that merely look temporary, not a link's target.
    @Test func theSweepRemovesOnlyTheToolsOwnLeftovers() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try Self.setUp(folder)
        let manager = FileManager.default
        try manager.createDirectory(
            atPath: folder.file("root/old/2026-01-04/.notes.tmp-keep"),
            withIntermediateDirectories: true
        )
        try "mine".write(
            toFile: folder.file("root/old/2026-01-04/.notes.tmp-keep/a.txt"),
            atomically: true,
            encoding: .utf8
        )
        try "mine".write(toFile: folder.file("root/old/2026-01-04/.draft.tmp-12-34"), atomically: true, encoding: .utf8)
        try "mine".write(toFile: folder.file("root/.report-batch-tmp-notes"), atomically: true, encoding: .utf8)
        // Leftovers of a killed run, two levels down, and one directly in the root.
        try "half".write(
            toFile: folder.file("root/old/2026-01-04/.report.pdf.report-batch-tmp-4242-99"),
            atomically: true,
            encoding: .utf8
        )
        try manager.createDirectory(
            atPath: folder.file("root/old/2026-01-04/.list.xlsx.report-batch-tmp-4242-7.d"),
            withIntermediateDirectories: true
        )
        try "scratch".write(
            toFile: folder.file("root/old/2026-01-04/.list.xlsx.report-batch-tmp-4242-7.d/lxw"),
            atomically: true,
            encoding: .utf8
        )
        try "half".write(
            toFile: folder.file("root/.summary.txt.report-batch-tmp-1-2"),
            atomically: true,
            encoding: .utf8
        )
        // A link in the tool's pattern: removed is the link at most, never what it points to.
        try "precious".write(toFile: folder.file("victim.txt"), atomically: true, encoding: .utf8)
        try manager.createSymbolicLink(
            atPath: folder.file("root/.x.report-batch-tmp-5-6"),
            withDestinationPath: folder.file("victim.txt")
        )
        try manager.createDirectory(atPath: folder.file("outside"), withIntermediateDirectories: true)
        try "half".write(toFile: folder.file("outside/.y.report-batch-tmp-5-6"), atomically: true, encoding: .utf8)
        try manager.createSymbolicLink(atPath: folder.file("root/linked"), withDestinationPath: folder.file("outside"))

        #expect(try Self.run(folder).status == 0)
        let left = Set(manager.subpaths(atPath: folder.file("root")) ?? [])
        #expect(left.contains("old/2026-01-04/.notes.tmp-keep/a.txt"))
        #expect(left.contains("old/2026-01-04/.draft.tmp-12-34"))
        #expect(left.contains(".report-batch-tmp-notes"))
        #expect(
            !left.contains { $0.contains(".report-batch-tmp-4242") || $0.contains(".summary.txt.report-batch-tmp") },
            "\(left.sorted())"
        )
        #expect(try String(contentsOfFile: folder.file("victim.txt"), encoding: .utf8) == "precious")
        #expect(manager.fileExists(atPath: folder.file("outside/.y.report-batch-tmp-5-6")))
    }

    /// SIGTERM and SIGINT end a run, a report or the demo with 128 + the signal, having
    /// removed every temporary file; the next run finds nothing to clean.
    @Test(arguments: [SIGTERM, SIGINT])
    func aStoppedRunLeavesNoTemporaryFile(signal: Int32) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        // Enough families that the run is still going when the signal comes, however loaded the machine.
        _ = try ReportBatchProcess.run(
            ["demo", "--out", "big.db", "--families", "300", "--scale", "4", "--today", "2026-11-22"],
            in: folder.path
        )
        let run = try ReportBatchProcess.start(
            [
                "run", BatchRunTests.weekly, "--db", "big.db", "--out", "weekly", "--now", BatchRunTests.now,
                "--workers", "3",
            ],
            in: folder.path
        )
        for _ in 0..<500 {
            let manifests = (FileManager.default.subpaths(atPath: folder.file("weekly")) ?? []).filter {
                $0.hasSuffix("manifest.json")
            }
            if manifests.count >= 2 { break }
            usleep(10_000)
        }
        kill(run.processIdentifier, signal)
        run.waitUntilExit()
        #expect(run.terminationStatus == 128 + signal, "exit \(run.terminationStatus), \(run.terminationReason)")
        let left = (FileManager.default.subpaths(atPath: folder.file("weekly")) ?? []).filter {
            $0.contains(".report-batch-tmp-") || $0.contains(".report-batch-rows-")
        }
        #expect(left.isEmpty, "\(left)")

        let demo = try ReportBatchProcess.start(
            ["demo", "--out", "huge.db", "--families", "3000", "--today", "2026-11-22"],
            in: folder.path
        )
        usleep(400_000)
        kill(demo.processIdentifier, signal)
        demo.waitUntilExit()
        #expect(demo.terminationStatus == 128 + signal)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.contains("huge.db") }.isEmpty
        )
    }

    /// Under an address-space limit two workers run (malloc arenas are capped), and a limit too
    /// tight for the workers ends in one line that names it, with no temporary file left; never
    /// an abort inside GLib or fontconfig.
    @Test func anAddressSpaceLimitIsMetOrToldInOneLine() throws {
        let demo = try ReportCommandTests.Demo()
        defer { demo.folder.remove() }
        func run(limit: Int, workers: Int, out: String) throws -> CommandResult {
            try ReportBatchProcess.tool(
                "sh",
                [
                    "-c",
                    "ulimit -v \(limit); exec \"$0\" run \"$1\" --db demo.db --out \(out) --now \(BatchRunTests.now) --workers \(workers) --quiet",
                    ReportBatchProcess.binaryPath, BatchRunTests.weekly,
                ],
                in: demo.folder.path
            )
        }
        // Two workers needed 520–560 MB of address space before the arenas were capped; now
        // 360,000 KiB is enough every time.
        let fits = try run(limit: 360_000, workers: 2, out: "fits")
        #expect(fits.status == 0, "\(fits.stderr)")
        // The case sits at the edge of what two workers need: it runs, or it stops cleanly.
        for (limit, workers, out) in [(307_200, 2, "edge"), (200_000, 4, "tight")] {
            let result = try run(limit: limit, workers: workers, out: out)
            if limit == 200_000 { #expect(result.status == 1, "\(result.stderr)") }
            #expect(
                result.status == 0 || result.status == 1,
                "limit \(limit): exit \(result.status), \(result.stderr.prefix(300))"
            )
            if result.status == 1 {
                let lines = result.stderr.split(separator: "\n").filter { $0.hasPrefix("report-batch: error:") }
                #expect(lines.count == 1 && lines[0].contains("ulimit -v"), "\(result.stderr)")
            }
            let left = (FileManager.default.subpaths(atPath: demo.folder.file(out)) ?? []).filter {
                $0.contains(".report-batch-tmp-")
            }
            #expect(left.isEmpty, "\(left)")
        }
    }
}
