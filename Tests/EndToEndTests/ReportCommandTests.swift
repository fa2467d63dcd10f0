import Foundation
import TestFixtures
import TestSupport
import Testing

/// `report-batch report` as a user runs it.
struct ReportCommandTests {
    static let now = "2026-11-23T06:00:00Z"

    /// A folder with the demo database, and the ids of its four families by name.
    struct Demo {
        let folder: TemporaryFolder
        let rivera: String, hawks: String, tanaka: String, empty: String

        init() throws {
            folder = try TemporaryFolder()
            _ = try ReportBatchProcess.run(["demo", "--out", "demo.db", "--today", "2026-11-22"], in: folder.path)
            let rows = try ReportBatchProcess.tool(
                "sqlite3",
                [folder.file("demo.db"), "SELECT id, coalesce(family_name, '') FROM family_units"]
            ).stdout
            var ids: [String: String] = [:]
            for line in rows.split(separator: "\n") {
                let parts = line.split(separator: "|", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
                ids[parts[1]] = parts[0]
            }
            rivera = ids["Rivera Family"] ?? ""
            hawks = ids.first { $0.key.hasPrefix("Nguyễn") }?.value ?? ""
            tanaka = ids.first { $0.key.hasPrefix("田中") }?.value ?? ""
            empty = ids[""] ?? ""
        }
    }

    @Test func everyDemoFamilyGetsItsReportOrNoData() throws {
        let demo = try Demo()
        defer { demo.folder.remove() }
        for family in [demo.rivera, demo.hawks, demo.tanaka] {
            let result = try ReportBatchProcess.run(
                [
                    "report", "--db", "demo.db", "--family", family, "--preset", "last-30-days",
                    "--now", Self.now, "--out", "out",
                ],
                in: demo.folder.path
            )
            #expect(result.status == 0, "\(result.stderr)")
            let paths = result.stdout.split(separator: "\n").map(String.init)
            // The default formats: json, csv, xlsx and pdf.
            #expect(paths.map { ($0 as NSString).pathExtension } == ["json", "csv", "xlsx", "pdf"])
            #expect(paths.allSatisfy { $0.hasPrefix("out/report_") })
        }
        let empty = try ReportBatchProcess.run(
            ["report", "--db", "demo.db", "--family", demo.empty, "--now", Self.now, "--out", "empty"],
            in: demo.folder.path
        )
        #expect(empty.status == 3)
        #expect(empty.stderr == "report-batch: error: No data found for selected date range\n")
        #expect(empty.stdout.isEmpty)
        #expect(
            !FileManager.default.fileExists(
                atPath: demo.folder.file("empty/report_family-\(demo.empty.prefix(8))_2026-10-24_2026-11-22.json")
            )
        )
        #expect((try? FileManager.default.contentsOfDirectory(atPath: demo.folder.file("empty")))?.isEmpty ?? true)
    }

    @Test func theCsvReadBackByPythonHoldsTheNumbersOfTheJson() throws {
        let demo = try Demo()
        defer { demo.folder.remove() }
        for family in [demo.rivera, demo.tanaka] {
            let result = try ReportBatchProcess.run(
                [
                    "report", "--db", "demo.db", "--family", family, "--preset", "last-90-days",
                    "--now", Self.now, "--out", "out",
                ],
                in: demo.folder.path
            )
            let paths = result.stdout.split(separator: "\n").map { demo.folder.file(String($0)) }
            let script = """
                import csv, json, sys
                doc = json.load(open(sys.argv[1], encoding='utf-8'))
                with open(sys.argv[2], newline='', encoding='utf-8-sig') as f:
                    raw = open(sys.argv[2], 'rb').read()
                    assert raw.startswith(b'\\xef\\xbb\\xbf'), 'no BOM'
                    assert b'\\r\\n' in raw and raw.count(b'\\n') == raw.count(b'\\r\\n'), 'not CRLF'
                    rows = list(csv.reader(f))
                assert rows[0] == ['section', 'measure', 'category', 'value', 'unit'], rows[0]
                def num(v): return None if v == '' else float(v)
                summaries = {s['type']: s for s in doc['metrics']['summaries']}
                keys = {('schools','by_status'): doc['schools']['byStatus'], ('schools','by_division'): doc['schools']['byDivision'],
                        ('interactions','by_type'): doc['interactions']['byType'], ('interactions','by_sentiment'): doc['interactions']['bySentiment'],
                        ('interactions','by_direction'): doc['interactions']['byDirection'], ('metrics','by_type'): doc['metrics']['byType'],
                        ('previous_period','by_direction'): doc['previousPeriod']['interactions']['byDirection']}
                scalars = {('schools','total'): doc['schools']['total'], ('schools','favorites'): doc['schools']['favorites'],
                           ('coaches','total'): doc['coaches']['total'], ('coaches','schools_with_coaches'): doc['coaches']['schoolsWithCoaches'],
                           ('coaches','contacted'): doc['coaches']['contactedCoaches'], ('coaches','responding'): doc['coaches']['respondingCoaches'],
                           ('coaches','response_rate'): doc['coaches']['responseRate'], ('coaches','avg_responsiveness'): doc['coaches']['avgResponsiveness'],
                           ('interactions','total'): doc['interactions']['total'], ('metrics','total'): doc['metrics']['total'],
                           ('previous_period','interactions_total'): doc['previousPeriod']['interactions']['total'],
                           ('previous_period','response_rate'): doc['previousPeriod']['coaches']['responseRate']}
                checked = 0
                for section, measure, category, value, unit in rows[1:]:
                    if section == 'report' or measure in ('from', 'to'):
                        continue
                    if (section, measure) in keys:
                        expected = keys[(section, measure)][category]
                    elif (section, measure) in scalars:
                        expected = scalars[(section, measure)]
                    elif section in ('follow_ups', 'changes', 'ahead', 'trend'):
                        continue  # compared whole below
                    elif (section, measure) == ('metrics', 'label'):
                        # The label stands in the unit's column (docs/metrics.md).
                        assert value == '' and unit == summaries[category]['label'], (category, unit)
                        checked += 1
                        continue
                    elif section == 'metrics' and measure in ('best', 'previous', 'change', 'improved', 'new_best'):
                        # The progress rows (docs/metrics.md, "Progress"): values of the json's keys.
                        s = summaries[category]
                        expected = {'best': (s['best'] or {}).get('value'), 'previous': (s['previous'] or {}).get('value'),
                                    'change': s['change'], 'new_best': int(s['newBest']),
                                    'improved': None if s['improved'] is None else int(s['improved'])}[measure]
                    elif section == 'metrics':
                        expected = summaries[category][measure]
                        assert unit == (summaries[category]['unit'] or ''), (category, unit)
                    else:
                        raise SystemExit('unexpected row %r' % ([section, measure, category],))
                    assert num(value) == (None if expected is None else float(expected)), (section, measure, category, value, expected)
                    checked += 1
                for (section, measure), table in keys.items():
                    seen = {r[2] for r in rows[1:] if r[0] == section and r[1] == measure}
                    assert seen == set(table), (section, measure, seen, set(table))
                # The follow-up rows are the json's lists, in order (docs/report.md §4).
                f = doc['followUps']
                got = [tuple(r[1:]) for r in rows[1:] if r[0] == 'follow_ups']
                want = ([('deadline', d['school'], str(d['daysLeft']), 'days') for d in f['deadlines']]
                        + [('awaiting_reply', '%s (%s)' % (a['coach'], a['school']), str(a['daysWaiting']), 'days') for a in f['awaitingReply']]
                        + [('awaiting_reply_older', '', str(f['awaitingReplyOlder']), '')]
                        + [('gone_quiet', g['school'], '' if g['daysSince'] is None else str(g['daysSince']), 'days') for g in f['goneQuiet']]
                        + [('contact_to_fix', '%s (%s)' % (c['coach'], c['school']), c['field'], '') for c in f['contactsToFix']]
                        + [('broken_video', v['title'] or 'Untitled video', v['platform'], '') for v in f['brokenVideos'] or []]
                        + [('letter', l['writer'], str(l['daysLeft']), 'days') for l in f['letters'] or []]
                        + [('questionnaire', q['school'], q['status'], '') for q in f['questionnaires'] or []])
                assert got == want, (got[:3], want[:3])
                # The season's rows are the json's parts (docs/season.md §6): the twelve weeks, in order.
                got_t = [(r[1], r[2], num(r[3])) for r in rows[1:] if r[0] == 'trend']
                want_t = []
                for w in doc['trend']['weeks']:
                    want_t += [('outbound', w['start'], float(w['outbound'])), ('inbound', w['start'], float(w['inbound'])),
                               ('response_rate', w['start'], None if w['responseRate'] is None else float(w['responseRate']))]
                    if w['profileViews'] is not None: want_t.append(('profile_views', w['start'], float(w['profileViews'])))
                    want_t += [('metric_avg:' + k, w['start'], None if v is None else float(v)) for k, v in w['metrics'].items()]
                    want_t += [('pipeline_' + k, w['start'], float(v)) for k, v in w['pipeline'].items()]
                assert len(doc['trend']['weeks']) == 12 and got_t == want_t, (got_t[:4], want_t[:4])
                c = doc['changes']
                assert [r[3] for r in rows[1:] if r[:2] == ['changes', 'other_inbound']] == [str(c['otherInbound'])]
                assert [(r[2], r[3]) for r in rows[1:] if r[:2] == ['changes', 'coach_wrote']] == [('%s (%s)' % (x['coach'], x['school']), str(x['inbound'])) for x in c['coachesWhoWrote']]
                assert list(doc)[-4:] == ['followUps', 'changes', 'ahead', 'trend'], list(doc)
                identity = {r[1]: r[3] for r in rows[1:] if r[0] == 'report'}
                assert identity['family_id'] == doc['family']['id'] and identity['family_name'] == doc['family']['name']
                assert identity['from'] == doc['range']['from'] and identity['timezone'] == doc['range']['timezone']
                assert identity['generated_at'] == doc['generatedAt'] == '2026-11-23T06:00:00Z'
                print(checked)
                """
            let check = try ReportBatchProcess.tool("python3", ["-c", script, paths[0], paths[1]])
            #expect(check.status == 0, "\(check.stderr)")
            #expect((Int(check.stdout.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0) > 50, "\(check.stdout)")
        }
    }

    @Test func twoRunsWithTheSameClockAreByteIdentical() throws {
        let demo = try Demo()
        defer { demo.folder.remove() }
        for out in ["a", "b"] {
            let result = try ReportBatchProcess.run(
                ["report", "--db", "demo.db", "--family", demo.hawks, "--preset", "year-to-date", "--out", out],
                in: demo.folder.path,
                environment: ["SOURCE_DATE_EPOCH": "1795413600"]
            )
            #expect(result.status == 0)
        }
        let names = try FileManager.default.contentsOfDirectory(atPath: demo.folder.file("a")).sorted()
        #expect(names.map { ($0 as NSString).pathExtension } == ["csv", "json", "pdf", "xlsx"])
        for name in names {
            let first = try Data(contentsOf: URL(fileURLWithPath: demo.folder.file("a/\(name)")))
            let second = try Data(contentsOf: URL(fileURLWithPath: demo.folder.file("b/\(name)")))
            #expect(first == second, "\(name)")
        }
        let json = try String(contentsOfFile: demo.folder.file("a/\(names[1])"), encoding: .utf8)
        #expect(json.contains("\"generatedAt\": \"2026-11-23T06:00:00Z\""))
        #expect(json.contains("\"preset\": \"year-to-date\""))
    }

    /// A family whose name and metric types are hostile, with a day-boundary interaction pair.
    func hostileDatabase(_ folder: TemporaryFolder) throws {
        try Fixture.database(at: folder.file("hostile.db")) { f in
            try f.family("F", name: "=HYPERLINK(\"x\"), \"Rivera\"\nFamily")
            try f.user("p", role: "player", timezone: "America/Los_Angeles")
            try f.member(family: "F", user: "p", role: "player")
            try f.interaction("in", family: "F", occurredAt: "2026-11-22T23:30:00-08:00")
            try f.interaction("out", family: "F", occurredAt: "2026-11-23T00:00:00-08:00")
            try f.metric("m", family: "F", type: "-40_yard,\"dash\"", value: -1.5)
        }
    }

    @Test func formulaGuardBomAndStdout() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try hostileDatabase(folder)
        let base = [
            "report", "--db", "hostile.db", "--family", "F", "--preset", "last-7-days", "--today", "2026-11-22",
            "--now", Self.now, "--format", "csv", "--out", "-",
        ]
        let guarded = try ReportBatchProcess.run(base, in: folder.path)
        #expect(guarded.status == 0, "\(guarded.stderr)")
        #expect(guarded.stdoutData.starts(with: [0xEF, 0xBB, 0xBF]))
        #expect(guarded.stdout.contains("report,family_name,,\"'=HYPERLINK(\"\"x\"\"), \"\"Rivera\"\"\nFamily\",\r\n"))
        #expect(guarded.stdout.contains("metrics,by_type,\"'-40_yard,\"\"dash\"\"\",1,\r\n"))
        #expect(guarded.stdout.contains("metrics,avg,\"'-40_yard,\"\"dash\"\"\",-1.5,s\r\n"))
        // Only the interaction at 23:30 on the last day is in the week in Los Angeles.
        #expect(guarded.stdout.contains("interactions,total,,1,\r\n"))
        #expect(guarded.stdout.contains("report,timezone,,America/Los_Angeles,\r\n"))

        let raw = try ReportBatchProcess.run(base + ["--raw-csv", "--no-bom"], in: folder.path)
        #expect(!raw.stdoutData.starts(with: [0xEF, 0xBB, 0xBF]))
        #expect(raw.stdout.hasPrefix("section,measure,category,value,unit\r\n"))
        #expect(raw.stdout.contains("report,family_name,,\"=HYPERLINK(\"\"x\"\"), \"\"Rivera\"\"\nFamily\",\r\n"))

        let json = try ReportBatchProcess.run(
            ["report", "--db", "hostile.db", "--family", "F", "--format", "json", "--out", "-", "--now", Self.now],
            in: folder.path
        )
        #expect(json.stdout.contains("\"name\": \"=HYPERLINK(\\\"x\\\"), \\\"Rivera\\\"\\nFamily\""))
        #expect(folder.contents() == ["hostile.db"])
    }

    @Test(
        arguments: [
            (
                ["--preset", "last-week"], Int32(64),
                "The value 'last-week' is invalid for '--preset <preset>'. Please provide one of the following: last-7-days, last-30-days,"
            ),
            (["--from", "2026-02-08", "--to", "2026-02-01"], 64, "End date must be after start date"),
            (["--from", "2026-02-08"], 64, "--from '2026-02-08' needs --to as well"),
            (["--timezone", "Mars/Base"], 64, "--timezone 'Mars/Base' is not a known IANA time zone"),
            (["--format", "json,docx"], 64, "--format 'docx' is not a format; use one or more of: json, csv"),
            (["--format", "json,csv", "--out", "-"], 64, "--out - writes one text format to standard output"),
            (
                ["--family", "nobody"], 64,
                "no family with id 'nobody' in 'hostile.db'; `report-batch families --db hostile.db` lists them"
            ),
            (["--now", "2026-11-23T06:00:00"], 64, "--now '2026-11-23T06:00:00' is not a timestamp with an offset"),
            (["--out", "hostile.db"], 73, "cannot write 'hostile.db': it is a file, not a folder"),
        ] as [([String], Int32, String)]
    )
    func usageErrorsWriteNothing(extra: [String], status: Int32, message: String) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try hostileDatabase(folder)
        var arguments = ["report", "--db", "hostile.db", "--family", "F", "--out", "out"]
        arguments += extra
        let result = try ReportBatchProcess.run(arguments, in: folder.path)
        #expect(result.status == status, "\(result.stderr)")
        #expect(result.messages.hasPrefix("report-batch: error: \(message)"), "\(result.stderr)")
        #expect(result.messages.split(separator: "\n").count == 1)
        #expect(folder.contents() == ["hostile.db"])
    }

    @Test func aLargeRangeWarnsAndStillRuns() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try hostileDatabase(folder)
        let result = try ReportBatchProcess.run(
            [
                "report", "--db", "hostile.db", "--family", "F", "--from", "2010-01-01", "--to", "2026-11-22",
                "--format", "json", "--out", "-", "--now", Self.now,
            ],
            in: folder.path
        )
        #expect(result.status == 0)
        #expect(result.messages == "warning: Large date range may take longer to generate\n")
        #expect(result.stdout.contains("\"preset\": null"))
        // The interaction at 00:00 on Nov 23 in Los Angeles is after the range.
        #expect(result.stdout.contains("\"interactions\": {\n    \"total\": 1,"))
    }
}
