import Foundation
import TestFixtures
import TestSupport
import Testing

/// The recap as families read it (docs/delivery.md, "The message"): four families with
/// different weeks, each message read back with Python's `email` package, the recipients' own
/// reminders, the size of the HTML part, the contrast of every colour pair, and the HTML
/// rendered by headless Chromium at a phone's and a desktop's width, light and dark.
struct RecapMessageTests {
    static let now = "2026-11-23T09:00:00Z"

    /// Four families (a deadline tomorrow, a first reply, a quiet week, nothing but numbers);
    /// the deadline family's two members each have reminders and a deadline of their own.
    /// Returns the output root after a run with `via: none`.
    static func runFourFamilies(in folder: TemporaryFolder, appURL: Bool = true) throws -> String {
        try Fixture.database(at: folder.file("f.db")) { f in
            for (family, name) in [
                ("D", "Deadline Family"), ("F", "Reply Family"), ("Q", "Quiet Family"), ("N", "Numbers Family"),
            ] {
                try f.family(family, name: name)
                try f.user("\(family.lowercased())p", role: "player", fullName: "\(name) Player")
                try f.member(family: family, user: "\(family.lowercased())p", role: "player")
                try f.school(
                    "s\(family)",
                    family: family,
                    name: "\(name.split(separator: " ")[0]) College",
                    status: "interested"
                )
            }
            try f.user("dm", role: "parent", fullName: "Deadline Family Parent")
            try f.member(family: "D", user: "dm", role: "parent")
            try f.offer(
                "oD",
                family: "D",
                school: "sD",
                type: "full_ride",
                ["status": "pending", "deadline_date": "2026-11-24"]
            )
            try f.coach("cF", family: "F", school: "sF")
            try f.interaction(
                "iF1",
                family: "F",
                direction: "outbound",
                occurredAt: "2026-11-02T15:00:00Z",
                ["coach_id": "cF", "school_id": "sF"]
            )
            try f.interaction(
                "iF2",
                family: "F",
                direction: "inbound",
                occurredAt: "2026-11-18T15:00:00Z",
                ["coach_id": "cF", "school_id": "sF"]
            )
            for (id, day) in [("iQ1", "2026-11-10"), ("iQ2", "2026-11-11")] {
                try f.interaction(id, family: "Q", occurredAt: "\(day)T15:00:00Z")
            }
            for (id, day) in [
                ("iN1", "2026-11-12"), ("iN2", "2026-11-18"), ("iN3", "2026-11-19"), ("iN4", "2026-11-20"),
            ] {
                try f.interaction(id, family: "N", occurredAt: "\(day)T15:00:00Z")
            }
        }
        _ = try ReportBatchProcess.tool(
            "sqlite3",
            [
                folder.file("f.db"),
                """
                CREATE TABLE follow_up_reminders (id TEXT PRIMARY KEY, user_id TEXT NOT NULL, school_id TEXT, coach_id TEXT, reminder_type TEXT NOT NULL,
                    title TEXT NOT NULL, due_date TEXT NOT NULL, priority TEXT, is_completed INTEGER);
                CREATE TABLE user_deadlines (id TEXT PRIMARY KEY, user_id TEXT NOT NULL, label TEXT NOT NULL, deadline_date TEXT NOT NULL,
                    category TEXT NOT NULL, school_id TEXT);
                INSERT INTO follow_up_reminders VALUES
                    ('r1', 'dp', 'sD', NULL, 'follow_up', 'Player calls the coach back', '2026-11-20T12:00:00Z', 'high', 0),
                    ('r2', 'dm', NULL, NULL, 'custom', 'Parent private <b>note</b>', '2026-11-25T12:00:00Z', NULL, 0),
                    ('r3', 'dp', NULL, NULL, 'custom', 'Player done already', '2026-11-24T12:00:00Z', NULL, 1);
                CREATE TABLE school_status_history (id TEXT PRIMARY KEY, school_id TEXT NOT NULL, previous_status TEXT, new_status TEXT NOT NULL,
                    changed_by TEXT, changed_at TEXT NOT NULL, notes TEXT);
                CREATE TABLE events (id TEXT PRIMARY KEY, family_unit_id TEXT, school_id TEXT, user_id TEXT, type TEXT NOT NULL, name TEXT NOT NULL,
                    location TEXT, city TEXT, state TEXT, start_date TEXT NOT NULL, end_date TEXT, start_time TEXT, registered INTEGER, attended INTEGER);
                CREATE TABLE system_calendar (id TEXT PRIMARY KEY, label TEXT NOT NULL, start_date TEXT NOT NULL, end_date TEXT, category TEXT NOT NULL,
                    sport TEXT, division TEXT);
                INSERT INTO school_status_history VALUES ('h1', 'sD', 'contacted', 'camp_invite', 'dm', '2026-11-18T12:00:00Z', NULL);
                INSERT INTO events VALUES ('e1', 'D', 'sD', NULL, 'camp', 'Winter Prospect Camp', NULL, 'Lewiston', 'ME', '2026-11-28', NULL, '09:30', 1, NULL);
                INSERT INTO system_calendar VALUES ('k1', 'Thanksgiving', '2026-11-26', '2026-11-29', 'dead_period', NULL, NULL);
                INSERT INTO user_deadlines VALUES ('d1', 'dm', 'Parent tuition form', '2026-12-04', 'money', NULL),
                                                  ('d2', 'dp', 'Player essay draft', '2026-11-26', 'school', 'sD');
                """,
            ]
        )
        var job = JobFiles.recapWrittenOnly()
        if appURL { job += "    app_url: https://myrecruitingcompass.com/dashboard\n" }
        job +=
            "    unsubscribe: {url: 'https://myrecruitingcompass.com/api/email/unsubscribe', secret_env: TEST_SECRET}\n"
        try job.write(toFile: folder.file("job.yaml"), atomically: true, encoding: .utf8)
        let result = try ReportBatchProcess.run(
            ["run", "job.yaml", "--db", "f.db", "--out", "o", "--now", now],
            in: folder.path,
            environment: ["TEST_SECRET": "s3cret"]
        )
        #expect(result.status == 0, "\(result.stderr)")
        return folder.file("o")
    }

    /// Reads every message under `root` with policy.default: no defects, the HTML and its PNG
    /// in a multipart/related, the image referenced by cid: with its alt text, the trend in
    /// words in the text part, the headers of an automatic list message, the HTML part under
    /// 90,000 bytes. Prints `subject | to | html bytes` and then the text part for each.
    static let readBack = """
        import email, email.policy, sys, glob, re, html
        for path in sorted(glob.glob(sys.argv[1] + '/**/*.eml', recursive=True)):
            m = email.message_from_bytes(open(path, 'rb').read(), policy=email.policy.default)
            assert not m.defects and all(not p.defects for p in m.walk()), (path, m.defects)
            assert m['Auto-Submitted'] == 'auto-generated' and m['List-Id'].endswith('<weekly-recap.example.com>'), path
            related = [p for p in m.walk() if p.get_content_type() == 'multipart/related']
            assert len(related) == 1, path
            parts = list(related[0].iter_parts())
            assert [p.get_content_type() for p in parts] == ['text/html', 'image/png'], path
            page = parts[0].get_content()
            cid = parts[1]['Content-ID'].strip('<>')
            assert parts[1].get_payload(decode=True).startswith(b'\\x89PNG'), path
            images = re.findall(r'<img [^>]*>', page)
            assert len(images) == 1 and ('src="cid:' + cid + '"') in images[0], images
            alt = html.unescape(re.search(r'alt="([^"]*)"', images[0]).group(1))
            assert alt.startswith('Chart: Interactions per week for the 12 weeks'), alt
            text = m.get_body(preferencelist=('plain',)).get_content()
            assert alt[len('Chart: '):] in text, (alt, text)
            size = len(page.encode('utf-8'))
            assert size < 90000, (path, size)
            print(m['Subject'], '|', m['To'].addresses[0].addr_spec, '|', size)
            print(text)
            print('=====')
        """

    @Test func fourWeeksFourHeadlinesAndEachRecipientSeesOnlyTheirOwnReminders() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let root = try Self.runFourFamilies(in: folder)
        let check = try ReportBatchProcess.tool("python3", ["-c", Self.readBack, root])
        #expect(check.status == 0, "\(check.stderr)")
        let messages = check.stdout.components(separatedBy: "=====\n").filter { !$0.isEmpty }
        #expect(messages.count == 5, "\(check.stdout)")
        func message(to address: String) -> String { messages.first { $0.contains("| \(address) |") } ?? "" }
        let subjects = Set(messages.map { $0.components(separatedBy: " | ")[0] })
        #expect(
            subjects == [
                "Deadline Family: Deadline College's offer deadline is tomorrow",
                "Reply Family: First reply from FirstcF LastcF (Reply College)",
                "Quiet Family: 0 interactions, 2 fewer than the week before",
                "Numbers Family: 3 interactions, 2 more than the week before",
            ],
            "\(subjects)"
        )
        // Each message opens with its headline, then says what to do.
        for text in messages {
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            #expect(
                lines.count > 2 && lines[0].components(separatedBy: " | ")[0].hasSuffix(lines[1]),
                "the subject carries the body's first line: \(lines.prefix(2))"
            )
        }
        let player = message(to: "dp@example.com")
        let parent = message(to: "dm@example.com")
        #expect(
            player.contains("Deadline: Deadline College's Full Ride offer ends tomorrow (Nov 24, 2026)"),
            "\(player)"
        )
        #expect(
            player.contains(
                "Your reminder, high priority: Player calls the coach back (Deadline College): overdue by 3 days"
            ),
            "\(player)"
        )
        #expect(player.contains("Your deadline: Player essay draft (Deadline College): in 3 days"), "\(player)")
        #expect(!player.contains("Parent") && !player.contains("Player done already"), "\(player)")
        #expect(parent.contains("Parent private <b>note</b>: due in 2 days"), "\(parent)")
        // Past the 7 days of "Do this week", the parent's own deadline is in "Your reminders".
        #expect(parent.contains("YOUR REMINDERS\n- Your deadline: Parent tuition form: in 11 days"), "\(parent)")
        #expect(!parent.contains("Player calls") && !parent.contains("Player essay"), "\(parent)")
        // No family's shared files hold a personal item.
        for path in FileManager.default.subpaths(atPath: root) ?? [] where !path.hasSuffix(".eml") {
            let data = (try? Data(contentsOf: URL(fileURLWithPath: root + "/" + path))) ?? Data()
            #expect(
                data.range(of: Data("Player calls".utf8)) == nil && data.range(of: Data("tuition".utf8)) == nil,
                "\(path)"
            )
        }
        #expect(
            parent.contains(
                "WHAT CHANGED\n1 school moved forward\n- Deadline College: Contacted → Camp Invite\n"
            ),
            "\(parent)"
        )
        #expect(
            parent.contains(
                "COMING UP\n- Dead Period: Thanksgiving, Nov 26 – Nov 29\n- Camp: Winter Prospect Camp (Deadline College) in Lewiston, ME on Nov 28, 2026 at 09:30\n"
            ),
            "\(parent)"
        )
        let reply = message(to: "fp@example.com")
        #expect(reply.contains("WHAT CHANGED\n- First reply: FirstcF LastcF (Reply College) wrote"), "\(reply)")
        let numbers = message(to: "np@example.com")
        #expect(
            numbers.contains("- Interactions 3 (1 the week before)")
                && numbers.contains("- Sent to coaches 3 (1 the week before)"),
            "\(numbers)"
        )
        #expect(
            numbers.contains("Open The Recruiting Compass: https://myrecruitingcompass.com/dashboard"),
            "\(numbers)"
        )
    }

    /// Without app_url there is no button and the headline is no link.
    @Test func withoutAnAppURLThereIsNoButton() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let root = try Self.runFourFamilies(in: folder, appURL: false)
        let check = try ReportBatchProcess.tool(
            "python3",
            [
                "-c",
                """
                import email, email.policy, sys, glob
                for path in glob.glob(sys.argv[1] + '/**/*.eml', recursive=True):
                    m = email.message_from_bytes(open(path, 'rb').read(), policy=email.policy.default)
                    page = m.get_body(preferencelist=('html',)).get_content()
                    assert 'Open The Recruiting Compass' not in page and 'myrecruitingcompass.com/dashboard' not in page, path
                    assert page.count('<a ') == 1, path  # the unsubscribe link only
                print('ok')
                """, root,
            ]
        )
        #expect(check.status == 0 && check.stdout == "ok\n", "\(check.stderr)")
    }

    /// Hostile names: markup is escaped, a 20,000-character school name is cut to a line of at
    /// most 200 characters, and the HTML part stays small.
    @Test func hostileNamesAreEscapedAndCut() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let root = try Self.runHostileFamily(in: folder)
        let check = try ReportBatchProcess.tool(
            "python3",
            [
                "-c",
                """
                import email, email.policy, sys, glob, re
                [path] = glob.glob(sys.argv[1] + '/**/*.eml', recursive=True)
                m = email.message_from_bytes(open(path, 'rb').read(), policy=email.policy.default)
                assert not m.defects and all(not p.defects for p in m.walk())
                assert 'Bcc' not in m and len(m['To'].addresses) == 1
                page = m.get_body(preferencelist=('html',)).get_content()
                text = m.get_body(preferencelist=('plain',)).get_content()
                assert '<script>' not in page and '<img src=x' not in page and '<b>' not in page, page[:2000]
                assert '&lt;script&gt;' in page
                # Lines of data: a line of at most 200 characters, after its mark (the trend in words is no data's).
                longest = max(len(line) for line in text.split('\\n') if not line.startswith('Interactions per week'))
                print(len(page.encode()), longest)
                """, root,
            ]
        )
        #expect(check.status == 0, "\(check.stderr)")
        let figures = check.stdout.split(separator: " ").compactMap {
            Int($0.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        #expect(
            figures.count == 2 && figures[0] < 20_000 && figures[1] <= 240,
            "html bytes and the longest text line: \(check.stdout)"
        )
    }

    /// A family whose names are markup and 20,000-character words, with 40 coaches who wrote
    /// and an offer deadline; returns the output root after a run with `via: none`.
    static func runHostileFamily(in folder: TemporaryFolder) throws -> String {
        let long = String(repeating: "Supercalifragilistic", count: 1_000)
        try Fixture.database(at: folder.file("h.db")) { f in
            try f.family("H", name: "<script>alert(1)</script> Family")
            try f.user("hp", role: "player", fullName: "Player \r\nBcc: x@evil.example")
            try f.member(family: "H", user: "hp", role: "player")
            try f.school("sH", family: "H", name: long)
            try f.offer(
                "oH",
                family: "H",
                school: "sH",
                type: "<img src=x onerror=alert(1)>",
                ["status": "pending", "deadline_date": "2026-11-25"]
            )
            for n in 0..<40 {
                try f.coach("c\(n)", family: "H", school: "sH", ["first_name": "<b>\(n)</b>", "last_name": long])
                try f.interaction(
                    "i\(n)",
                    family: "H",
                    direction: "inbound",
                    occurredAt: "2026-11-18T15:00:00Z",
                    ["coach_id": "c\(n)", "school_id": "sH"]
                )
            }
        }
        try JobFiles.recapWrittenOnly().write(toFile: folder.file("job.yaml"), atomically: true, encoding: .utf8)
        let run = try ReportBatchProcess.run(
            ["run", "job.yaml", "--db", "h.db", "--out", "o", "--now", Self.now],
            in: folder.path
        )
        #expect(run.status == 0, "\(run.stderr)")
        return folder.file("o")
    }

    /// A member with 300 overdue reminders whose titles are 300 characters of markup: the
    /// body shows 5 in "Do this week" and the next `RecapSections.maxReminders` (40) in "Your
    /// reminders", the HTML part stays under 90,000 bytes, and every one of the 300 is in the
    /// message: the attached list holds all 295 that "Do this week" did not show; the other
    /// member's message has no such list.
    @Test func aMemberWithHundredsOfRemindersLosesNoneAndTheHTMLStaysUnder90KB() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try Fixture.database(at: folder.file("r.db")) { f in
            try f.family("R", name: "Reminder Family")
            try f.user("rp", role: "player", fullName: "Busy Player")
            try f.user("rm", role: "parent", fullName: "Calm Parent")
            try f.member(family: "R", user: "rp", role: "player")
            try f.member(family: "R", user: "rm", role: "parent")
            try f.school("sR", family: "R", name: "Reminder College", status: "interested")
        }
        let title = String(repeating: "<&>", count: 100)
        let rows = (0..<300).map { n in
            "('r\(n)', 'rp', NULL, NULL, 'custom', '\(n) \(title)', '2026-10-\(String(format: "%02d", 1 + n % 28))T12:00:00Z', 'high', 0)"
        }
        let made = try ReportBatchProcess.tool(
            "sqlite3",
            [
                folder.file("r.db"),
                """
                CREATE TABLE follow_up_reminders (id TEXT PRIMARY KEY, user_id TEXT NOT NULL, school_id TEXT, coach_id TEXT, reminder_type TEXT NOT NULL,
                    title TEXT NOT NULL, due_date TEXT NOT NULL, priority TEXT, is_completed INTEGER);
                INSERT INTO follow_up_reminders VALUES \(rows.joined(separator: ",\n"));
                """,
            ]
        )
        #expect(made.status == 0, "\(made.stderr)")
        try JobFiles.recapWrittenOnly().write(toFile: folder.file("job.yaml"), atomically: true, encoding: .utf8)
        let run = try ReportBatchProcess.run(
            ["run", "job.yaml", "--db", "r.db", "--out", "o", "--now", Self.now],
            in: folder.path
        )
        #expect(run.status == 0, "\(run.stderr)")
        let check = try ReportBatchProcess.tool(
            "python3",
            [
                "-c",
                """
                import email, email.policy, sys, glob, html, re
                for path in sorted(glob.glob(sys.argv[1] + '/**/*.eml', recursive=True)):
                    m = email.message_from_bytes(open(path, 'rb').read(), policy=email.policy.default)
                    assert not m.defects and all(not p.defects for p in m.walk()), path
                    page = m.get_body(preferencelist=('html',)).get_content()
                    listed = [p for p in m.iter_attachments() if p.get_filename() == 'your-reminders.txt']
                    attached = listed[0].get_content() if listed else ''
                    shown = set(re.findall(r'(\\d+) <&>', html.unescape(page)))
                    kept = set(re.findall(r'^- Your reminder, high priority: (\\d+) <&>', attached, re.M))
                    print(m['To'].addresses[0].addr_spec, len(page.encode()), len(shown), len(kept), len(shown | kept))
                """, folder.file("o"),
            ]
        )
        #expect(check.status == 0, "\(check.stderr)")
        let lines = check.stdout.split(separator: "\n").map { $0.split(separator: " ").map(String.init) }
        let busy = try #require(lines.first { $0.first == "rp@example.com" })
        #expect(
            (Int(busy[1]) ?? .max) < 90_000 && busy[2] == "45" && busy[3] == "295" && busy[4] == "300",
            "\(check.stdout)"
        )
        #expect(
            lines.first { $0.first == "rm@example.com" }?[3] == "0",
            "the other member has no list: \(check.stdout)"
        )
    }

    /// The large demo family (200 schools, 5× the demo's): every list is capped, and the HTML
    /// part stays under 90,000 bytes (Gmail clips longer ones).
    @Test func theHTMLPartOfTheLargestFamilyStaysUnder90KB() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let demo = try ReportBatchProcess.run(
            ["demo", "--out", "demo.db", "--scale", "5", "--today", "2026-11-22"],
            in: folder.path
        )
        #expect(demo.status == 0, "\(demo.stderr)")
        let schools = try ReportBatchProcess.tool(
            "sqlite3",
            [folder.file("demo.db"), "SELECT max(n) FROM (SELECT count(*) AS n FROM schools GROUP BY family_unit_id)"]
        )
        #expect(schools.stdout == "200\n")
        try (JobFiles.recapWrittenOnly() + "    app_url: https://myrecruitingcompass.com\n").write(
            toFile: folder.file("job.yaml"),
            atomically: true,
            encoding: .utf8
        )
        let run = try ReportBatchProcess.run(
            ["run", "job.yaml", "--db", "demo.db", "--out", "o", "--now", Self.now],
            in: folder.path
        )
        #expect(run.status == 0, "\(run.stderr)")
        let check = try ReportBatchProcess.tool(
            "python3",
            [
                "-c",
                """
                import email, email.policy, sys, glob
                sizes = []
                for path in glob.glob(sys.argv[1] + '/**/*.eml', recursive=True):
                    m = email.message_from_bytes(open(path, 'rb').read(), policy=email.policy.default)
                    text = m.get_body(preferencelist=('plain',)).get_content()
                    sizes.append((len(m.get_body(preferencelist=('html',)).get_content().encode()), 'more in the report' in text))
                print(max(sizes)[0], any(more for _, more in sizes))
                """, folder.file("o"),
            ]
        )
        #expect(check.status == 0, "\(check.stderr)")
        let parts = check.stdout.split(separator: " ")
        #expect(parts.count == 2 && (Int(parts[0]) ?? .max) < 90_000 && parts[1] == "True\n", "\(check.stdout)")
    }
}
