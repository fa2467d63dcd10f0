import Foundation
import TestFixtures
import TestSupport
import Testing

/// Values a hostile or unlucky user gives: clocks and zones outside what every format can
/// hold, paths and names with control characters. Each is a clear one-line error or a file
/// every reader opens.
struct HostileInputTests {
    @Test(arguments: ["9223372036854775807", "-9223372036854775808", "999999999999", "-2208988800"])
    func aSourceDateEpochOutsideTheSupportedYearsIsAUsageError(epoch: String) throws {
        let demo = try ReportCommandTests.Demo()
        defer { demo.folder.remove() }
        let result = try ReportBatchProcess.run(
            ["report", "--db", "demo.db", "--family", demo.rivera, "--format", "json", "--out", "out"],
            in: demo.folder.path,
            environment: ["SOURCE_DATE_EPOCH": epoch]
        )
        #expect(result.status == 64, "\(result.stderr)")
        #expect(
            result.stderr
                == "report-batch: error: SOURCE_DATE_EPOCH '\(epoch)' is outside the years report-batch supports (1901 to 9998); it counts seconds since 1970-01-01T00:00:00Z\n"
        )
        #expect(!FileManager.default.fileExists(atPath: demo.folder.file("out")))
    }

    @Test(arguments: [
        ["--now", "0001-01-01T00:00:00Z"], ["--now", "9999-12-31T23:59:59Z"], ["--today", "1900-12-31"],
    ])
    func aClockOutsideTheSupportedYearsIsAUsageError(option: [String]) throws {
        let demo = try ReportCommandTests.Demo()
        defer { demo.folder.remove() }
        let result = try ReportBatchProcess.run(
            ["report", "--db", "demo.db", "--family", demo.rivera, "--out", "out"] + option,
            in: demo.folder.path
        )
        #expect(result.status == 64, "\(result.stderr)")
        #expect(
            result.stderr.contains(
                "\(option[0]) '\(option[1])' is outside the years report-batch supports (1901 to 9998)"
            ),
            "\(result.stderr)"
        )
    }

    /// At both ends of the supported years, every format is written and opens in its reader.
    @Test(.tags(.pythonReader), arguments: ["1901-01-02T12:00:00Z", "9998-12-30T12:00:00Z"])
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
        let result = try ReportBatchProcess.run(
            [
                "report", "--db", "edge.db", "--family", "F", "--now", now, "--preset", "last-7-days",
                "--format", "json,csv,xlsx,pdf", "--out", "out",
            ],
            in: folder.path
        )
        #expect(result.status == 0, "\(result.stderr)")
        let paths = result.stdout.split(separator: "\n").map { folder.file(String($0)) }
        #expect(paths.count == 4)
        for path in paths where path.hasSuffix(".xlsx") {
            let check = try ReportBatchProcess.tool(
                "python3",
                [
                    "-c",
                    "import openpyxl, sys; wb = openpyxl.load_workbook(sys.argv[1]); print(wb.properties.created.year)",
                    path,
                ]
            )
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
        let result = try ReportBatchProcess.run(
            ["report", "--db", "demo.db", "--family", demo.rivera, "--timezone", zone, "--out", "out"],
            in: demo.folder.path
        )
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stderr.contains("--timezone '\(zone)' is not a known IANA time zone"), "\(result.stderr)")
    }

    @Test func ianaOffsetZonesKeepIANAsSign() throws {
        let demo = try ReportCommandTests.Demo()
        defer { demo.folder.remove() }
        // 2026-11-23T03:00:00Z is still Nov 22 at UTC-05:00 (Etc/GMT+5), and Nov 23 at UTC+05:00 (Etc/GMT-5).
        for (zone, to) in [("Etc/GMT+5", "2026-11-22"), ("Etc/GMT-5", "2026-11-23")] {
            let result = try ReportBatchProcess.run(
                [
                    "report", "--db", "demo.db", "--family", demo.rivera, "--timezone", zone, "--now",
                    "2026-11-23T03:00:00Z",
                    "--preset", "last-7-days", "--format", "json", "--out", "-",
                ],
                in: demo.folder.path
            )
            #expect(result.status == 0, "\(result.stderr)")
            let json = try #require(try JSONSerialization.jsonObject(with: result.stdoutData) as? [String: Any])
            let range = try #require(json["range"] as? [String: Any])
            #expect(range["to"] as? String == to, "\(zone): \(range)")
        }
    }

    /// A full or closed stdout is exit 73 with one line, never a trap; `run` keeps its own
    /// status (its files and summary.txt are written) and says so on stderr.
    @Test func aFullOrClosedStdoutIsAnErrorNotACrash() throws {
        let demo = try ReportCommandTests.Demo()
        defer { demo.folder.remove() }
        let binary = ReportBatchProcess.binaryPath
        for (redirect, reason) in [(">/dev/full", "No space left on device"), (">&-", "Bad file descriptor")] {
            for command in [
                "families --db demo.db", "report --db demo.db --family \(demo.rivera) --format json --out r",
                "report --db demo.db --family \(demo.rivera) --format json --out -",
            ] {
                let result = try ReportBatchProcess.tool(
                    "sh",
                    ["-c", "\"$0\" \(command) \(redirect)", binary],
                    in: demo.folder.path
                )
                #expect(result.status == 73, "\(command) \(redirect): \(result.stderr)")
                #expect(
                    result.stderr == "report-batch: error: cannot write to standard output: \(reason)\n",
                    "\(command) \(redirect)"
                )
            }
            // (Not --quiet: that prints nothing on stdout when every family is ok.)
            let run = try ReportBatchProcess.tool(
                "sh",
                [
                    "-c", "\"$0\" run \"$1\" --db demo.db --out weekly --now \(BatchRunTests.now) \(redirect)",
                    binary, BatchRunTests.weekly,
                ],
                in: demo.folder.path
            )
            #expect(run.status == 0, "run \(redirect): \(run.stderr)")
            #expect(
                run.stderr.hasSuffix(
                    "\nreport-batch: error: cannot write to standard output: \(reason); the run finished and wrote its summary to 'weekly/summary.txt'\n"
                ),
                "\(run.stderr)"
            )
            #expect(FileManager.default.fileExists(atPath: demo.folder.file("weekly/summary.txt")))
        }
    }

    /// A family name or id with control characters never reaches a terminal, a log or the
    /// cron mail raw: every place that shows it to a person escapes them.
    @Test func controlCharactersInNamesAreShownEscaped() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let evil = "Evil\nok Fake Family (x): ok, 7 files\r\u{1B}[2J\u{0}\u{85}End"
        try Fixture.database(at: folder.file("evil.db")) { f in
            try f.family("F\u{1B}]0;title\u{7}", name: evil)
            try f.school("s1", family: "F\u{1B}]0;title\u{7}")
            try f.family("G", name: "Good Family")
            try f.school("s2", family: "G")
        }
        func raw(_ text: String) -> Bool {
            text.unicodeScalars.contains {
                $0.value == 0x1B || $0.value == 0 || $0.value == 0x85 || $0.value == 0x0D || $0.value == 0x07
            }
        }
        let families = try ReportBatchProcess.run(["families", "--db", "evil.db"], in: folder.path)
        #expect(families.status == 0, "\(families.stderr)")
        #expect(!raw(families.stdout))
        #expect(families.stdout.split(separator: "\n").count == 3, "\(families.stdout)")  // header and two families
        #expect(families.stdout.contains("Evil\\nok Fake Family"))

        try
            "families: all\nrange: {preset: last-30-days}\noutput: {root: out, folder: \"{family_slug}\"}\noutputs:\n  - report:\n    formats: [json]\n"
            .write(toFile: folder.file("job.yaml"), atomically: true, encoding: .utf8)
        let run = try ReportBatchProcess.run(
            ["run", "job.yaml", "--db", "evil.db", "--now", "2026-11-23T12:00:00Z"],
            in: folder.path
        )
        #expect(run.status == 0, "\(run.stderr)")
        let summary = try String(contentsOfFile: folder.file("out/summary.txt"), encoding: .utf8)
        let html = try String(contentsOfFile: folder.file("out/summary.html"), encoding: .utf8)
        for text in [run.stdout, run.stderr, summary, html] {
            #expect(!raw(text), "\(text)")
            #expect(!text.contains("\nok Fake Family"), "a name forged a line: \(text)")
        }
        #expect(run.messages.split(separator: "\n").count == 2, "\(run.stderr)")  // one line per family
    }

    /// A job file or templates folder is never called a database, and no message suggests a
    /// command that would write over a path the user named.
    @Test func inputsAreNamedForWhatTheyAre() throws {
        let demo = try ReportCommandTests.Demo()
        defer { demo.folder.remove() }
        let job = try ReportBatchProcess.run(["run", "missing.yaml", "--db", "demo.db"], in: demo.folder.path)
        #expect(job.status == 66)
        #expect(job.stderr == "report-batch: error: job file 'missing.yaml' does not exist\n")
        let templates = try ReportBatchProcess.run(
            ["report", "--db", "demo.db", "--family", demo.rivera, "--templates", "nowhere"],
            in: demo.folder.path
        )
        #expect(templates.status == 66)
        #expect(templates.stderr == "report-batch: error: templates folder 'nowhere' does not exist\n")
        let database = try ReportBatchProcess.run(["families", "--db", "app.db"], in: demo.folder.path)
        #expect(database.status == 66)
        #expect(database.stderr.hasPrefix("report-batch: error: database 'app.db' does not exist"))
        #expect(!database.stderr.contains("--out app.db"))
        let folderAsJob = try ReportBatchProcess.run(["run", ".", "--db", "demo.db"], in: demo.folder.path)
        #expect(folderAsJob.stderr == "report-batch: error: job file '.' is a folder, not a file\n")
    }

    /// A path with a line break stays on one line in every message.
    @Test func aPathWithALineBreakStaysOnOneLine() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        for arguments in [
            ["families", "--db", "new\nline.db"], ["run", "job\nfile.yaml"],
            ["report", "--db", "a\u{1B}[2J.db", "--family", "F"],
        ] {
            let result = try ReportBatchProcess.run(arguments, in: folder.path)
            #expect(result.status == 66, "\(result.stderr)")
            #expect(
                result.stderr.split(separator: "\n", omittingEmptySubsequences: false).count == 2,
                "\(result.stderr)"
            )
            #expect(result.stderr.contains("\\n") || result.stderr.contains("\\u{1b}"), "\(result.stderr)")
        }
    }

    /// A named pipe (or any file that is not a regular file) is refused at once; reading it
    /// would block for ever.
    @Test func aNamedPipeIsRefused() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        #expect(mkfifo(folder.file("pipe.db"), 0o600) == 0)
        #expect(mkfifo(folder.file("pipe.yaml"), 0o600) == 0)
        for arguments in [["families", "--db", "pipe.db"], ["check", "--db", "pipe.db"], ["run", "pipe.yaml"]] {
            let result = try ReportBatchProcess.tool(
                "timeout",
                ["20", ReportBatchProcess.binaryPath] + arguments,
                in: folder.path
            )
            #expect(result.status == 66, "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains("is not a regular file (a pipe, device or socket)"), "\(result.stderr)")
        }
    }

    /// A template nested thousands of sections deep (also behind changed delimiters) is a
    /// template error naming the file, in every command that loads it; never a crash. A command
    /// that writes no summary (report, export) does not read the summary's templates (issue 50).
    @Test func aDeeplyNestedTemplateIsATemplateError() throws {
        let demo = try ReportCommandTests.Demo()
        defer { demo.folder.remove() }
        try FileManager.default.createDirectory(atPath: demo.folder.file("deep"), withIntermediateDirectories: true)
        let bodies = [
            "{{% CONTENT_TYPE: TEXT}}\n" + String(repeating: "{{#families}}", count: 3000) + "x"
                + String(repeating: "{{/families}}", count: 3000) + "\n",
            "{{=<% %>=}}" + String(repeating: "<%^empty%>", count: 3000) + "x"
                + String(repeating: "<%/empty%>", count: 3000) + "\n",
        ]
        for body in bodies {
            try body.write(toFile: demo.folder.file("deep/summary.txt.mustache"), atomically: true, encoding: .utf8)
            for command in [
                ["report", "--db", "demo.db", "--family", demo.rivera, "--format", "json", "--out", "r"],
                ["export", "coaches", "--db", "demo.db", "--family", demo.rivera, "--out", "e"],
                ["run", BatchRunTests.weekly, "--db", "demo.db", "--out", "w", "--now", BatchRunTests.now],
            ] {
                let result = try ReportBatchProcess.run(command + ["--templates", "deep"], in: demo.folder.path)
                guard command[0] == "run" else {
                    #expect(result.status == 0, "\(command[0]): \(result.stderr)")
                    continue
                }
                #expect(result.status == 64, "\(command[0]): \(result.stderr)")
                #expect(result.stderr.hasPrefix("report-batch: error: deep/summary.txt.mustache:"), "\(result.stderr)")
                #expect(result.stderr.contains("the template nests sections more than 64 deep"), "\(result.stderr)")
            }
        }
        // 64 levels are fine.
        try
            ("{{% CONTENT_TYPE: TEXT}}\n" + String(repeating: "{{#families}}", count: 64) + "{{name}}"
            + String(repeating: "{{/families}}", count: 64) + "\n")
            .write(toFile: demo.folder.file("deep/summary.txt.mustache"), atomically: true, encoding: .utf8)
        let ok = try ReportBatchProcess.run(
            [
                "report", "--db", "demo.db", "--family", demo.rivera, "--format", "json", "--out", "r", "--templates",
                "deep",
            ],
            in: demo.folder.path
        )
        #expect(ok.status == 0, "\(ok.stderr)")
    }

    /// Subjects of several megabytes are laid out only as far as a cell can show: the pdf is
    /// written with the start of each, and memory stays far from the gigabyte it took.
    @Test func hugeSubjectsAreCutBeforeLayout() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try Fixture.database(at: folder.file("huge.db")) { f in
            try f.family("F", name: "Huge")
            try f.school("s", family: "F")
            for index in 0..<3 {
                // about 8 MB each
                let subject = "Subject \(index) " + String(repeating: "very long subject text é 田 ", count: 300_000)
                try f.interaction("i\(index)", family: "F", ["school_id": "s", "subject": subject, "content": subject])
            }
        }
        let result = try ReportBatchProcess.tool(
            "/usr/bin/time",
            [
                "-f", "%M", ReportBatchProcess.binaryPath, "export", "interactions", "--db", "huge.db",
                "--family", "F", "--now", "2026-11-23T06:00:00Z", "--format", "pdf", "--out", "out",
            ],
            in: folder.path
        )
        #expect(result.status == 0, "\(result.stderr)")
        let peakKB = Int(result.stderr.split(separator: "\n").last.map(String.init) ?? "") ?? Int.max
        #expect(peakKB < 400_000, "peak \(peakKB) KB")
        let text = try ReportBatchProcess.tool("pdftotext", ["out/interactions_huge-f.pdf", "-"], in: folder.path)
        #expect(text.stdout.contains("Subject 0 very long"), "\(text.stdout.prefix(500))")
    }

    /// A database with damaged pages is bad input named in one line, never SQLite's text
    /// with a long SQL statement.
    @Test func aDamagedDatabaseIsNamedInOneLine() throws {
        let demo = try ReportCommandTests.Demo()
        defer { demo.folder.remove() }
        var bytes = try Data(contentsOf: URL(fileURLWithPath: demo.folder.file("demo.db")))
        for page in [5, 40] where bytes.count > (page + 1) * 4096 {
            bytes.replaceSubrange(page * 4096..<(page + 1) * 4096, with: Data(repeating: 0xFF, count: 4096))
        }
        try bytes.write(to: URL(fileURLWithPath: demo.folder.file("damaged.db")))
        for command in [
            ["check", "--db", "damaged.db"],
            ["report", "--db", "damaged.db", "--family", demo.rivera, "--format", "json", "--out", "r"],
        ] {
            let result = try ReportBatchProcess.run(command, in: demo.folder.path)
            #expect(result.status == 65, "\(command[0]): \(result.stderr)")
            #expect(
                result.stderr.hasPrefix("report-batch: error: database 'damaged.db' is damaged ("),
                "\(result.stderr)"
            )
            #expect(
                !result.stderr.contains("SELECT") && result.stderr.split(separator: "\n").count == 1,
                "\(result.stderr)"
            )
        }
    }
}
