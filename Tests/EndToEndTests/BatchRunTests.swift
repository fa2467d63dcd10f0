import Foundation
import TestFixtures
import TestSupport
import Testing

/// `report-batch run weekly.yaml`, the job cron runs every week.
struct BatchRunTests {
    static let now = "2026-11-23T12:00:00Z"
    static var weekly: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
            .appendingPathComponent("weekly.yaml").path
    }

    /// Checks every manifest under `root` against its files with Python's hashlib.
    static func verifyManifests(_ root: String) throws -> String {
        let script = """
            import json, hashlib, os, sys
            root = sys.argv[1]; seen = 0
            for folder, _, names in os.walk(root):
                if 'manifest.json' not in names: continue
                m = json.load(open(os.path.join(folder, 'manifest.json'), encoding='utf-8'))
                listed = {f['name'] for f in m['files']}
                present = {n for n in names if n != 'manifest.json' and not n.startswith('.')}
                assert listed == present, (folder, listed ^ present)
                for f in m['files']:
                    data = open(os.path.join(folder, f['name']), 'rb').read()
                    assert hashlib.sha256(data).hexdigest() == f['sha256'] and len(data) == f['bytes'], f['name']
                    seen += 1
                print(m['status'], m['family']['name'], m['range']['from'], m['range']['to'], m['timezone'], len(m['files']))
            print('files', seen)
            """
        let result = try ReportBatchProcess.tool("python3", ["-c", script, root])
        #expect(result.status == 0, "\(result.stderr)")
        return result.stdout
    }

    @Test(.tags(.pythonReader)) func aFullRunOnTheDemo() throws {
        let demo = try ReportCommandTests.Demo()
        defer { demo.folder.remove() }
        let result = try ReportBatchProcess.run(
            ["run", Self.weekly, "--db", "demo.db", "--out", "weekly", "--now", Self.now],
            in: demo.folder.path
        )
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("4 families: 3 ok, 1 skipped (no data), 0 failed"))
        #expect(result.stdout.contains("Nguyễn-Okafor Family, \"The Hawks\""))
        // Not a terminal: one plain line per family.
        #expect(result.stderr.split(separator: "\n").count == 4, "\(result.stderr)")
        let manifests = try Self.verifyManifests(demo.folder.file("weekly"))
        #expect(manifests.contains("ok Rivera Family 2026-11-16 2026-11-22 America/New_York 6"))
        #expect(manifests.contains("ok 田中 Tanaka Family 🏈 2026-11-16 2026-11-22 America/Los_Angeles 6"))
        #expect(manifests.contains("files 18"))
        // A family with nothing to report gets no folder; the summary says why.
        #expect(!manifests.contains("skipped"))
        let folders = try FileManager.default.contentsOfDirectory(atPath: demo.folder.file("weekly")).filter {
            !$0.hasPrefix(".")
        }.sorted()
        #expect(folders.count == 3 + 2, "\(folders)")  // three families' folders, summary.txt and summary.html
        #expect(!folders.contains { $0.hasSuffix(String(demo.empty.prefix(8))) })
        let summary = try String(contentsOfFile: demo.folder.file("weekly/summary.txt"), encoding: .utf8)
        #expect(summary == result.stdout)
        let html = try String(contentsOfFile: demo.folder.file("weekly/summary.html"), encoding: .utf8)
        #expect(html.contains("Nguyễn-Okafor Family, &quot;The Hawks&quot;"))
        #expect(html.contains("<td>skipped: no data</td>"))
        // Folders relative to the root, which is shown once as an absolute path; the html links them.
        let rivera = "rivera-family-\(demo.rivera.prefix(8))/2026-11-22"
        #expect(
            summary.contains("files under: \(demo.folder.file("weekly")) (folders below are relative to it)"),
            "\(summary)"
        )
        #expect(
            summary.contains("- Rivera Family (\(demo.rivera)): ok, 2026-11-16 – 2026-11-22, 6 files in \(rivera)\n"),
            "\(summary)"
        )
        #expect(html.contains("<td><a href=\"\(rivera)/\">\(rivera)</a></td>"), "\(html)")
        #expect(html.contains("<th>Warnings</th>"))
        // A value that is not there is left out, never printed as "nil" (a skipped family has no folder, the run no
        // range warning).
        #expect(!summary.contains("nil") && !html.contains("nil"), "\(summary)")
        // Minors' data: files 0600 and folders 0700 (the job's default 'permissions: private').
        for path in try FileManager.default.subpathsOfDirectory(atPath: demo.folder.file("weekly")) {
            let attributes = try FileManager.default.attributesOfItem(atPath: demo.folder.file("weekly/\(path)"))
            let mode = (attributes[.posixPermissions] as? Int ?? 0) & 0o777
            #expect(
                mode == (attributes[.type] as? FileAttributeType == .typeDirectory ? 0o700 : 0o600),
                "\(path): \(String(mode, radix: 8))"
            )
        }
        // Every file the run lists opens in its reader.
        let files = try FileManager.default.subpathsOfDirectory(atPath: demo.folder.file("weekly")).filter { path in
            var isFolder: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: demo.folder.file("weekly/\(path)"), isDirectory: &isFolder)
            return !isFolder.boolValue && !(path as NSString).lastPathComponent.hasPrefix(".")
        }
        for file in files where file.hasSuffix(".pdf") {
            #expect(
                try ReportBatchProcess.tool("qpdf", ["--check", demo.folder.file("weekly/\(file)")]).status == 0,
                "\(file)"
            )
        }
        let xlsx = files.filter { $0.hasSuffix(".xlsx") }.map { demo.folder.file("weekly/\($0)") }
        #expect(xlsx.count == 9)  // per ok family: the report, the coaches and the interactions
        #expect(
            try ReportBatchProcess.tool(
                "python3",
                ["-c", "import openpyxl, sys\nfor p in sys.argv[1:]: openpyxl.load_workbook(p)"] + xlsx
            ).status == 0
        )
        // Families get what they can read; csv is a data user's explicit choice.
        #expect(!files.contains { $0.hasSuffix(".csv") })

        // Again with the same clock: the same bytes, manifests and summaries included.
        let again = try ReportBatchProcess.run(
            ["run", Self.weekly, "--db", "demo.db", "--out", "again", "--now", Self.now],
            in: demo.folder.path
        )
        #expect(again.status == 0)
        for file in files {
            let first = try Data(contentsOf: URL(fileURLWithPath: demo.folder.file("weekly/\(file)")))
            let second = try Data(contentsOf: URL(fileURLWithPath: demo.folder.file("again/\(file)")))
            if file.hasSuffix("summary.txt") || file.hasSuffix("summary.html") {
                // All but the measured Duration line.
                #expect(
                    Summaries.withoutDuration(
                        String(decoding: first, as: UTF8.self).replacingOccurrences(of: "weekly", with: "again")
                    )
                        == Summaries.withoutDuration(String(decoding: second, as: UTF8.self))
                )
            } else {
                #expect(first == second, "\(file) differs between two runs with the same clock")
            }
        }
    }

    /// Each family's range is in the summaries; a run early on Monday in UTC, while Los
    /// Angeles still has Sunday, warns and names the family on the week before.
    @Test func theSummaryShowsEveryRangeAndWarnsWhenTheyDiffer() throws {
        let demo = try ReportCommandTests.Demo()
        defer { demo.folder.remove() }
        let early = try ReportBatchProcess.run(
            ["run", Self.weekly, "--db", "demo.db", "--out", "early", "--now", "2026-11-23T06:30:00Z"],
            in: demo.folder.path
        )
        #expect(early.status == 0, "\(early.stderr)")
        let summary = try String(contentsOfFile: demo.folder.file("early/summary.txt"), encoding: .utf8)
        #expect(
            summary.contains(
                "warning: the families' reports cover different days: most cover 2026-11-16 – 2026-11-22, but 田中 Tanaka Family 🏈 (2026-11-09 – 2026-11-15)."
            ),
            "\(summary)"
        )
        #expect(summary.contains("- Rivera Family (\(demo.rivera)): ok, 2026-11-16 – 2026-11-22, 6 files in"))
        let html = try String(contentsOfFile: demo.folder.file("early/summary.html"), encoding: .utf8)
        #expect(
            html.contains("<th>Range</th>")
                && html.contains("<td style=\"white-space: nowrap\">2026-11-09 – 2026-11-15</td>")
        )
        #expect(html.contains("warning: the families&#39; reports cover different days"))
        // At 12:00 UTC, the README's schedule, every family has the same week and no warning.
        let onTime = try ReportBatchProcess.run(
            ["run", Self.weekly, "--db", "demo.db", "--out", "ontime", "--now", "2026-11-23T12:00:00Z"],
            in: demo.folder.path
        )
        #expect(onTime.status == 0)
        #expect(!onTime.stdout.contains("warning"))
        #expect(onTime.stdout.components(separatedBy: "2026-11-16 – 2026-11-22").count == 5, "\(onTime.stdout)")
        // Families by name, A–Z ignoring case and accents (the empty family shows as "Family 1234abcd").
        let names = onTime.stdout.split(separator: "\n").filter { $0.hasPrefix("- ") }.map {
            String($0.dropFirst(2).prefix { $0 != "(" })
        }
        #expect(
            names == [
                "Family \(demo.empty.prefix(8)) ", "Nguyễn-Okafor Family, \"The Hawks\" ", "Rivera Family ",
                "田中 Tanaka Family 🏈 ",
            ],
            "\(names)"
        )
    }

    @Test func parallelWorkersWriteTheSameBytesAsOne() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        _ = try ReportBatchProcess.run(
            ["demo", "--out", "m.db", "--families", "16", "--today", "2026-11-22"],
            in: folder.path
        )
        var trees: [[String: Data]] = []
        for workers in ["1", "2", "4"] {
            let result = try ReportBatchProcess.run(
                ["run", Self.weekly, "--db", "m.db", "--out", "w\(workers)", "--now", Self.now, "--workers", workers],
                in: folder.path
            )
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout.contains("16 families: 15 ok, 1 skipped (no data), 0 failed"))
            let root = folder.file("w\(workers)")
            var tree: [String: Data] = [:]
            for path in FileManager.default.subpaths(atPath: root) ?? []
            where path.contains(".") && !(path as NSString).lastPathComponent.hasPrefix(".") {
                var isFolder: ObjCBool = false
                _ = FileManager.default.fileExists(atPath: root + "/" + path, isDirectory: &isFolder)
                guard !isFolder.boolValue, !path.hasPrefix("summary") else { continue }
                tree[path] = try Data(contentsOf: URL(fileURLWithPath: root + "/" + path))
            }
            trees.append(tree)
        }
        #expect(trees[0].count == 15 * 7)  // six files and a manifest per family with data
        #expect(trees[0] == trees[1])
        #expect(trees[0] == trees[2])
    }

    @Test func aFailingFamilyIsRecordedAndTheOthersFinish() throws {
        let demo = try ReportCommandTests.Demo()
        defer { demo.folder.remove() }
        // One bad row in the Hawks family.
        _ = try ReportBatchProcess.tool(
            "sqlite3",
            [
                demo.folder.file("demo.db"),
                "UPDATE schools SET status = 'Interested' WHERE id = (SELECT id FROM schools WHERE family_unit_id = '\(demo.hawks)' LIMIT 1)",
            ]
        )
        // The shipped job skips bad rows; this one fails the family's week instead.
        let job = try OperatorTests.failingJob(demo)
        let result = try ReportBatchProcess.run(
            ["run", job, "--db", "demo.db", "--out", "weekly", "--now", Self.now],
            in: demo.folder.path
        )
        #expect(result.status == 4, "\(result.stderr)")
        #expect(result.stdout.contains("4 families: 2 ok, 1 skipped (no data), 1 failed"))
        #expect(result.stdout.contains("column status: unknown value 'Interested'"))
        let manifests = try Self.verifyManifests(demo.folder.file("weekly"))
        #expect(manifests.contains("failed: bad data in 'demo.db' (family \(demo.hawks))"))
        #expect(manifests.contains("ok Rivera Family"))
        #expect(manifests.contains("files 12"))
    }

    /// `bad_rows: skip` leaves a bad row out instead of failing the family's week; the manifest
    /// lists it, the report's last page and the summary say so. A bad family row still fails.
    @Test func badRowsSkipLeavesOutTheRowAndSaysSo() throws {
        let demo = try ReportCommandTests.Demo()
        defer { demo.folder.remove() }
        let school = try ReportBatchProcess.tool(
            "sqlite3",
            [
                demo.folder.file("demo.db"),
                "SELECT id FROM schools WHERE family_unit_id = '\(demo.hawks)' ORDER BY id LIMIT 1",
            ]
        ).stdout
            .trimmingCharacters(in: .whitespacesAndNewlines)
        _ = try ReportBatchProcess.tool(
            "sqlite3",
            [demo.folder.file("demo.db"), "UPDATE schools SET status = 'Interested' WHERE id = '\(school)'"]
        )
        _ = try ReportBatchProcess.tool(
            "sqlite3",
            [
                demo.folder.file("demo.db"),
                "UPDATE family_units SET created_at = 'yesterday' WHERE id = '\(demo.tanaka)'",
            ]
        )
        try "bad_rows: skip\noutputs:\n  - report:\n    formats: [pdf, json]\n".write(
            toFile: demo.folder.file("job.yaml"),
            atomically: true,
            encoding: .utf8
        )
        let result = try ReportBatchProcess.run(
            ["run", "job.yaml", "--db", "demo.db", "--out", "o", "--now", Self.now],
            in: demo.folder.path
        )
        #expect(result.status == 4, "\(result.stderr)")
        #expect(result.stdout.contains("4 families: 2 ok, 1 skipped (no data), 1 failed"), "\(result.stdout)")
        #expect(result.stdout.contains("田中 Tanaka Family 🏈 (\(demo.tanaka)): failed: bad data"), "\(result.stdout)")
        let manifests = try Self.verifyManifests(demo.folder.file("o"))
        #expect(manifests.contains("ok Nguyễn-Okafor Family, \"The Hawks\""), "\(manifests)")
        let folder = try #require(
            try FileManager.default.contentsOfDirectory(atPath: demo.folder.file("o")).first {
                $0.hasPrefix("nguyen-okafor")
            }
        )
        let week = demo.folder.file("o/\(folder)/2026-11-22")
        let manifest = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: week + "/manifest.json")))
                as? [String: Any]
        )
        let leftOut = try #require(manifest["leftOutRows"] as? [[String: Any]])
        #expect(
            leftOut.count == 1 && leftOut[0]["table"] as? String == "schools"
                && leftOut[0]["column"] as? String == "status",
            "\(leftOut)"
        )
        #expect(
            (manifest["warnings"] as? [String])?.first
                == "1 row could not be read and is left out (manifest.json lists them)"
        )
        let pdf = try #require(try FileManager.default.contentsOfDirectory(atPath: week).first { $0.hasSuffix(".pdf") })
        let pages = try ReportBatchProcess.tool("pdfinfo", [week + "/" + pdf]).stdout.split(separator: "\n").first {
            $0.hasPrefix("Pages:")
        }
        let last = String(try #require(pages?.split(separator: " ").last))
        let text = try ReportBatchProcess.tool("pdftotext", ["-f", last, "-l", last, week + "/" + pdf, "-"]).stdout
        #expect(text.contains("1 row could not be read and is left out"), "\(text)")
        #expect(text.contains("schools row '\(school)', column status: unknown value 'Interested'"), "\(text)")
        // The figures are without the row: one school fewer than the family has.
        let json = try #require(
            try FileManager.default.contentsOfDirectory(atPath: week).first {
                $0.hasSuffix(".json") && $0 != "manifest.json"
            }
        )
        let report = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: week + "/" + json)))
                as? [String: Any]
        )
        let total = ((report["schools"] as? [String: Any])?["total"] as? Int) ?? -1
        let stored =
            Int(
                try ReportBatchProcess.tool(
                    "sqlite3",
                    [
                        demo.folder.file("demo.db"),
                        "SELECT count(*) FROM schools WHERE family_unit_id = '\(demo.hawks)'",
                    ]
                ).stdout
                    .trimmingCharacters(in: .whitespacesAndNewlines)
            ) ?? 0
        #expect(total == stored - 1, "\(total) of \(stored)")
        let html = try String(contentsOfFile: demo.folder.file("o/summary.html"), encoding: .utf8)
        #expect(html.contains("<td>1 row could not be read and is left out (manifest.json lists them)</td>"))
    }

    @Test func aSecondRunWhileOneHoldsTheLockExits75() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        _ = try ReportBatchProcess.run(
            ["demo", "--out", "big.db", "--scale", "10", "--today", "2026-11-22"],
            in: folder.path
        )
        let first = try ReportBatchProcess.start(
            ["run", Self.weekly, "--db", "big.db", "--out", "weekly", "--now", Self.now],
            in: folder.path
        )
        defer { if first.isRunning { first.terminate() } }
        // Wait until the first run holds the lock and has written its pid.
        let lock = folder.file("weekly/.report-batch.lock")
        for _ in 0..<200 where ((try? String(contentsOfFile: lock, encoding: .utf8)) ?? "").isEmpty { usleep(20_000) }
        let second = try ReportBatchProcess.run(
            ["run", Self.weekly, "--db", "big.db", "--out", "weekly", "--now", Self.now],
            in: folder.path
        )
        #expect(first.isRunning, "the first run finished too soon for the test")
        #expect(second.status == 75, "\(second.stderr)")
        #expect(
            second.stderr.contains("another run (pid \(first.processIdentifier)) holds the lock"),
            "\(second.stderr)"
        )
        first.waitUntilExit()
        #expect(first.terminationStatus == 0)
    }

    @Test(.tags(.pythonReader)) func aKilledRunLeavesNoIncompleteFileAndTheNextRunCompletes() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        _ = try ReportBatchProcess.run(
            ["demo", "--out", "big.db", "--families", "12", "--scale", "6", "--today", "2026-11-22"],
            in: folder.path
        )
        let run = try ReportBatchProcess.start(
            ["run", Self.weekly, "--db", "big.db", "--out", "weekly", "--now", Self.now],
            in: folder.path
        )
        // Kill it once the first family's folder is complete and the run is somewhere in the next ones.
        for _ in 0..<500 {
            let manifests = (FileManager.default.subpaths(atPath: folder.file("weekly")) ?? []).filter {
                $0.hasSuffix("manifest.json")
            }
            if manifests.count >= 2 { break }
            usleep(10_000)
        }
        kill(run.processIdentifier, SIGKILL)
        run.waitUntilExit()
        #expect(run.terminationReason == .uncaughtSignal)
        // Every file under a final name is complete: listed in its manifest with the right hash, or, in a folder the
        // run had not finished, readable by its reader.
        let root = folder.file("weekly")
        let all = FileManager.default.subpaths(atPath: root) ?? []
        for path in all where !(path as NSString).lastPathComponent.hasPrefix(".") && path.contains(".") {
            let full = (root as NSString).appendingPathComponent(path)
            let folderPath = (full as NSString).deletingLastPathComponent
            if FileManager.default.fileExists(atPath: (folderPath as NSString).appendingPathComponent("manifest.json"))
            {
                continue
            }
            switch (path as NSString).pathExtension {
            case "pdf": #expect(try ReportBatchProcess.tool("qpdf", ["--check", full]).status == 0, "\(path)")
            case "xlsx":
                #expect(
                    try ReportBatchProcess.tool(
                        "python3",
                        ["-c", "import openpyxl,sys; openpyxl.load_workbook(sys.argv[1])", full]
                    ).status == 0,
                    "\(path)"
                )
            case "csv":
                #expect(try Data(contentsOf: URL(fileURLWithPath: full)).suffix(2) == Data([0x0D, 0x0A]), "\(path)")
            default: break
            }
        }
        _ = try Self.verifyManifests(root)
        let next = try ReportBatchProcess.run(
            ["run", Self.weekly, "--db", "big.db", "--out", "weekly", "--now", Self.now],
            in: folder.path
        )
        #expect(next.status == 0, "\(next.stderr)")
        #expect(next.stdout.contains("12 families: 11 ok, 1 skipped (no data), 0 failed"))
        let manifests = try Self.verifyManifests(root)
        #expect(manifests.contains("files 66"))
        // The killed run's temporary files are gone.
        #expect((FileManager.default.subpaths(atPath: root) ?? []).filter { $0.contains(".report-batch-tmp-") }.isEmpty)
    }

    @Test func hostileFamilyNamesAndIdsStayInsideTheRoot() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try Fixture.database(at: folder.file("f.db")) { f in
            for (id, name) in [
                ("../../etc", "../../etc"), ("/abs/path", "Name/With/Slashes"), ("ctrl\u{1}id", "\u{0007}..\u{0000}"),
            ] {
                try f.family(id, name: name)
                try f.school("\(id)-s", family: id)
            }
        }
        let result = try ReportBatchProcess.run(
            ["run", Self.weekly, "--db", "f.db", "--out", "root", "--now", Self.now],
            in: folder.path
        )
        #expect(result.status == 0, "\(result.stderr)\(result.stdout)")
        let root = URL(fileURLWithPath: folder.file("root")).resolvingSymlinksInPath().path
        let everything = FileManager.default.subpaths(atPath: folder.path) ?? []
        #expect(everything.allSatisfy { $0 == "f.db" || $0 == "root" || $0.hasPrefix("root/") }, "\(everything)")
        let folders = try FileManager.default.contentsOfDirectory(atPath: root).filter {
            !$0.hasPrefix(".") && !$0.hasPrefix("summary")
        }.sorted()
        #expect(folders == ["ctrl-id", "etc-etc", "name-with-slashes-abs-path"], "\(folders)")
    }

    /// `permissions: group` widens the private default to the owner's group (0640 and 0750).
    @Test func aJobCanLetTheGroupRead() throws {
        let demo = try ReportCommandTests.Demo()
        defer { demo.folder.remove() }
        try "permissions: group\noutputs:\n  - report:\n    formats: [pdf, csv]\n".write(
            toFile: demo.folder.file("job.yaml"),
            atomically: true,
            encoding: .utf8
        )
        let result = try ReportBatchProcess.run(
            ["run", "job.yaml", "--db", "demo.db", "--out", "o", "--now", Self.now],
            in: demo.folder.path
        )
        #expect(result.status == 0, "\(result.stderr)")
        let modes = try FileManager.default.subpathsOfDirectory(atPath: demo.folder.file("o")).filter {
            !$0.hasPrefix(".report-batch")
        }.map { path in
            let attributes = try FileManager.default.attributesOfItem(atPath: demo.folder.file("o/\(path)"))
            return (
                attributes[.type] as? FileAttributeType == .typeDirectory,
                (attributes[.posixPermissions] as? Int ?? 0) & 0o777
            )
        }
        #expect(!modes.isEmpty)
        #expect(modes.allSatisfy { $0.1 == ($0.0 ? 0o750 : 0o640) }, "\(modes.map { String($0.1, radix: 8) })")
    }

    @Test(
        arguments: [
            (
                "permissions: everyone\noutputs:\n  - report:\n",
                "job.yaml:1: 'permissions' must be one of private, group, umask (got 'everyone')"
            ),
            ("bad_rows: ignore\noutputs:\n  - report:\n", "job.yaml:1: 'bad_rows' must be fail or skip (got 'ignore')"),
            (
                "families: all\noutputs:\n  - report:\n    formts: [pdf]\n",
                "job.yaml:4: unknown key 'formts' in outputs[1]; accepted: report, formats, preset, from, to"
            ),
            (
                "range:\n  preset: last-week\noutputs:\n  - report:\n",
                "job.yaml:2: 'range': preset 'last-week' is not a preset"
            ),
            // `report` takes no value: no undocumented word is let through (issue 41, defect 5).
            (
                "outputs:\n  - report: recruiting\n",
                "job.yaml:2: 'report' takes no value; put its keys (formats, preset) beside it"
            ),
            (
                "outputs:\n  - export: coaches\n    filters:\n      role: coachy\n",
                "job.yaml:4: 'role': role 'coachy' is not a coach role; use one of: head, assistant, recruiting"
            ),
            (
                "outputs:\n  - export: teams\n",
                "job.yaml:2: 'export' 'teams' is not a list; use one of: coaches, schools, interactions"
            ),
            (
                "output:\n  folder: \"../{family_slug}\"\noutputs:\n  - report:\n",
                "job.yaml:2: 'folder' may not contain '..'"
            ),
            (
                "output:\n  folder: \"{family}\"\noutputs:\n  - report:\n",
                "job.yaml:2: 'folder' has an unknown placeholder {family}"
            ),
            ("families: all\n", "job.yaml:1: the job has no 'outputs'"),
            ("outputs: [report\n", "job.yaml: not valid YAML: line 2"),
            (
                "timezone: Mars/Base\noutputs:\n  - report:\n",
                "job.yaml:1: 'timezone': timezone 'Mars/Base' is not a known IANA time zone"
            ),
            ("families: [nobody]\noutputs:\n  - report:\n", "job.yaml: no family with id 'nobody'"),
            // Values are quoted exactly, dashes and all; only option names lose theirs.
            (
                "outputs:\n  - export: schools\n    filters:\n      state: \"T--X\"\n",
                "job.yaml:4: 'state': state 'T--X' is not a two-letter state code (e.g. TX)"
            ),
            // An older status: the job's own key for favorites (app-today.md §1).
            (
                "outputs:\n  - export: schools\n    filters:\n      status: [visiting, interested]\n",
                "job.yaml:4: 'status': status 'interested' is no longer a school status: the app's favorite flag replaced it, use favorites; a status is one of: researching, contacted, visiting, offer_received, committed, not_pursuing"
            ),
            (
                "outputs:\n  - export: coaches\n    filters:\n      role: \"--head\"\n",
                "job.yaml:4: 'role': role '--head' is not a coach role"
            ),
            (
                "outputs:\n  - export: schools\n    filters:\n      home: \"1 --2\"\n",
                "job.yaml:2: 'outputs[1]': home '1 --2' is not LAT,LON"
            ),
        ] as [(String, String)]
    )
    func aBadJobFileIsAUsageErrorNamingFileLineAndKey(yaml: String, message: String) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try Fixture.database(at: folder.file("f.db")) { try $0.family("F") }
        try yaml.write(toFile: folder.file("job.yaml"), atomically: true, encoding: .utf8)
        let result = try ReportBatchProcess.run(
            ["run", "job.yaml", "--db", "f.db", "--out", "root", "--now", Self.now],
            in: folder.path
        )
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("report-batch: error: \(message)"), "\(result.stderr)")
        #expect(folder.contents() == ["f.db", "job.yaml"])
    }

    @Test func aDryRunPrintsAndWritesNothing() throws {
        let demo = try ReportCommandTests.Demo()
        defer { demo.folder.remove() }
        let result = try ReportBatchProcess.run(
            ["run", Self.weekly, "--db", "demo.db", "--out", "weekly", "--now", Self.now, "--dry-run"],
            in: demo.folder.path
        )
        #expect(result.status == 0)
        #expect(
            result.stdout.contains(
                "would write weekly/rivera-family-\(demo.rivera.prefix(8))/2026-11-22/schools_rivera-family-\(demo.rivera.prefix(8)).pdf"
            )
        )
        #expect(result.stdout.contains("4 families: 3 ok, 1 skipped (no data), 0 failed (dry run: nothing written)"))
        #expect(!FileManager.default.fileExists(atPath: demo.folder.file("weekly")))
    }

    @Test func customTemplatesAndABadOne() throws {
        let demo = try ReportCommandTests.Demo()
        defer { demo.folder.remove() }
        try FileManager.default.createDirectory(atPath: demo.folder.file("tpl"), withIntermediateDirectories: true)
        try "{{% CONTENT_TYPE: TEXT}}\nDone: {{ok}} of {{total}}\n".write(
            toFile: demo.folder.file("tpl/summary.txt.mustache"),
            atomically: true,
            encoding: .utf8
        )
        let result = try ReportBatchProcess.run(
            ["run", Self.weekly, "--db", "demo.db", "--out", "weekly", "--now", Self.now, "--templates", "tpl"],
            in: demo.folder.path
        )
        #expect(result.stdout == "Done: 3 of 4\n")
        try "<p>\n{{#families}}\n{{name}}\n{{/family}}\n".write(
            toFile: demo.folder.file("tpl/summary.html.mustache"),
            atomically: true,
            encoding: .utf8
        )
        let bad = try ReportBatchProcess.run(
            ["run", Self.weekly, "--db", "demo.db", "--out", "other", "--now", Self.now, "--templates", "tpl"],
            in: demo.folder.path
        )
        #expect(bad.status == 64)
        #expect(
            bad.stderr.hasPrefix("report-batch: error: tpl/summary.html.mustache:4: the template does not parse"),
            "\(bad.stderr)"
        )
        #expect(!FileManager.default.fileExists(atPath: demo.folder.file("other")))
    }
}
