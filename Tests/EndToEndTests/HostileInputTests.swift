import Foundation
import Testing
import TestSupport

/// Values a hostile or unlucky user gives: clocks and zones outside what every format can
/// hold, paths and names with control characters. Each is a clear one-line error or a file
/// every reader opens.
struct HostileInputTests {
    @Test(arguments: ["9223372036854775807", "-9223372036854775808", "999999999999", "-2208988800"])
    func aSourceDateEpochOutsideTheSupportedYearsIsAUsageError(epoch: String) throws {
        let demo = try ReportCommandTests.Demo()
        defer { demo.folder.remove() }
        let result = try ReportBatchProcess.run(["report", "--db", "demo.db", "--family", demo.rivera, "--format", "json", "--out", "out"],
                                                in: demo.folder.path, environment: ["SOURCE_DATE_EPOCH": epoch])
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stderr == "report-batch: error: SOURCE_DATE_EPOCH '\(epoch)' is outside the years report-batch supports (1901 to 9998); it counts seconds since 1970-01-01T00:00:00Z\n")
        #expect(!FileManager.default.fileExists(atPath: demo.folder.file("out")))
    }

    @Test(arguments: [["--now", "0001-01-01T00:00:00Z"], ["--now", "9999-12-31T23:59:59Z"], ["--today", "1900-12-31"]])
    func aClockOutsideTheSupportedYearsIsAUsageError(option: [String]) throws {
        let demo = try ReportCommandTests.Demo()
        defer { demo.folder.remove() }
        let result = try ReportBatchProcess.run(["report", "--db", "demo.db", "--family", demo.rivera, "--out", "out"] + option, in: demo.folder.path)
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stderr.contains("\(option[0]) '\(option[1])' is outside the years report-batch supports (1901 to 9998)"), "\(result.stderr)")
    }

    /// At both ends of the supported years, every format is written and opens in its reader.
    @Test(arguments: ["1901-01-02T12:00:00Z", "9998-12-30T12:00:00Z"])
    func theSupportedYearsGiveValidFilesInEveryFormat(now: String) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let day = String(now.prefix(10))
        try Fixture.database(at: folder.file("edge.db")) { f in
            try f.family("F", name: "Edge Family")
            try f.school("s1", family: "F", ["created_at": now])
            try f.interaction("i1", family: "F", occurredAt: now, ["school_id": "s1"])
            try f.metric("m1", family: "F", recorded: day)
        }
        let result = try ReportBatchProcess.run(["report", "--db", "edge.db", "--family", "F", "--now", now, "--preset", "last-7-days",
                                                 "--format", "json,csv,xlsx,pdf", "--out", "out"], in: folder.path)
        #expect(result.status == 0, "\(result.stderr)")
        let paths = result.stdout.split(separator: "\n").map { folder.file(String($0)) }
        #expect(paths.count == 4)
        for path in paths where path.hasSuffix(".xlsx") {
            let check = try ReportBatchProcess.tool("python3", ["-c", "import openpyxl, sys; wb = openpyxl.load_workbook(sys.argv[1]); print(wb.properties.created.year)", path])
            #expect(check.status == 0, "\(check.stderr)")
            #expect(check.stdout == "\(now.prefix(4))\n")
        }
        for path in paths where path.hasSuffix(".pdf") {
            #expect(try ReportBatchProcess.tool("qpdf", ["--check", path]).status == 0)
        }
    }

    /// `GMT+5` and `UTC+5` are not IANA names, and Foundation reads them with the sign
    /// opposite to IANA's `Etc/GMT+5`: refused, never read silently either way.
    @Test(arguments: ["GMT+5", "UTC+5", "UTC-03", "gmt-2", "UTC+05:30"])
    func offsetNamesAreRefused(zone: String) throws {
        let demo = try ReportCommandTests.Demo()
        defer { demo.folder.remove() }
        let result = try ReportBatchProcess.run(["report", "--db", "demo.db", "--family", demo.rivera, "--timezone", zone, "--out", "out"], in: demo.folder.path)
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stderr.contains("--timezone '\(zone)' is not a known IANA time zone"), "\(result.stderr)")
    }

    @Test func ianaOffsetZonesKeepIANAsSign() throws {
        let demo = try ReportCommandTests.Demo()
        defer { demo.folder.remove() }
        // 2026-11-23T03:00:00Z is still Nov 22 at UTC-05:00 (Etc/GMT+5), and Nov 23 at UTC+05:00 (Etc/GMT-5).
        for (zone, to) in [("Etc/GMT+5", "2026-11-22"), ("Etc/GMT-5", "2026-11-23")] {
            let result = try ReportBatchProcess.run(["report", "--db", "demo.db", "--family", demo.rivera, "--timezone", zone, "--now", "2026-11-23T03:00:00Z",
                                                     "--preset", "last-7-days", "--format", "json", "--out", "-"], in: demo.folder.path)
            #expect(result.status == 0, "\(result.stderr)")
            let json = try #require(try JSONSerialization.jsonObject(with: result.stdoutData) as? [String: Any])
            let range = try #require(json["range"] as? [String: Any])
            #expect(range["to"] as? String == to, "\(zone): \(range)")
        }
    }
}
