import Foundation
import TestSupport
import Testing

/// The workbooks a user gets from `report` and `export`, opened with openpyxl.
struct XLSXCommandTests {
    static let now = ReportCommandTests.now

    @Test(.tags(.pythonReader)) func theReportWorkbookHasItsSummaryChartsAndData() throws {
        let demo = try ReportCommandTests.Demo()
        defer { demo.folder.remove() }
        let result = try ReportBatchProcess.run(
            [
                "report", "--db", "demo.db", "--family", demo.rivera, "--preset", "last-90-days",
                "--today", "2026-11-22", "--now", Self.now, "--format", "json,xlsx", "--out", "out",
            ],
            in: demo.folder.path
        )
        #expect(result.status == 0, "\(result.stderr)")
        let paths = result.stdout.split(separator: "\n").map { demo.folder.file(String($0)) }
        let script = """
            import openpyxl, json, sys, datetime
            doc = json.load(open(sys.argv[1], encoding='utf-8'))
            wb = openpyxl.load_workbook(sys.argv[2])
            assert wb.sheetnames == ['Summary', 'Season', 'Data'], wb.sheetnames
            s = wb['Summary']
            assert len(s._charts) == 2, len(s._charts)
            assert s['A1'].value == 'Recruiting Report' and s['A2'].value == 'Rivera Family'
            cards = {s.cell(5, c).value: s.cell(6, c).value for c in range(1, 6)}
            assert cards['Schools'] == doc['schools']['total'] and cards['Interactions'] == doc['interactions']['total'], cards
            assert abs(cards['Response Rate'] - doc['coaches']['responseRate']) < 1e-9, cards
            # Each card says what it counts; the rate shows its counts and a % sign; one line explains it.
            scopes = {s.cell(5, c).value: s.cell(8, c).value for c in range(1, 6)}
            c = doc['coaches']
            assert scopes['Schools'] == 'on your list' and scopes['Interactions'] == 'Aug 25 – Nov 22', scopes
            assert scopes['Response Rate'] == f"{c['respondingCoaches']} of {c['contactedCoaches']} coaches you contacted replied", scopes
            assert s.cell(6, 5).number_format.endswith('"%"'), s.cell(6, 5).number_format
            assert s.cell(9, 1).value.startswith('Response rate: of the coaches you wrote to'), s.cell(9, 1).value
            # The change in response rate is in percentage points, with its sign.
            change = [row for row in s.iter_rows() if row[0].value == 'Response Rate'][0][3]
            assert change.number_format == '+0.0" pts";-0.0" pts";0.0" pts"', change.number_format
            # Charts: the status chart colours each bar; the type chart labels every category, top to bottom as the table.
            status, types = s._charts
            assert len(status.series[0].dPt) == 6, len(status.series[0].dPt)
            assert len({str(p.graphicalProperties.solidFill.srgbClr) for p in status.series[0].dPt}) > 3
            assert 1 in (getattr(types.x_axis, 'tickLblSkip', None), getattr(types.y_axis, 'tickLblSkip', None)), 'every category labelled'
            assert 'maxMin' in (types.x_axis.scaling.orientation, types.y_axis.scaling.orientation)
            # Prints on Letter, landscape, fitted to one page wide and at most two tall, with the print area set.
            assert s.page_setup.orientation == 'landscape' and s.page_setup.paperSize in (1, '1'), s.page_setup.orientation
            assert s.sheet_properties.pageSetUpPr.fitToPage and int(s.page_setup.fitToWidth or 1) == 1 and int(s.page_setup.fitToHeight or 1) == 2
            assert s.print_area and s.print_area.startswith("'Summary'!$A$1:"), s.print_area
            labels = [row[0].value for row in s.iter_rows(min_col=1, max_col=1)]
            for title in ['Schools by Status', 'Schools by Division', 'Interactions by Type', 'Interactions by Sentiment', 'Metric Summaries']:
                assert title in labels, title
            # Metrics by name on the Summary sheet, by key in json; one value once, not as min = avg = max.
            keys = [m['type'] for m in doc['metrics']['summaries']]
            assert 'velocity' in keys, keys
            assert not any(k in labels for k in keys if '_' in k), labels
            metrics = {row[0].value: [c.value for c in row] for row in s.iter_rows() if row[0].value in ('60-Yard Dash', 'Batting Average', 'Exit Velocity', 'Pop Time', 'ERA', 'Broad Jump', 'Fastball Velocity ★')}
            assert metrics, labels
            # Columns: Metric, Entries, Values, Average, Min, Max, Unit, Latest, Source, Verified, Best, Change, New best.
            for name, row in metrics.items():
                if row[2] == 1: assert row[4] is None and row[5] is None and row[3] is not None, row
                if row[2] == 0: assert row[3] == 'no value', row
            d = wb['Data']
            # Row 1 is the sheet's title, row 2 its header; the sheet is hidden so that it prints only when asked.
            assert d.freeze_panes == 'A3' and d.auto_filter.ref.startswith('A2:E'), (d.freeze_panes, d.auto_filter.ref)
            assert d.sheet_state == 'hidden', d.sheet_state
            rows = [[c.value for c in r] for r in d.iter_rows(min_row=3)]
            total = [r for r in rows if r[0] == 'interactions' and r[1] == 'total'][0]
            assert total[3] == doc['interactions']['total'] and isinstance(total[3], (int, float)), total
            rate = [r for r in rows if r[1] == 'response_rate' and r[0] == 'coaches'][0]
            assert isinstance(rate[3], (int, float)) and abs(rate[3] - doc['coaches']['responseRate']) < 1e-9, rate
            assert wb.properties.created == datetime.datetime(2026, 11, 23, 6, 0) and wb.properties.subject == 'Recruiting Report – Rivera Family'
            print('ok')
            """
        let check = try ReportBatchProcess.tool("python3", ["-c", script, paths[0], paths[1]])
        #expect(check.stdout == "ok\n", "\(check.stderr)")
    }

    @Test(.tags(.pythonReader)) func listWorkbooksHoldTypedCellsLinksLocalDatesAndHostileText() throws {
        let demo = try ReportCommandTests.Demo()
        defer { demo.folder.remove() }
        for list in ["coaches", "schools", "interactions"] {
            let result = try ReportBatchProcess.run(
                [
                    "export", list, "--db", "demo.db", "--family", demo.tanaka, "--now", Self.now,
                    "--format", "csv,xlsx", "--out", "out",
                ],
                in: demo.folder.path
            )
            #expect(result.status == 0, "\(result.stderr)")
        }
        let script = """
            import openpyxl, csv, glob, datetime, sys
            def book(name):
                return openpyxl.load_workbook(glob.glob('out/%s_*.xlsx' % name)[0])
            def table(name):
                with open(glob.glob('out/%s_*.csv' % name)[0], newline='', encoding='utf-8-sig') as f:
                    return list(csv.reader(f))
            for name in ['coaches', 'schools', 'interactions']:
                ws = book(name).worksheets[0]
                # Row 1 is the sheet's title (the list and the family), row 2 its header, frozen and filtered.
                assert ws['A1'].value.startswith(name.capitalize() + ' – ') and ws['A1'].font.b, ws['A1'].value
                assert ws.freeze_panes == 'A3' and ws.auto_filter.ref.startswith('A2:'), (name, ws.freeze_panes)
                assert ws.print_title_rows in ('2:2', '$2:$2'), ws.print_title_rows
                rows = [[c for c in r] for r in ws.iter_rows(min_row=3)]
                text = table(name)[1:]
                assert len(rows) == len(text), (name, len(rows), len(text))
                for cells, line in zip(rows, text):
                    for cell, value in zip(cells, line):
                        v = cell.value
                        if isinstance(v, str):
                            # xlsx holds the text itself: the csv's guard quote, and CR line breaks made LF, are the only differences.
                            value = value.replace('\\r\\n', '\\n').replace('\\r', '\\n')
                            assert value == v or value == "'" + v, (name, v, value)
                        elif isinstance(v, bool):
                            assert value == ('TRUE' if v else 'FALSE')
                        elif isinstance(v, datetime.datetime):
                            assert cell.is_date
                            assert value == (v.strftime('%Y-%m-%d %H:%M') if name == 'interactions' and cell.column == 1 else v.strftime('%Y-%m-%d')), (v, value)
                        elif v is None:
                            assert value == '', (name, value)
                        else:
                            assert float(value) == v, (name, v, value)
            # A contact cell is a link exactly when its value passes the Add Coach rules (checked here with
            # Python's own regular expressions); a breaking value is plain text.
            import re
            coaches = book('coaches').worksheets[0]
            rules = {4: r'[^@\\s]+@[A-Za-z0-9-]+(\\.[A-Za-z0-9-]+)*\\.[A-Za-z]{2,}', 5: r'(\\+?1[ .-]?)?(\\(\\d{3}\\) \\d{3}-\\d{4}|\\d{3}-\\d{3}-\\d{4}|\\d{3}\\.\\d{3}\\.\\d{4}|\\d{10})',
                     6: r'@?[A-Za-z0-9_]{1,15}', 7: r'@?[A-Za-z0-9._]{1,30}'}
            prefixes = {4: 'mailto:', 5: 'tel:', 6: 'https://x.com/', 7: 'https://instagram.com/'}
            plain = 0
            for column, rule in rules.items():
                cells = [r[column] for r in coaches.iter_rows(min_row=3) if r[column].value]
                assert cells, column
                for c in cells:
                    if re.fullmatch(rule, c.value):
                        assert c.hyperlink is not None and c.hyperlink.target.startswith(prefixes[column]), (c.value, c.hyperlink)
                    else:
                        assert c.hyperlink is None, (c.value, c.hyperlink.target)
                        plain += 1
            assert plain >= 3, plain
            phones = [r[5] for r in coaches.iter_rows(min_row=3) if r[5].hyperlink]
            assert phones and all(c.hyperlink.target.startswith('tel:+1555') for c in phones), phones[0].hyperlink.target
            inter = book('interactions')
            assert inter.sheetnames == ['Interactions', 'Analytics']
            analytics = {r[0].value: r[1].value for r in inter['Analytics'].iter_rows(min_row=3)}
            assert analytics['Total'] == inter.worksheets[0].max_row - 2, analytics
            print('ok')
            """
        let check = try ReportBatchProcess.tool("python3", ["-c", script], in: demo.folder.path)
        #expect(check.stdout == "ok\n", "\(check.stderr)")
    }

    @Test func aDecimalCommaLocaleChangesNoByte() throws {
        let demo = try ReportCommandTests.Demo()
        defer { demo.folder.remove() }
        for (folder, locale) in [("c", "C"), ("de", "de_DE.UTF-8")] {
            let env = ["LC_ALL": locale, "LANG": locale, "LC_NUMERIC": locale]
            let report = try ReportBatchProcess.run(
                ["report", "--db", "demo.db", "--family", demo.rivera, "--now", Self.now, "--out", folder],
                in: demo.folder.path,
                environment: env
            )
            #expect(report.status == 0, "\(report.stderr)")
            for list in ["coaches", "schools", "interactions"] {
                let export = try ReportBatchProcess.run(
                    [
                        "export", list, "--db", "demo.db", "--family", demo.rivera, "--now", Self.now,
                        "--format", "csv,xlsx", "--out", folder,
                    ],
                    in: demo.folder.path,
                    environment: env
                )
                #expect(export.status == 0)
            }
        }
        let names = try FileManager.default.contentsOfDirectory(atPath: demo.folder.file("c")).sorted()
        #expect(names.count == 10)  // the report in four formats, each list as csv and xlsx
        for name in names {
            let c = try Data(contentsOf: URL(fileURLWithPath: demo.folder.file("c/\(name)")))
            let de = try Data(contentsOf: URL(fileURLWithPath: demo.folder.file("de/\(name)")))
            #expect(c == de, "\(name) differs under de_DE.UTF-8")
        }
        // The workbook really holds fractional numbers, written with a point.
        let parts = try Golden.parts(
            ofZip: demo.folder.file("de/\(names.first { $0.hasPrefix("schools") && $0.hasSuffix(".xlsx") }!)")
        )
        let sheet = String(decoding: parts["xl/worksheets/sheet1.xml"] ?? Data(), as: UTF8.self)
        #expect(sheet.range(of: #"<v>\d+\.\d+</v>"#, options: .regularExpression) != nil)
        #expect(sheet.range(of: #"<v>\d+,\d+</v>"#, options: .regularExpression) == nil)
    }
}
