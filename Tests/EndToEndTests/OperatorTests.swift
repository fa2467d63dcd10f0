import Foundation
import TestSupport
import Testing

/// The run as an operator drives it from cron (README "Scheduling"): `--quiet` mails only
/// when someone must look, the summary leads with what went wrong, the shipped job keeps a
/// family's week through one bad row, and the schedule has every US family's week ended.
struct OperatorTests {
    static let now = "2026-11-23T12:00:00Z"

    static var weekly: String { ShardTests.weekly }

    /// The demo with one school of the Rivera family given a status the app does not have.
    static func demoWithABadRow() throws -> ReportCommandTests.Demo {
        let demo = try ReportCommandTests.Demo()
        _ = try ReportBatchProcess.tool(
            "sqlite3",
            [
                demo.folder.file("demo.db"),
                "UPDATE schools SET status = 'maybe' WHERE id = (SELECT id FROM schools WHERE family_unit_id = '\(demo.rivera)' ORDER BY id LIMIT 1)",
            ]
        )
        return demo
    }

    /// weekly.yaml with `bad_rows: fail` instead of the shipped `skip`.
    static func failingJob(_ demo: ReportCommandTests.Demo) throws -> String {
        let path = demo.folder.file("failing.yaml")
        let text = try String(contentsOfFile: weekly, encoding: .utf8)
        try #require(text.contains("\nbad_rows: skip\n"), "weekly.yaml ships bad_rows: skip")
        try text.replacingOccurrences(of: "\nbad_rows: skip\n", with: "\nbad_rows: fail\n").write(
            toFile: path,
            atomically: true,
            encoding: .utf8
        )
        return path
    }

    @Test func quietPrintsNothingWhenAllIsWellAndOneLinePerFailedFamily() throws {
        let demo = try ReportCommandTests.Demo()
        defer { demo.folder.remove() }
        let calm = try ReportBatchProcess.run(
            ["run", Self.weekly, "--db", "demo.db", "--out", "o", "--now", Self.now, "--quiet"],
            in: demo.folder.path
        )
        #expect(calm.status == 0, "\(calm.stderr)")
        #expect(calm.stdoutData.isEmpty && calm.stderr.isEmpty, "cron would mail: \(calm.stdout)\(calm.stderr)")
        _ = try ReportBatchProcess.tool(
            "sqlite3",
            [
                demo.folder.file("demo.db"),
                "UPDATE schools SET status = 'maybe' WHERE id = (SELECT id FROM schools WHERE family_unit_id = '\(demo.rivera)' ORDER BY id LIMIT 1)",
            ]
        )
        let job = try Self.failingJob(demo)
        let failed = try ReportBatchProcess.run(
            ["run", job, "--db", "demo.db", "--out", "o2", "--now", Self.now, "--quiet"],
            in: demo.folder.path
        )
        #expect(failed.status == 4)
        #expect(failed.stdoutData.isEmpty)
        let lines = failed.stderr.split(separator: "\n")
        #expect(
            lines.count == 1 && lines[0].hasPrefix("report-batch: family Rivera Family (\(demo.rivera)) failed: "),
            "\(failed.stderr)"
        )
        #expect(failed.stderr.contains("'maybe'"), "\(failed.stderr)")
    }

    @Test func theSummaryLeadsWithTheExitCodeTheDurationAndTheFailures() throws {
        let demo = try Self.demoWithABadRow()
        defer { demo.folder.remove() }
        let job = try Self.failingJob(demo)
        let result = try ReportBatchProcess.run(
            ["run", job, "--db", "demo.db", "--out", "o", "--now", Self.now],
            in: demo.folder.path
        )
        #expect(result.status == 4)
        let text = try String(contentsOfFile: demo.folder.file("o/summary.txt"), encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines[1].hasSuffix("1 failed") && lines[2] == "exit code: 4 (some families failed)", "\(text)")
        #expect(lines[3].hasPrefix("Duration: ") && lines[3].hasSuffix(" s"), "\(text)")
        let failures = try #require(lines.firstIndex { $0.hasPrefix("Failed families") })
        let rivera = try #require(lines.firstIndex { $0.hasPrefix("- Rivera Family") })
        let others = try #require(lines.firstIndex { $0.hasPrefix("- 田中") })
        #expect(failures < rivera && rivera < others, "the failed family leads: \(text)")
        #expect(lines.filter { $0.contains("Rivera Family (") }.count == 1, "listed once: \(text)")
        let html = try String(contentsOfFile: demo.folder.file("o/summary.html"), encoding: .utf8)
        let red = try #require(html.range(of: "<tr style=\"color: #B91C1C\"><td>Rivera Family</td>"))
        let tanaka = try #require(html.range(of: "<tr><td>田中"))
        #expect(red.lowerBound < tanaka.lowerBound)
        #expect(html.contains("Exit code 4: some families failed.") && html.contains("<br>Duration: "))
        #expect(html.contains("<td style=\"white-space: nowrap\">2026-11-16 – 2026-11-22</td>"))
    }

    @Test(.tags(.smtp)) func theShippedJobKeepsAFamilysWeekThroughABadRowAndCountsEveryMember() throws {
        let demo = try Self.demoWithABadRow()
        defer { demo.folder.remove() }
        let result = try ReportBatchProcess.run(
            ["run", Self.weekly, "--db", "demo.db", "--out", "o", "--now", Self.now],
            in: demo.folder.path
        )
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stdout.contains("warnings: 1 row could not be read and is left out (manifest.json lists them)"),
            "\(result.stdout)"
        )
        let pdf = try #require(
            FileManager.default.subpaths(atPath: demo.folder.file("o"))?.first {
                $0.hasPrefix("rivera") && $0.contains("/report_") && $0.hasSuffix(".pdf")
            }
        )
        let pages = try ReportBatchProcess.tool("pdfinfo", [demo.folder.file("o/" + pdf)]).stdout
        let last =
            pages.split(separator: "\n").first { $0.hasPrefix("Pages:") }.map {
                String($0.split(separator: " ").last ?? "1")
            } ?? "1"
        let lastPage = try ReportBatchProcess.tool(
            "pdftotext",
            ["-f", last, "-l", last, demo.folder.file("o/" + pdf), "-"]
        ).stdout
        #expect(lastPage.contains("Rows left out") && lastPage.contains("maybe"), "\(lastPage)")
        // With bad_rows: fail and e-mail, the failed family's members are counted, not dropped.
        let setup = try SendingTests.Setup(via: "none")
        defer { setup.demo.folder.remove() }
        _ = try ReportBatchProcess.tool(
            "sqlite3",
            [
                setup.demo.folder.file("demo.db"),
                "UPDATE schools SET status = 'maybe' WHERE id = (SELECT id FROM schools WHERE family_unit_id = '\(setup.demo.rivera)' ORDER BY id LIMIT 1)",
            ]
        )
        let server = try SMTPServer(folder: setup.demo.folder)
        defer { server.stop() }
        try setup.sendThrough(server)
        let sent = try setup.run(server)
        #expect(sent.status == 4)
        #expect(
            sent.stdout.contains("messages: 2 written, 2 sent, 3 not sent (3 family failed), 0 failed"),
            "\(sent.stdout)"
        )
    }

    /// Every schedule the README gives for a run starts on a Monday in every US zone, the
    /// westernmost (American Samoa, Hawaii) included, so that every family's week has ended.
    @Test func theReadmesSchedulesStartAfterEveryUSFamilysWeek() throws {
        let readme = try String(
            contentsOfFile: URL(fileURLWithPath: Self.weekly).deletingLastPathComponent().appendingPathComponent(
                "README.md"
            ).path,
            encoding: .utf8
        )
        var times: [(minute: Int, hour: Int)] = []
        for line in readme.split(separator: "\n") where line.contains("report-batch run") || line.contains("schedule:")
        {
            let text = line.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "schedule: \"", with: "")
            let fields = text.split(separator: " ")
            guard fields.count >= 5, fields[2] == "*", fields[3] == "*", fields[4].hasPrefix("1"),
                let minute = Int(fields[0]), let hour = Int(fields[1])
            else { continue }
            times.append((minute, hour))
        }
        #expect(times.count >= 5, "\(times)")
        let zones = [
            "America/New_York", "America/Chicago", "America/Denver", "America/Phoenix", "America/Los_Angeles",
            "America/Anchorage", "Pacific/Honolulu", "Pacific/Pago_Pago",
        ]
        for (minute, hour) in times {
            // A Monday in winter and one in summer.
            for day in ["2026-01-05", "2026-07-06"] {
                let start = try #require(
                    ISO8601DateFormatter().date(
                        from: "\(day)T\(hour < 10 ? "0" : "")\(hour):\(minute < 10 ? "0" : "")\(minute):00Z"
                    )
                )
                for name in zones {
                    var calendar = Calendar(identifier: .gregorian)
                    calendar.timeZone = try #require(TimeZone(identifier: name))
                    #expect(
                        calendar.component(.weekday, from: start) == 2,
                        "\(hour):\(minute) UTC is not yet Monday in \(name)"
                    )
                }
            }
        }
    }
}
