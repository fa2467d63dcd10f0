import Foundation
import TestSupport
import Testing

/// `report-batch templates --write DIR` (docs/cli.md, "Templates"): the built-in templates,
/// each the bytes of its one file in Templates/, written for `--templates DIR`.
struct TemplatesCommandTests {
    static let names = [
        "report.html.mustache", "list.html.mustache", "email.txt.mustache", "email.html.mustache",
        "summary.txt.mustache", "summary.html.mustache", "report.yaml", "lists.yaml", "palette.yaml",
    ]

    @Test func theBuiltInTemplatesAreWrittenAsTheRepositoryHoldsThem() throws {
        let demo = try ReportCommandTests.Demo()
        defer { demo.folder.remove() }
        let write = try ReportBatchProcess.run(["templates", "--write", "mine"], in: demo.folder.path)
        #expect(write.status == 0, "\(write.stderr)")
        #expect(write.stdout == Self.names.map { "mine/\($0)\n" }.joined(), "\(write.stdout)")
        for name in Self.names {
            let written = FileManager.default.contents(atPath: demo.folder.file("mine/\(name)"))
            let shipped = FileManager.default.contents(atPath: ShippedTemplates.path + "/" + name)
            #expect(written != nil && written == shipped, "\(name)")
        }
        // A file already there is never replaced.
        try "mine".write(toFile: demo.folder.file("mine/palette.yaml"), atomically: true, encoding: .utf8)
        let again = try ReportBatchProcess.run(["templates", "--write", "mine"], in: demo.folder.path)
        #expect(again.status == 64)
        #expect(
            again.stderr.hasPrefix("report-batch: error: 'mine/report.html.mustache' already exists"),
            "\(again.stderr)"
        )
        #expect(try String(contentsOfFile: demo.folder.file("mine/palette.yaml"), encoding: .utf8) == "mine")
        try FileManager.default.removeItem(atPath: demo.folder.file("mine/palette.yaml"))
        // The written folder gives the built-in outputs.
        for (templates, out) in [([String](), "a"), (["--templates", "mine"], "b")] {
            let report = try ReportBatchProcess.run(
                ["report", "--db", "demo.db", "--family", demo.rivera, "--format", "json,csv,html", "--out", out]
                    + ["--now", "2026-11-23T12:00:00Z"] + templates,
                in: demo.folder.path
            )
            #expect(report.status == 0, "\(report.stderr)")
        }
        let files = try FileManager.default.contentsOfDirectory(atPath: demo.folder.file("a")).sorted()
        #expect(files.count == 3)
        for file in files {
            #expect(
                FileManager.default.contents(atPath: demo.folder.file("a/\(file)"))
                    == FileManager.default.contents(atPath: demo.folder.file("b/\(file)")),
                "\(file)"
            )
        }
    }
}
