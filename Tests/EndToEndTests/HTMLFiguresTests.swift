import Foundation
import TestSupport
import Testing

/// The web pages say what the data files say (docs/outputs.md, "html"): Python's html.parser
/// reads the demo's report page and finds in it every figure of the report's json (each
/// card's number, each breakdown's counts, every follow-up row), and reads each list's page
/// and finds every row of the list's csv, in its order.
struct HTMLFiguresTests {
    /// A reader of the pages: each table's caption and rows (each cell's text, spaces joined),
    /// and the cards' labels and figures.
    static let reader = #"""
        import csv, json, re, sys
        from datetime import datetime
        from html.parser import HTMLParser

        class Page(HTMLParser):
            def __init__(self):
                super().__init__()
                self.tables, self.cards, self.stack, self.text = [], [], [], None
            def handle_starttag(self, tag, attrs):
                cls = dict(attrs).get('class') or ''
                if self.text is not None: self.text.append(' ')  # a cell's lines, one after another
                if tag == 'table': self.tables.append({'caption': '', 'head': [], 'rows': []})
                elif tag == 'tr' and self.tables: self.row = []
                elif tag in ('td', 'th', 'caption') or (tag == 'span' and cls in ('label', 'value')):
                    self.text = []
                    self.stack.append((tag, cls))
                elif tag == 'li' and 'card' in cls.split(): self.cards.append({})
            def handle_endtag(self, tag):
                if self.stack and self.stack[-1][0] == tag:
                    kind, cls = self.stack.pop()
                    text = ' '.join(''.join(self.text).split())
                    self.text = None
                    if kind == 'caption': self.tables[-1]['caption'] = text
                    elif kind in ('td', 'th'): self.row.append(text)
                    elif cls in ('label', 'value') and self.cards: self.cards[-1][cls] = text
                elif tag == 'tr' and self.tables and getattr(self, 'row', None) is not None:
                    target = 'rows' if self.tables[-1]['head'] else 'head'
                    self.tables[-1][target] = self.row if target == 'head' else self.tables[-1]['rows'] + [self.row]
                    self.row = None
            def handle_data(self, data):
                if self.text is not None: self.text.append(data)

        def read(path):
            page = Page()
            page.feed(open(path, encoding='utf-8').read())
            return page

        def number(value, places=1):
            if value is None: return 'N/A'
            text = ('%.' + str(places) + 'f') % round(value, places)
            return text.rstrip('0').rstrip('.') if '.' in text else text

        def day(iso): return datetime.strptime(iso, '%Y-%m-%d').strftime('%b %-d, %Y')
        def key(text): return re.sub('[^a-z0-9]', '', text.lower()).replace('directmessage', 'dm')

        def check_report(json_path, html_path):
            data, page = json.load(open(json_path, encoding='utf-8')), read(html_path)
            figures = [str(data['schools']['total']), str(data['coaches']['total']), str(data['interactions']['total']),
                       str(data['metrics']['total']), number(data['coaches']['responseRate']) + ('%' if data['coaches']['responseRate'] is not None else '')]
            assert [card.get('value') for card in page.cards] == figures, (page.cards, figures)
            tables = {t['caption']: t for t in page.tables}
            breakdowns = [('Schools by Status', data['schools']['byStatus'], True), ('Schools by Division', data['schools']['byDivision'], True),
                          ('Interactions by Type', data['interactions']['byType'], True),
                          ('Interactions by Sentiment', data['interactions']['bySentiment'], False),
                          ('Interactions by Direction', data['interactions']['byDirection'], False)]
            counted = 0
            for caption, counts, nonzero in breakdowns:
                shown = [(key(k), str(v)) for k, v in counts.items() if v or not nonzero]
                rows = [(key(r[0]), r[1]) for r in tables[caption]['rows']]
                assert rows == shown, (caption, rows, shown)
                counted += len(rows)
            follow = data['followUps']
            cells = [r for t in page.tables for r in t['rows']]
            def find(items, match):
                found = [i for i in items if any(match(i, r) for r in cells)]
                assert len(found) == len(items), (len(found), len(items), [i for i in items if i not in found][:3])
                return len(found)
            rows = find(follow['deadlines'], lambda d, r: r[0] == d['school'] and day(d['deadline']) in r and r[-1] == str(d['daysLeft']))
            rows += find(follow['awaitingReply'], lambda a, r: r[:2] == [a['coach'], a['school']] and day(a['lastContact']) in r and r[-1] == str(a['daysWaiting']))
            rows += find(follow['goneQuiet'], lambda g, r: r[0] == g['school'] and (g['daysSince'] is None or r[-1] == str(g['daysSince']))
                         and (day(g['lastContact']) if g['lastContact'] else 'Never contacted') in r)
            rows += find(follow['contactsToFix'], lambda c, r: r[:2] == [c['coach'], c['school']] and r[-1] == ' '.join(c['value'].split()))
            print('cards', len(page.cards), 'breakdown rows', counted, 'follow-up rows', rows)

        def when(text):
            return datetime.strptime(text, '%b %d, %Y %I:%M %p').strftime('%Y-%m-%d %H:%M')

        def check_list(kind, csv_path, html_path):
            rows = list(csv.DictReader(open(csv_path, encoding='utf-8-sig', newline='')))
            table = read(html_path).tables[0]
            assert len(table['rows']) == len(rows), (kind, len(table['rows']), len(rows))
            for row, cells in zip(rows, table['rows']):
                if kind == 'coaches':
                    assert cells[0] == ' '.join((row['First Name'] + ' ' + row['Last Name']).split()), (cells, row)
                    assert cells[-1] == row['Interactions'], (cells, row)
                elif kind == 'schools':
                    name = re.sub(r'^★ Favorite: ', '', cells[0])
                    assert name == ' '.join(row['School'].split()) and (cells[0] != name) == (row['Favorite'] == 'TRUE'), (cells, row)
                    assert cells[-3:-1] == [row['Coaches'], row['Interactions']], (cells, row)
                else:
                    assert when(cells[0]) == row['Date'], (cells, row)
                    assert cells[1:4] == [row['Type'], row['Direction'], row['Sentiment'] or '--'], (cells, row)
                    assert cells[-1] == row['Attachments'], (cells, row)
            print(kind, len(rows), 'rows')

        if sys.argv[1] == 'report': check_report(sys.argv[2], sys.argv[3])
        else: check_list(sys.argv[1], sys.argv[2], sys.argv[3])
        """#

    @Test func thePagesHoldTheFiguresOfTheDataFiles() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        _ = try ReportBatchProcess.run(["demo", "--out", "demo.db", "--today", "2026-11-22"], in: folder.path)
        let family = try ReportBatchProcess.tool(
            "sqlite3",
            [folder.file("demo.db"), "SELECT id FROM family_units WHERE family_name = 'Rivera Family'"]
        ).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let common = ["--db", "demo.db", "--family", family, "--today", "2026-11-22", "--now", "2026-11-23T06:00:00Z"]
        let report = try ReportBatchProcess.run(
            ["report", "--preset", "previous-week", "--format", "json,html", "--out", "out"] + common,
            in: folder.path
        )
        #expect(report.status == 0, "\(report.stderr)")
        let files = report.stdout.split(separator: "\n").map { folder.file(String($0)) }
        let check = try ReportBatchProcess.tool("python3", ["-c", Self.reader, "report"] + files)
        #expect(check.status == 0, "\(check.stderr)")
        // The Rivera family's week has more follow-ups than the pdf's 10 a list.
        let followUps = Int(check.stdout.components(separatedBy: "follow-up rows ").last?.prefix { $0.isNumber } ?? "")
        #expect((followUps ?? 0) > 20 && check.stdout.contains("cards 5 "), "\(check.stdout)")
        for kind in ["coaches", "schools", "interactions"] {
            let list = try ReportBatchProcess.run(
                ["export", kind, "--format", "csv,html", "--out", "out"] + common,
                in: folder.path
            )
            #expect(list.status == 0, "\(list.stderr)")
            let paths = list.stdout.split(separator: "\n").map { folder.file(String($0)) }
            let check = try ReportBatchProcess.tool("python3", ["-c", Self.reader, kind] + paths)
            #expect(check.status == 0 && check.stdout.hasPrefix("\(kind) "), "\(kind): \(check.stderr)")
            #expect(!check.stdout.hasPrefix("\(kind) 0 "), "\(check.stdout)")
        }
    }
}
