import Foundation
import TestSupport
import Testing

/// The demo's report and lists as web pages in headless Chromium (Debian's `chromium`,
/// scripts/install-deps.sh; docs/outputs.md "html"): at 390 px (in an iframe of that width: a
/// headless window is at least 500 px wide), 800 and 1280, light and dark, what a reader of each
/// page gets — no horizontal scroll, text sizes, the contrast of every text against what it is
/// drawn on, headings in order, tables with captions and header cells, charts with a role, a
/// title and their numbers, tap targets, nothing fetched — and printed to pdf, whole pages with
/// no row cut. Screenshots go to HTML_SCREENSHOTS when set (to look at them), else to the test's folder.
@Suite(.tags(.chromium))
struct HTMLRenderingTests {
    static let now = "2026-11-23T06:00:00Z"

    /// The pages of the demo's Rivera family: its report of the previous week and its three lists.
    enum Page: String, CaseIterable {
        case report, coaches, schools, interactions
    }

    /// Writes the demo and `page` as html into `folder` and returns the page's path.
    static func write(_ page: Page, in folder: TemporaryFolder) throws -> String {
        _ = try ReportBatchProcess.run(["demo", "--out", "demo.db", "--today", "2026-11-22"], in: folder.path)
        let family = try ReportBatchProcess.tool(
            "sqlite3",
            [folder.file("demo.db"), "SELECT id FROM family_units WHERE family_name = 'Rivera Family'"]
        ).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let command =
            page == .report
            ? ["report", "--preset", "previous-week"] : ["export", page.rawValue]
        let result = try ReportBatchProcess.run(
            command + [
                "--db", "demo.db", "--family", family, "--today", "2026-11-22", "--now", now, "--format", "html",
                "--out", "pages",
            ],
            in: folder.path
        )
        #expect(result.status == 0, "\(result.stderr)")
        let path = folder.file(result.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
        #expect(path.hasSuffix(".html"))
        return path
    }

    static func chromium() throws -> String {
        let path = try ReportBatchProcess.tool("sh", ["-c", "command -v chromium || command -v chromium-browser"])
            .stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        try #require(!path.isEmpty, "Debian's chromium is not installed: run scripts/install-deps.sh")
        return path
    }

    static let flags = [
        "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--allow-file-access-from-files",
        "--virtual-time-budget=5000",
    ]

    /// What the wrapper page measures in the page's frame, as JSON (base64, so that the dump
    /// keeps it whole): the frame's width and the page's scroll width, text under its least size
    /// (16 px, 14 in a table, 12 in the footer; a chart's labels at the size they are drawn),
    /// every text's contrast against the background it is drawn on, the headings' levels,
    /// tables without a caption or header cells, charts without a role, a title or their
    /// table, tap targets under 44 px, and everything that could fetch.
    static let measure = #"""
        function rgb(text) {
          const m = text.match(/rgba?\(([\d.]+),\s*([\d.]+),\s*([\d.]+)(?:,\s*([\d.]+))?\)/);
          return m ? [+m[1], +m[2], +m[3], m[4] === undefined ? 1 : +m[4]] : [0, 0, 0, 0];
        }
        function lum(c) {
          const l = c.slice(0, 3).map(v => { v /= 255; return v <= 0.04045 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); });
          return 0.2126 * l[0] + 0.7152 * l[1] + 0.0722 * l[2];
        }
        function ratio(a, b) { const x = lum(a), y = lum(b); return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05); }
        function hex(c) { return '#' + c.slice(0, 3).map(v => Math.round(v).toString(16).padStart(2, '0')).join(''); }
        function measure(doc, win) {
          const d = doc.documentElement, style = e => win.getComputedStyle(e);
          function ground(e) {
            for (let n = e; n && n.nodeType === 1; n = n.parentElement) {
              const c = rgb(style(n).backgroundColor);
              if (c[3] > 0.99) return c;
            }
            return rgb(style(doc.body).backgroundColor);
          }
          const r = {width: win.innerWidth, scrollWidth: d.scrollWidth, bodyScrollWidth: doc.body.scrollWidth,
            small: [], pairs: {}, low: [], texts: 0, chartText: 99, headings: [], badTables: [], badCharts: [],
            badTaps: [], taps: 0, fetches: [], hidden: [], tables: 0, charts: 0,
            page: hex(rgb(style(doc.body).backgroundColor))};
          for (const e of doc.body.querySelectorAll('*')) {
            if (!Array.from(e.childNodes).some(n => n.nodeType === 3 && n.textContent.trim())) continue;
            const box = e.getBoundingClientRect();
            if (box.width === 0 && box.height === 0) continue;  // inside a closed details element
            if (style(e).clipPath !== 'none' && box.width <= 1) continue;  // for screen readers only
            r.texts += 1;
            const svg = e.closest('svg');
            let color, size;
            if (svg) {
              color = rgb(style(e).fill);
              size = parseFloat(e.getAttribute('font-size') || style(e).fontSize) * svg.getScreenCTM().a;
              r.chartText = Math.min(r.chartText, size);
            } else {
              color = rgb(style(e).color);
              size = parseFloat(style(e).fontSize);
              const least = e.closest('footer') ? 12 : e.closest('table') ? 14 : 16;
              if (size < least - 0.01) r.small.push(e.tagName + ' ' + size + 'px: ' + e.textContent.trim().slice(0, 40));
            }
            const back = ground(svg || e), contrast = ratio(color, back), key = hex(color) + ' on ' + hex(back);
            r.pairs[key] = Math.round(contrast * 100) / 100;
            if (contrast < 4.5) r.low.push(key + ' ' + contrast.toFixed(2) + ': ' + e.textContent.trim().slice(0, 40));
          }
          r.headings = Array.from(doc.querySelectorAll('h1, h2, h3, h4, h5, h6')).map(h => +h.tagName[1]);
          for (const t of doc.querySelectorAll('table')) {
            r.tables += 1;
            const caption = t.querySelector('caption'), th = t.querySelectorAll('th');
            if (!caption || !caption.textContent.trim() || th.length === 0
                || Array.from(th).some(h => !['col', 'row'].includes(h.getAttribute('scope'))))
              r.badTables.push((caption ? caption.textContent : '(no caption)').slice(0, 60));
          }
          for (const s of doc.querySelectorAll('svg')) {
            r.charts += 1;
            const title = s.querySelector('title'), data = s.parentElement.querySelector('details table');
            if (s.getAttribute('role') !== 'img' || !title || !title.textContent.trim() || !data)
              r.badCharts.push(title ? title.textContent : '(no title)');
          }
          for (const a of doc.querySelectorAll('a, summary, button, input, select')) {
            const box = a.getBoundingClientRect();
            if (box.width === 0 && box.height === 0) continue;
            r.taps += 1;
            if (box.height < 43.99) r.badTaps.push(a.tagName + ' ' + box.height + ': ' + a.textContent.trim().slice(0, 30));
          }
          for (const e of doc.querySelectorAll('[src], link, script, iframe, object, embed, base')) r.fetches.push(e.outerHTML.slice(0, 80));
          for (const e of doc.querySelectorAll('[style]'))
            if (/url\(|@import|https?:/i.test(e.getAttribute('style'))) r.fetches.push(e.outerHTML.slice(0, 80));
          for (const e of doc.querySelectorAll('style'))
            if (/url\(|@import|https?:/i.test(e.textContent)) r.fetches.push('a style element fetches');
          r.resources = win.performance.getEntriesByType('resource').length;
          for (const e of [d, doc.body, doc.querySelector('main')])
            if (e && ['hidden', 'clip'].includes(style(e).overflowX)) r.hidden.push(e.tagName);
          return r;
        }
        """#

    /// The page in a frame `width` px wide, with the measure above run when it has loaded.
    static func wrapper(_ page: String, width: Int, out: String) throws {
        let made = try ReportBatchProcess.tool(
            "python3",
            [
                "-c",
                """
                import html, sys
                page, width, out, script = open(sys.argv[1], encoding='utf-8').read(), int(sys.argv[2]), sys.argv[3], sys.argv[4]
                open(out, 'w', encoding='utf-8').write(f'''<!DOCTYPE html><html><head><meta charset="utf-8"></head><body style="margin:0">
                <iframe id="f" width="{width}" height="900" style="border:0;display:block" srcdoc="{html.escape(page, quote=True)}"></iframe>
                <pre id="result">pending</pre><script>{script}
                const f = document.getElementById('f');
                f.addEventListener('load', () => {{
                  const json = JSON.stringify(measure(f.contentDocument, f.contentWindow));
                  document.getElementById('result').textContent = btoa(unescape(encodeURIComponent(json)));
                }});
                </script></body></html>''')
                """, page, String(width), out, measure,
            ]
        )
        #expect(made.status == 0, "\(made.stderr)")
    }

    @Test(arguments: Page.allCases)
    func eachPageReadsOnAPhoneAndAScreenLightAndDark(page: Page) throws {
        let chromium = try Self.chromium()
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = try Self.write(page, in: folder)
        for width in [390, 800, 1280] {
            for dark in [false, true] {
                let wrapper = folder.file("frame-\(width).html")
                try Self.wrapper(path, width: width, out: wrapper)
                var flags = Self.flags + ["--window-size=\(max(500, width + 40)),1000"]
                if dark { flags.append("--force-dark-mode") }
                let dom = try ReportBatchProcess.tool(chromium, flags + ["--dump-dom", "file://" + wrapper])
                let encoded =
                    dom.stdout.components(separatedBy: "<pre id=\"result\">").dropFirst().first?.components(
                        separatedBy: "<"
                    ).first ?? ""
                let json = try #require(Data(base64Encoded: encoded), "\(page) \(width): \(dom.stdout.suffix(300))")
                let r = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
                try check(r, page: page, width: width, dark: dark)
                let shots = ProcessInfo.processInfo.environment["HTML_SCREENSHOTS"] ?? folder.path
                try FileManager.default.createDirectory(atPath: shots, withIntermediateDirectories: true)
                let shot = shots + "/\(page)-\(width)-\(dark ? "dark" : "light").png"
                _ = try ReportBatchProcess.tool(chromium, flags + ["--screenshot=" + shot, "file://" + wrapper])
                #expect(FileManager.default.fileExists(atPath: shot), "\(shot)")
            }
        }
    }

    /// The assertions of one rendering.
    func check(_ r: [String: Any], page: Page, width: Int, dark: Bool) throws {
        let label = "\(page) at \(width) px, \(dark ? "dark" : "light")"
        let number = { (key: String) in (r[key] as? NSNumber)?.doubleValue ?? -1 }
        let list = { (key: String) in r[key] as? [Any] ?? ["(missing)"] }
        #expect(Int(number("width")) == width, "\(label): the frame is \(number("width")) px wide")
        #expect(number("scrollWidth") <= Double(width) && number("bodyScrollWidth") <= Double(width), "\(label): \(r)")
        #expect(list("hidden").isEmpty, "\(label): the page hides what overflows: \(list("hidden"))")
        #expect(number("texts") > 30 && list("small").isEmpty, "\(label): text under its size: \(list("small"))")
        // The page's own ground: white, or the dark scheme's.
        #expect(r["page"] as? String == (dark ? "#111827" : "#ffffff"), "\(label): \(r["page"] ?? "")")
        let pairs = r["pairs"] as? [String: Any] ?? [:]
        #expect(pairs.count >= 5 && list("low").isEmpty, "\(label): under 4.5:1: \(list("low"))")
        let headings = (r["headings"] as? [Int]) ?? []
        #expect(headings.first == 1 && headings.filter { $0 == 1 }.count == 1, "\(label): \(headings)")
        #expect(zip(headings, headings.dropFirst()).allSatisfy { $1 <= $0 + 1 }, "\(label): headings \(headings)")
        #expect(number("tables") >= 1 && list("badTables").isEmpty, "\(label): \(list("badTables"))")
        #expect(list("badCharts").isEmpty, "\(label): \(list("badCharts"))")
        if page == .report {
            // The breakdowns and the season's three line charts, every label drawn at 16 px or
            // more (the page's least text size), as the chart is scaled at this width.
            #expect(number("charts") >= 8, "\(label): \(number("charts")) charts")
            #expect(number("chartText") >= 15.99, "\(label): chart labels drawn at \(number("chartText")) px")
        }
        #expect(list("badTaps").isEmpty, "\(label): under 44 px: \(list("badTaps"))")
        // The report's "and N more" and each chart's numbers open with a tap; the coaches' links dial or write.
        if page == .report || page == .coaches {
            #expect(number("taps") >= 5, "\(label): \(number("taps")) tap targets")
        }
        #expect(list("fetches").isEmpty && number("resources") == 0, "\(label): \(list("fetches"))")
    }

    /// Marks every cell of every table row with its row and cell at its start and end (text of a
    /// pixel, which a print keeps), and for A4 gives the page that paper size, as a print dialog
    /// would; prints it with Chromium, then reads each page's words with their boxes.
    static let printCheck = #"""
        import re, subprocess, sys, html as H
        page, out, paper, landscape = open(sys.argv[1], encoding='utf-8').read(), sys.argv[2], sys.argv[3], sys.argv[4] == '1'
        chromium = sys.argv[5]
        row = [0]
        def mark_row(m):
            row[0] += 1
            cell = [0]
            def mark_cell(c):
                cell[0] += 1
                tag = f'R{row[0]}x{cell[0]}'
                return c.group(1) + f'<span style="font-size:1px">{tag}a </span>' + c.group(2) + f'<span style="font-size:1px"> {tag}z</span>' + c.group(3)
            return re.sub(r'(<t[dh](?: [^>]*)?>)(.*?)(</t[dh]>)', mark_cell, m.group(0), flags=re.S)
        # The rows of each table's body (a header row repeats on every page, as it should).
        body = re.sub(r'<tbody>.*?</tbody>', lambda b: re.sub(r'<tr>.*?</tr>', mark_row, b.group(0), flags=re.S), page, flags=re.S)
        if paper == 'A4':
            body = body.replace('</head>', '<style>@page { size: A4%s; }</style></head>' % (' landscape' if landscape else ''))
        open(out + '.html', 'w', encoding='utf-8').write(body)
        subprocess.run([chromium, '--headless', '--no-sandbox', '--disable-gpu', '--no-pdf-header-footer',
                        '--print-to-pdf=' + out + '.pdf', 'file://' + out + '.html'], capture_output=True, check=True)
        boxes = subprocess.run(['pdftotext', '-bbox', out + '.pdf', '-'], capture_output=True, check=True, text=True).stdout
        pages = re.findall(r'<page width="([\d.]+)" height="([\d.]+)">(.*?)</page>', boxes, flags=re.S)
        expected = {'letter': (612, 792), 'A4': (595.28, 841.89)}[paper]
        if landscape: expected = expected[::-1]
        seen, outside = {}, []
        for number, (w, h, words) in enumerate(pages, 1):
            assert abs(float(w) - expected[0]) < 1 and abs(float(h) - expected[1]) < 1, (w, h, expected)
            for x0, y0, x1, y1, word in re.findall(r'<word xMin="([\d.-]+)" yMin="([\d.-]+)" xMax="([\d.-]+)" yMax="([\d.-]+)">([^<]*)</word>', words):
                if float(x0) < 0 or float(x1) > float(w) + 0.5 or float(y0) < 0 or float(y1) > float(h) + 0.5:
                    outside.append((number, H.unescape(word)))
                for tag in re.findall(r'R(\d+)x\d+[az]', word):
                    seen.setdefault(int(tag), set()).add(number)
        cut = {r: sorted(p) for r, p in seen.items() if len(p) > 1}
        print('pages', len(pages), 'rows', row[0], 'printed', len(seen), 'cut', cut, 'outside', outside[:5])
        assert not outside and not cut and len(seen) >= 10, 'a row or a word does not print whole'
        """#

    /// Printed on letter and on A4 (portrait for the report, landscape for a list, as the pdf):
    /// every page of that size, no word past its edges, and no table row split over two pages.
    @Test(arguments: [(Page.report, "letter"), (.report, "A4"), (.schools, "letter"), (.coaches, "A4")])
    func printingGivesWholePagesWithNoCutRow(page: Page, paper: String) throws {
        let chromium = try Self.chromium()
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = try Self.write(page, in: folder)
        let check = try ReportBatchProcess.tool(
            "python3",
            ["-c", Self.printCheck, path, folder.file("printed"), paper, page == .report ? "0" : "1", chromium]
        )
        #expect(check.status == 0, "\(page) on \(paper): \(check.stdout) \(check.stderr.suffix(600))")
        #expect(check.stdout.contains("cut {}"), "\(check.stdout)")
    }
}
