import Foundation
import TestSupport
import Testing

/// A full disk: every format ends in exit 73 naming the file, or writes a whole file;
/// never a truncated file under a final name, and never some of a report's formats.
/// A full disk is a small tmpfs, which only root can mount.
@Suite(.enabled(if: Tmpfs.canMount, "mounting a small tmpfs as a full disk needs root and the right to mount"))
struct FullDiskTests {
    /// Mounts a 48 KiB tmpfs at `disk` with 28 KiB left: a report's csv fits, its pdf does not.
    static func mountNearlyFullDisk(_ disk: String) throws -> Bool {
        try FileManager.default.createDirectory(atPath: disk, withIntermediateDirectories: true)
        let mount = try ReportBatchProcess.tool("mount", ["-t", "tmpfs", "-o", "size=48k", "tmpfs", disk])
        guard mount.status == 0 else {
            Issue.record("mounting a small tmpfs failed: \(mount.stderr)")
            return false
        }
        try Data(count: 20 * 1024).write(to: URL(fileURLWithPath: disk + "/filler"))
        return true
    }

    @Test(.tags(.pythonReader)) func aFullDiskLeavesNoTruncatedFile() throws {
        let demo = try ReportCommandTests.Demo()
        defer { demo.folder.remove() }
        let disk = demo.folder.file("disk")
        guard try Self.mountNearlyFullDisk(disk) else { return }
        defer { _ = try? ReportBatchProcess.tool("umount", [disk]) }
        var refused = 0
        for arguments in [
            ["report", "--format", "pdf"], ["report", "--format", "xlsx"], ["report", "--format", "csv"],
            ["export", "interactions", "--format", "csv"], ["export", "interactions", "--format", "xlsx"],
        ] {
            let result = try ReportBatchProcess.run(
                arguments + [
                    "--db", "demo.db", "--family", demo.rivera, "--now", ReportCommandTests.now,
                    "--out", "disk/out",
                ],
                in: demo.folder.path
            )
            if result.status == 73 {
                refused += 1
                let lines = result.stderr.split(separator: "\n").filter { $0.hasPrefix("report-batch:") }
                #expect(
                    lines.count == 1 && lines[0].contains("cannot write 'disk/out/")
                        && lines[0].hasSuffix("No space left on device"),
                    "\(result.stderr)"
                )
                #expect(!lines[0].contains(".report-batch-tmp-"))
            } else {
                #expect(result.status == 0, "\(arguments): \(result.stderr)")
            }
        }
        #expect(refused >= 3)
        // What is there under a final name is whole.
        for name in (try? FileManager.default.contentsOfDirectory(atPath: disk + "/out")) ?? [] {
            let path = disk + "/out/" + name
            #expect(!name.hasPrefix("."), "a temporary file was left: \(name)")
            if name.hasSuffix(".pdf") { #expect(try ReportBatchProcess.tool("qpdf", ["--check", path]).status == 0) }
            if name.hasSuffix(".csv") {
                #expect(try Data(contentsOf: URL(fileURLWithPath: path)).suffix(2) == Data([0x0D, 0x0A]))
            }
            if name.hasSuffix(".xlsx") {
                #expect(
                    try ReportBatchProcess.tool(
                        "python3",
                        ["-c", "import openpyxl,sys; openpyxl.load_workbook(sys.argv[1])", path]
                    ).status == 0
                )
            }
        }
    }

    /// The csv fits and the pdf does not: neither is left, by the command or by a batch, whose
    /// failed family's folder then holds only its manifest.
    @Test func aReportWhoseLastFormatFailsLeavesNoneOfItsFormats() throws {
        let demo = try ReportCommandTests.Demo()
        defer { demo.folder.remove() }
        let disk = demo.folder.file("disk")
        guard try Self.mountNearlyFullDisk(disk) else { return }
        defer { _ = try? ReportBatchProcess.tool("umount", [disk]) }

        let report = try ReportBatchProcess.run(
            [
                "report", "--db", "demo.db", "--family", demo.rivera, "--now", ReportCommandTests.now,
                "--format", "csv,json,pdf", "--out", "disk/report",
            ],
            in: demo.folder.path
        )
        #expect(report.status == 73, "\(report.stderr)")
        // A later format (the json with its twelve weeks, or the pdf) meets the full disk after the csv was written.
        #expect(report.stderr.contains(".pdf'") || report.stderr.contains(".json'"), "\(report.stderr)")
        #expect((try? FileManager.default.contentsOfDirectory(atPath: disk + "/report")) ?? [] == [])

        let job = """
            database: demo.db
            families: [\(demo.rivera)]
            range: {preset: previous-week}
            output: {root: disk/weekly, folder: "{family_slug}"}
            outputs:
              - report:
                formats: [csv, pdf]
            """
        try job.write(toFile: demo.folder.file("job.yaml"), atomically: true, encoding: .utf8)
        let run = try ReportBatchProcess.run(
            ["run", "job.yaml", "--now", ReportCommandTests.now],
            in: demo.folder.path
        )
        #expect(run.status == 1, "\(run.stdout)\(run.stderr)")
        let folders = try FileManager.default.contentsOfDirectory(atPath: disk + "/weekly").filter {
            !$0.hasPrefix(".") && !$0.hasPrefix("summary")
        }
        #expect(folders.count == 1)
        let names = try FileManager.default.contentsOfDirectory(atPath: disk + "/weekly/" + (folders.first ?? ""))
        #expect(names == ["manifest.json"], "\(names)")
    }
}
