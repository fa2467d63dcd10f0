import Foundation
import TestSupport
import Testing

/// How the recap's HTML part looks (docs/delivery.md, "The message"): every text colour
/// against its background, light and dark, by the WCAG formula; and headless Chromium
/// (Debian's `chromium`, installed by scripts/install-deps.sh) at 390 and 800 px, light and
/// `--force-dark-mode`, with no horizontal scroll.
struct RecapRenderingTests {
    /// The HTML part of the deadline family's parent's message (a button, urgent and plain
    /// marks, their own reminders, the chart, the footer link), its image as a data: URL so
    /// that a browser draws it, written to `folder`/message.html.
    /// With `hostile`, the message of RecapMessageTests.runHostileFamily (names of 20,000
    /// characters without a space) instead.
    static func messageHTML(in folder: TemporaryFolder, hostile: Bool = false) throws -> String {
        let root =
            hostile
            ? try RecapMessageTests.runHostileFamily(in: folder) : try RecapMessageTests.runFourFamilies(in: folder)
        let path = folder.file("message.html")
        let extract = try ReportBatchProcess.tool(
            "python3",
            [
                "-c",
                """
                import email, email.policy, sys, glob, base64
                [eml] = [p for p in glob.glob(sys.argv[1] + '/**/email-' + sys.argv[3] + '-example-com.eml', recursive=True)]
                m = email.message_from_bytes(open(eml, 'rb').read(), policy=email.policy.default)
                page = m.get_body(preferencelist=('html',)).get_content()
                for part in m.walk():
                    if part.get_content_type() == 'image/png':
                        url = 'data:image/png;base64,' + base64.b64encode(part.get_payload(decode=True)).decode()
                        page = page.replace('cid:' + part['Content-ID'].strip('<>'), url)
                open(sys.argv[2], 'w', encoding='utf-8').write(page)
                """, root, path, hostile ? "hp" : "dm",
            ]
        )
        #expect(extract.status == 0, "\(extract.stderr)")
        return path
    }

    /// Walks the HTML keeping each element's text colour and background (inline styles only:
    /// a `<style>` element fails), and computes the contrast of every piece of text against its
    /// background, as written and as a mail program that inverts colours for its dark mode shows
    /// it (each channel c becoming 255 − c). Prints the pairs and fails on one under 4.5:1.
    static let contrast = """
        import re, sys
        from html.parser import HTMLParser
        page = open(sys.argv[1], encoding='utf-8').read()
        assert '<style' not in page.lower(), 'inline styles only'
        def inverted(hex_): return '#' + ''.join('%02X' % (255 - int(hex_[i:i + 2], 16)) for i in (1, 3, 5))
        def luminance(hex_):
            channels = [int(hex_[i:i + 2], 16) / 255 for i in (1, 3, 5)]
            channels = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
            return 0.2126 * channels[0] + 0.7152 * channels[1] + 0.0722 * channels[2]
        def ratio(a, b):
            la, lb = sorted((luminance(a), luminance(b)), reverse=True)
            return (la + 0.05) / (lb + 0.05)
        VOID = {'meta', 'img', 'br', 'hr', 'link', 'input'}
        class Walk(HTMLParser):
            def __init__(self, mode):
                super().__init__()
                self.mode, self.stack, self.pairs, self.skip = mode, [('#000000', '#FFFFFF')], set(), 0
            def handle_starttag(self, tag, attrs):
                attrs = dict(attrs)
                if tag in ('style', 'title', 'head'): self.skip += 1
                style = dict((k.strip(), v.strip()) for k, v in (d.split(':', 1) for d in (attrs.get('style') or '').split(';') if ':' in d))
                fg, bg = self.stack[-1]
                fg = style.get('color', fg).upper(); bg = style.get('background-color', bg).upper()
                for value in (fg, bg): assert re.fullmatch(r'#[0-9A-F]{6}', value), (tag, value)
                if tag == 'img' and attrs.get('alt'): self.pairs.add((fg, bg))
                if tag not in VOID: self.stack.append((fg, bg))
            def handle_endtag(self, tag):
                if tag in ('style', 'title', 'head'): self.skip -= 1
                if tag not in VOID and len(self.stack) > 1: self.stack.pop()
            def handle_data(self, data):
                if data.strip() and not self.skip: self.pairs.add(self.stack[-1])
        worst = 99
        walk = Walk('light'); walk.feed(page)
        assert len(walk.pairs) >= 3, walk.pairs
        for mode in ('light', 'inverted'):
            for fg, bg in sorted(walk.pairs):
                if mode == 'inverted': fg, bg = inverted(fg), inverted(bg)
                r = ratio(fg, bg); worst = min(worst, r)
                print(mode, fg, 'on', bg, round(r, 2))
                assert r >= 4.5, (mode, fg, bg, r)
        # The chart's colours (Sources/Delivery/RecapEmail.swift, Sources/Exporters/PNGLineChart.swift) on its white card.
        for fg in sys.argv[2:]:
            r = ratio(fg, '#FFFFFF'); print('chart', fg, 'on #FFFFFF', round(r, 2)); assert r >= 4.5, (fg, r)
        """

    @Test func everyTextColourHasAContrastOfAtLeast4point5ToItsBackground() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let page = try Self.messageHTML(in: folder)
        let check = try ReportBatchProcess.tool(
            "python3",
            ["-c", Self.contrast, page, "#1D4ED8", "#B45309", "#111827"]
        )
        #expect(check.status == 0, "\(check.stderr)\n\(check.stdout)")
        // Both ways were computed, with the alert, button and muted colours among the pairs.
        for pair in [
            "light #B91C1C on #FFFFFF", "inverted #46E3E3 on #000000", "light #FFFFFF on #1D4ED8",
            "inverted #000000 on #E2B127", "light #4B5563 on #FFFFFF", "inverted #B4AA9C on #000000",
        ] {
            #expect(check.stdout.contains(pair), "\(pair): \(check.stdout)")
        }
    }

    /// The message at 390 px (a phone, in an iframe of that width: a headless window is at
    /// least 500 px wide) and 800 px, light and dark: the page is exactly as wide as its frame.
    /// Screenshots go to RECAP_SCREENSHOTS when set (to look at them), else to the test's folder.
    @Test(
        .tags(.chromium),
        arguments: [
            (390, false, false), (390, true, false), (800, false, false), (800, true, false), (390, false, true),
        ]
    )
    func chromiumShowsNoHorizontalScroll(width: Int, dark: Bool, hostile: Bool) throws {
        let chromium = try ReportBatchProcess.tool("sh", ["-c", "command -v chromium || command -v chromium-browser"])
            .stdout
            .trimmingCharacters(in: .whitespacesAndNewlines)
        try #require(!chromium.isEmpty, "Debian's chromium is not installed: run scripts/install-deps.sh")
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let page = try Self.messageHTML(in: folder, hostile: hostile)
        let wrapper = folder.file("frame-\(width).html")
        let made = try ReportBatchProcess.tool(
            "python3",
            [
                "-c",
                """
                import html, sys
                page, width, out = open(sys.argv[1], encoding='utf-8').read(), int(sys.argv[2]), sys.argv[3]
                open(out, 'w', encoding='utf-8').write(f'''<!DOCTYPE html><html><head><meta charset="utf-8"></head><body style="margin:0">
                <iframe id="f" width="{width}" height="1800" style="border:0;display:block" srcdoc="{html.escape(page, quote=True)}"></iframe>
                <pre id="result">pending</pre><script>
                const f = document.getElementById('f');
                f.addEventListener('load', () => {{
                  const d = f.contentDocument.documentElement;
                  const doc = f.contentDocument, win = f.contentWindow;
                  const links = Array.from(doc.querySelectorAll('a')).map(a => Math.floor(a.getBoundingClientRect().height));
                  const texts = Array.from(doc.body.querySelectorAll('*')).filter(e => Array.from(e.childNodes).some(n => n.nodeType === 3 && n.textContent.trim()));
                  const fonts = texts.map(e => Math.floor(parseFloat(win.getComputedStyle(e).fontSize)));
                  document.getElementById('result').textContent = 'width=' + win.innerWidth + ' scrollWidth=' + d.scrollWidth + ' bodyScrollWidth=' + doc.body.scrollWidth
                    + ' links=' + links.length + ' lowestLink=' + Math.min(...links, 999) + ' texts=' + texts.length + ' smallestFont=' + Math.min(...fonts, 999);
                }});
                </script></body></html>''')
                """, page, String(width), wrapper,
            ]
        )
        #expect(made.status == 0, "\(made.stderr)")
        let window = "--window-size=\(max(500, width + 40)),1800"
        var flags = [
            "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--allow-file-access-from-files",
            window, "--virtual-time-budget=3000",
        ]
        if dark { flags.append("--force-dark-mode") }
        let dom = try ReportBatchProcess.tool(chromium, flags + ["--dump-dom", "file://" + wrapper])
        let result =
            dom.stdout.components(separatedBy: "<pre id=\"result\">").dropFirst().first?.components(separatedBy: "<")
            .first ?? ""
        let numbers = Dictionary(
            uniqueKeysWithValues: result.split(separator: " ").compactMap { pair -> (String, Int)? in
                let parts = pair.split(separator: "=")
                return parts.count == 2 ? (String(parts[0]), Int(parts[1]) ?? -1) : nil
            }
        )
        #expect(numbers["width"] == width, "the frame is \(width) px wide: \(result) \(dom.stderr.suffix(300))")
        #expect(
            (numbers["scrollWidth"] ?? .max) <= width && (numbers["bodyScrollWidth"] ?? .max) <= width,
            "no horizontal scroll: \(result)"
        )
        // Tap targets at least 44 px high (the headline, the button, the footer's link), text at least 16 px.
        #expect((numbers["links"] ?? 0) >= (hostile ? 0 : 3) && (numbers["lowestLink"] ?? 0) >= 44, "\(result)")
        #expect((numbers["texts"] ?? 0) > 10 && (numbers["smallestFont"] ?? 0) >= 16, "\(result)")
        let shots = ProcessInfo.processInfo.environment["RECAP_SCREENSHOTS"] ?? folder.path
        try FileManager.default.createDirectory(atPath: shots, withIntermediateDirectories: true)
        let shot = shots + "/recap-\(width)-\(dark ? "dark" : "light")\(hostile ? "-hostile" : "").png"
        _ = try ReportBatchProcess.tool(chromium, flags + ["--screenshot=" + shot, "file://" + wrapper])
        #expect(FileManager.default.fileExists(atPath: shot), "\(shot)")
    }
}
