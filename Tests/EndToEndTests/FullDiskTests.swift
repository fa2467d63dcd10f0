import Foundation
import Testing
import TestSupport

/// A full disk: every format ends in exit 73 naming the file, or writes a whole file;
/// never a truncated file under a final name.
struct FullDiskTests {
    @Test func aFullDiskLeavesNoTruncatedFile() throws {
        let demo = try ReportCommandTests.Demo()
        defer { demo.folder.remove() }
        let disk = demo.folder.file("disk")
        try FileManager.default.createDirectory(atPath: disk, withIntermediateDirectories: true)
        let mount = try ReportBatchProcess.tool("mount", ["-t", "tmpfs", "-o", "size=48k", "tmpfs", disk])
        guard mount.status == 0 else {
            Issue.record("this test needs to mount a small tmpfs (root): \(mount.stderr)")
            return
        }
        defer { _ = try? ReportBatchProcess.tool("umount", [disk]) }
        try Data(count: 20 * 1024).write(to: URL(fileURLWithPath: disk + "/filler"))
        var refused = 0
        for arguments in [["report", "--format", "pdf"], ["report", "--format", "xlsx"], ["report", "--format", "csv"],
                          ["export", "interactions", "--format", "csv"], ["export", "interactions", "--format", "xlsx"]] {
            let result = try ReportBatchProcess.run(arguments + ["--db", "demo.db", "--family", demo.rivera, "--now", ReportCommandTests.now,
                                                                 "--out", "disk/out"], in: demo.folder.path)
            if result.status == 73 {
                refused += 1
                let lines = result.stderr.split(separator: "\n").filter { $0.hasPrefix("report-batch:") }
                #expect(lines.count == 1 && lines[0].contains("cannot write 'disk/out/") && lines[0].hasSuffix("No space left on device"), "\(result.stderr)")
                #expect(!lines[0].contains(".tmp-"))
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
            if name.hasSuffix(".csv") { #expect(try Data(contentsOf: URL(fileURLWithPath: path)).suffix(2) == Data([0x0D, 0x0A])) }
            if name.hasSuffix(".xlsx") { #expect(try ReportBatchProcess.tool("python3", ["-c", "import openpyxl,sys; openpyxl.load_workbook(sys.argv[1])", path]).status == 0) }
        }
    }
}
