import Foundation
import TestFixtures
import TestSupport
import Testing

/// The weekly recap e-mails of a batch run (docs/delivery.md), written as `.eml` files
/// (`via: none`) and read back with Python's `email` package; `SendingTests` below sends them.
struct DeliveryTests {
    static let now = "2026-11-23T09:00:00Z"
    static let secret = "unsubscribe-secret-7f3a91"

    /// A job for the Rivera and Tanaka families: the report as pdf, e-mailed to the members with
    /// the pdf attached through `via`, with further `deliver.email` keys in `extra`.
    static func job(_ demo: ReportCommandTests.Demo, via: String, _ extra: [String]) -> String {
        """
        families: [\(demo.rivera), \(demo.tanaka)]
        outputs:
          - report:
            formats: [pdf]
        deliver:
          email:
            from: "The Recruiting Compass <reports@example.com>"
            to: members
            attach: [report.pdf]
            via: \(via)

        """ + extra.map { "    " + $0 + "\n" }.joined()
    }

    @Test func eachRecipientGetsOneMessageThatReadsBackWhole() throws {
        let demo = try ReportCommandTests.Demo()
        defer { demo.folder.remove() }
        let db = demo.folder.file("demo.db")
        func sql(_ statement: String) throws -> String {
            try ReportBatchProcess.tool("sqlite3", [db, statement]).stdout.trimmingCharacters(
                in: .whitespacesAndNewlines
            )
        }
        // Mateo (a Rivera parent) has the weekly digest off; the helper parent opted out under another spelling of the
        // address.
        let mateo = try sql(
            "SELECT u.id FROM users u JOIN family_members m ON m.user_id = u.id WHERE m.family_unit_id = '\(demo.rivera)' AND u.full_name = 'Mateo Rivera'"
        )
        _ = try sql(
            """
            CREATE TABLE notification_preferences (id TEXT PRIMARY KEY, user_id TEXT NOT NULL, notification_type TEXT NOT NULL, email_enabled INTEGER);
            INSERT INTO notification_preferences VALUES ('p1', '\(mateo)', 'weekly_digest', 0), ('p2', '\(mateo)', 'offer', 1);
            CREATE TABLE email_optouts (email TEXT PRIMARY KEY, created_at TEXT);
            INSERT INTO email_optouts VALUES ('coach.helper@example.com', '2026-01-01T00:00:00Z');
            UPDATE users SET email = '  Coach.Helper@EXAMPLE.com ' WHERE email = 'coach.helper@example.com';
            """
        )
        let job = Self.job(
            demo,
            via: "none",
            [
                "subject: \"Your Weekly Recruiting Recap – {family_name}\"",
                "unsubscribe:", "  url: https://myrecruitingcompass.com/api/email/unsubscribe",
                "  secret_env: TEST_UNSUBSCRIBE_SECRET",
            ]
        )
        try job.write(toFile: demo.folder.file("job.yaml"), atomically: true, encoding: .utf8)
        // A dry run lists the messages it would write, and writes nothing.
        let dry = try ReportBatchProcess.run(
            ["run", "job.yaml", "--db", "demo.db", "--out", "o", "--now", Self.now, "--dry-run"],
            in: demo.folder.path,
            environment: ["TEST_UNSUBSCRIBE_SECRET": Self.secret]
        )
        #expect(dry.status == 0, "\(dry.stderr)")
        #expect(dry.stdout.components(separatedBy: ".eml\n").count == 4, "\(dry.stdout)")
        #expect(dry.stdout.contains("/email-athlete-e55523-example-com.eml"), "\(dry.stdout)")
        #expect(!FileManager.default.fileExists(atPath: demo.folder.file("o")))
        let result = try ReportBatchProcess.run(
            ["run", "job.yaml", "--db", "demo.db", "--out", "o", "--now", Self.now],
            in: demo.folder.path,
            environment: ["TEST_UNSUBSCRIBE_SECRET": Self.secret]
        )
        #expect(result.status == 0, "\(result.stderr)")
        let root = demo.folder.file("o")
        let emls = (FileManager.default.subpaths(atPath: root) ?? []).filter { $0.hasSuffix(".eml") }.sorted()
        // Rivera: the player only (Mateo's digest is off, the helper opted out); Tanaka: player and parent.
        #expect(emls.count == 3, "\(emls)")
        let script = """
            import email, email.policy, sys, os, json, hmac, hashlib, urllib.parse, glob
            root, secret = sys.argv[1], sys.argv[2]
            seen = []
            for path in sorted(glob.glob(os.path.join(root, '**', '*.eml'), recursive=True)):
                raw = open(path, 'rb').read()
                m = email.message_from_bytes(raw, policy=email.policy.default)
                assert not m.defects and all(not p.defects for p in m.walk()), path
                folder = os.path.dirname(path)
                pdf = [n for n in os.listdir(folder) if n.endswith('.pdf')][0]
                files = {a.get_filename(): a.get_payload(decode=True) for a in m.iter_attachments()}
                assert files == {pdf: open(os.path.join(folder, pdf), 'rb').read()}, list(files)
                to = m['To'].addresses[0].addr_spec.lower()
                link = str(m['List-Unsubscribe']).strip('<>')
                query = urllib.parse.parse_qs(urllib.parse.urlparse(link).query)
                assert query['email'] == [to] and query['token'] == [hmac.new(secret.encode(), ('unsubscribe:' + to).encode(), hashlib.sha256).hexdigest()]
                text = m.get_body(preferencelist=('plain',)).get_content()
                assert 'Interactions ' in text and link in text and 'Full report (PDF, ' in text and pdf not in text, text[:400]
                manifest = json.load(open(os.path.join(folder, 'manifest.json'), encoding='utf-8'))
                assert os.path.basename(path) in {f['name'] for f in manifest['files']}
                seen.append((m['Subject'], to))
            for subject, to in seen: print(subject, '|', to)
            for path in sorted(glob.glob(os.path.join(root, '**', 'manifest.json'), recursive=True)):
                for record in json.load(open(path, encoding='utf-8'))['delivery']: print(record['recipient'], '|', record['status'])
            """
        let check = try ReportBatchProcess.tool("python3", ["-c", script, root, Self.secret])
        #expect(check.status == 0, "\(check.stderr)")
        #expect(check.stdout.contains("Your Weekly Recruiting Recap – 田中 Tanaka Family 🏈 |"), "\(check.stdout)")
        #expect(check.stdout.contains("  Coach.Helper@EXAMPLE.com  | not sent: opted out"), "\(check.stdout)")
        #expect(check.stdout.contains("| not sent: e-mail off"), "\(check.stdout)")
        #expect(check.stdout.components(separatedBy: "| written").count == 4, "\(check.stdout)")
        // The secret is in no file and no output: only its HMAC is.
        for path in FileManager.default.subpaths(atPath: root) ?? [] {
            let data = (try? Data(contentsOf: URL(fileURLWithPath: root + "/" + path))) ?? Data()
            #expect(data.range(of: Data(Self.secret.utf8)) == nil, "\(path) holds the secret")
        }
        #expect(!result.stdout.contains(Self.secret) && !result.stderr.contains(Self.secret))
    }

    /// A family with nothing to report still hears of an offer deadline in the next 14 days: its
    /// folder holds the recaps and the manifest, no report. Without a near deadline, nothing.
    @Test func aFamilyWithNothingToReportStillHearsOfANearDeadline() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try Fixture.database(at: folder.file("f.db")) { f in
            for (family, name, deadline) in [("Q", "Quiet Family", "2026-11-28"), ("E", "Empty Family", "2027-01-05")] {
                try f.family(family, name: name)
                try f.user("\(family.lowercased())p", role: "player", fullName: "\(name) Player")
                try f.member(family: family, user: "\(family.lowercased())p", role: "player")
                // An offer whose school was never added: the family has no schools, so no report.
                try f.offer(
                    "\(family)o",
                    family: family,
                    type: "full_ride",
                    ["status": "pending", "deadline_date": deadline]
                )
            }
            try f.family("A", name: "Active Family")
            try f.user("ap", role: "player")
            try f.member(family: "A", user: "ap", role: "player")
            try f.school("s1", family: "A", name: "Amherst College")
        }
        try JobFiles.recapWrittenOnly().write(toFile: folder.file("job.yaml"), atomically: true, encoding: .utf8)
        let result = try ReportBatchProcess.run(
            ["run", "job.yaml", "--db", "f.db", "--out", "o", "--now", Self.now],
            in: folder.path
        )
        #expect(result.status == 0, "\(result.stderr)")
        let root = folder.file("o")
        let quiet = try #require(
            (FileManager.default.contentsOfDirectory(atPath: root)).first { $0.hasPrefix("quiet-family") }
        )
        let files = try FileManager.default.subpathsOfDirectory(atPath: root + "/" + quiet).sorted()
        let dated = try FileManager.default.contentsOfDirectory(atPath: root + "/" + quiet)
        #expect(
            files == dated
                + dated.flatMap { day in ["email-qp-example-com.eml", "manifest.json"].map { day + "/" + $0 } },
            "only the recap and the manifest: \(files)"
        )
        #expect(
            !(try FileManager.default.contentsOfDirectory(atPath: root)).contains { $0.hasPrefix("empty-family") },
            "no folder for a family with nothing to say"
        )
        let eml = try #require(files.first { $0.hasSuffix(".eml") })
        let script = """
            import email, email.policy, sys
            m = email.message_from_bytes(open(sys.argv[1], 'rb').read(), policy=email.policy.default)
            assert not m.defects and not list(m.iter_attachments())
            print(m['To']); print(m.get_body(preferencelist=('plain',)).get_content())
            """
        let text = try ReportBatchProcess.tool("python3", ["-c", script, root + "/" + quiet + "/" + eml]).stdout
        #expect(text.contains("qp@example.com") && text.contains("DO THIS WEEK"), "\(text)")
        #expect(text.contains("Deadline: Full Ride offer ends in 5 days (Nov 28, 2026)"), "\(text)")
        let summary = try String(contentsOfFile: root + "/summary.txt", encoding: .utf8)
        #expect(summary.contains("skipped: no data"), "\(summary)")
        #expect(summary.contains(quiet), "the summary names the folder that holds the recap: \(summary)")
        // Quiet's and Active's recaps are written, and none is sent (via: none).
        #expect(summary.contains("messages: 2 written, not sent (via: none)"), "\(summary)")
    }

    /// The optional tables are checked like the others: a preference that is neither 0, 1 nor
    /// null, and an opt-out without an address, are bad input for `check` (65), and a run does
    /// not guess them: the family whose member has the bad row fails, the others do not.
    @Test func badPreferenceAndOptOutRowsAreBadInput() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try Fixture.database(at: folder.file("f.db")) { f in
            for family in ["A", "B"] {
                try f.family(family, name: "Family \(family)")
                try f.user("\(family.lowercased())p", role: "player")
                try f.member(family: family, user: "\(family.lowercased())p", role: "player")
                try f.school("\(family)s", family: family)
            }
            try f.db.execute(
                sql: """
                    CREATE TABLE notification_preferences (id TEXT PRIMARY KEY, user_id TEXT NOT NULL, notification_type TEXT NOT NULL, email_enabled INTEGER, push_enabled INTEGER);
                    INSERT INTO notification_preferences VALUES ('p1', 'ap', 'weekly_digest', 2, 1), ('p2', 'bp', 'weekly_digest', NULL, 0), ('p3', 'bp', 'brand_new_kind', 0, 0);
                    CREATE TABLE email_optouts (email TEXT PRIMARY KEY, created_at TEXT);
                    INSERT INTO email_optouts VALUES ('someone@example.com', NULL);
                    """
            )
        }
        let check = try ReportBatchProcess.run(["check", "--db", "f.db"], in: folder.path)
        #expect(check.status == 65, "\(check.stdout)\(check.stderr)")
        #expect(
            (check.stdout + check.stderr).contains(
                "notification_preferences row 'p1', column email_enabled: is 2; expected 0, 1 or null"
            ),
            "\(check.stdout)\(check.stderr)"
        )
        try JobFiles.recapWrittenOnly(attach: false).write(
            toFile: folder.file("job.yaml"),
            atomically: true,
            encoding: .utf8
        )
        let run = try ReportBatchProcess.run(
            ["run", "job.yaml", "--db", "f.db", "--out", "o", "--now", Self.now],
            in: folder.path
        )
        #expect(run.status == 4, "\(run.stderr)")
        let summary = try String(contentsOfFile: folder.file("o/summary.txt"), encoding: .utf8)
        #expect(summary.contains("email_enabled: is 2"), "\(summary)")
        // B's null preference is "on" and its unknown kind is ignored: B gets its recap.
        #expect(
            (FileManager.default.subpaths(atPath: folder.file("o")) ?? []).contains {
                $0.hasSuffix("email-bp-example-com.eml")
            }
        )
        // An opt-out row without an address is bad input too.
        _ = try ReportBatchProcess.tool(
            "sqlite3",
            [
                folder.file("f.db"),
                "UPDATE notification_preferences SET email_enabled = 0 WHERE id = 'p1'; INSERT INTO email_optouts VALUES (NULL, NULL)",
            ]
        )
        let again = try ReportBatchProcess.run(["check", "--db", "f.db"], in: folder.path)
        #expect(
            again.status == 65
                && (again.stdout + again.stderr).contains(
                    "email_optouts row null, column email: is null but is required"
                ),
            "\(again.stdout)\(again.stderr)"
        )
    }

    @Test(arguments: [
        ("deliver:\n  email:\n    to: members\n", "job.yaml:6: 'deliver.email' needs 'from', the sender's address"),
        (
            "deliver:\n  email:\n    from: nobody\n",
            "job.yaml:6: 'from' must be an e-mail address, e.g. \"The Recruiting Compass <reports@example.com>\" (got 'nobody')"
        ),
        (
            "deliver:\n  email:\n    from: a@example.com\n    via: smtp//mail\n",
            "job.yaml:7: 'via' must be smtp://HOST[:PORT], smtps://HOST[:PORT], sendmail or none (got 'smtp//mail')"
        ),
        (
            "deliver:\n  email:\n    from: a@example.com\n    attach: [coaches.csv]\n",
            "job.yaml:5: 'attach' names 'coaches.csv', which this job does not write; it writes report.pdf"
        ),
        (
            "deliver:\n  email:\n    from: a@example.com\n    to: [not-an-address]\n",
            "job.yaml:7: 'to' lists 'not-an-address', which is not an e-mail address"
        ),
        (
            "deliver:\n  email:\n    from: a@example.com\n    password_env: hunter2!\n",
            "job.yaml:7: 'password_env' names an environment variable (letters, digits and _), not a value (got 'hunter2!')"
        ),
        (
            "deliver:\n  email:\n    from: a@example.com\n    subject: \"Hi {name}\"\n",
            "job.yaml:7: 'subject' has an unknown placeholder {name}; use: {family_slug}, {family_id}, {from}, {to}, {preset}, {family_name}, {headline}"
        ),
        (
            "deliver:\n  email:\n    from: a@example.com\n    app_url: http://app.example.com\n",
            "job.yaml:7: 'app_url' must be an https address without a user or password, e.g. https://myrecruitingcompass.com (got 'http://app.example.com')"
        ),
        (
            "deliver:\n  email:\n    from: a@example.com\n    app_url: https://admin:hunter2@app.example.com/x\n",
            "job.yaml:7: 'app_url' must be an https address without a user or password, e.g. https://myrecruitingcompass.com (got 'https://app.example.com/x')"
        ),
        (
            "deliver:\n  email:\n    from: a@example.com\n    app_url: 'https://app.example.com/\"><script>'\n",
            "job.yaml:7: 'app_url' must be an https address without a user or password, e.g. https://myrecruitingcompass.com (got 'https://app.example.com/\"><script>')"
        ),
    ])
    func aBadDeliverSectionIsAUsageError(yaml: String, message: String) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try ("outputs:\n  - report:\n    formats: [pdf]\n" + yaml).write(
            toFile: folder.file("job.yaml"),
            atomically: true,
            encoding: .utf8
        )
        let result = try ReportBatchProcess.run(["run", "job.yaml", "--db", "x.db", "--dry-run"], in: folder.path)
        #expect(result.status == 64)
        #expect(result.stderr == "report-batch: error: \(message)\n", "\(result.stderr)")
    }

    /// The default subject is "{family_name}: {headline}", the headline opens the text body,
    /// and the subject fits 78 characters (RFC 2047 when not ASCII).
    @Test func theSubjectCarriesTheWeeksHeadline() throws {
        let demo = try ReportCommandTests.Demo()
        defer { demo.folder.remove() }
        try JobFiles.recapWrittenOnly(attach: false).write(
            toFile: demo.folder.file("job.yaml"),
            atomically: true,
            encoding: .utf8
        )
        let result = try ReportBatchProcess.run(
            ["run", "job.yaml", "--db", "demo.db", "--out", "o", "--now", Self.now],
            in: demo.folder.path
        )
        #expect(result.status == 0, "\(result.stderr)")
        let check = try ReportBatchProcess.tool(
            "python3",
            [
                "-c",
                """
                import email, email.policy, sys, glob
                for path in sorted(glob.glob(sys.argv[1] + '/**/*.eml', recursive=True)):
                    m = email.message_from_bytes(open(path, 'rb').read(), policy=email.policy.default)
                    assert not m.defects, m.defects
                    subject = str(m['Subject'])
                    headline = m.get_body(preferencelist=('plain',)).get_content().split('\\n')[0]
                    assert len(subject) <= 78, subject
                    full = subject.split(': ', 1)[0] + ': ' + headline
                    assert subject == full or (subject.endswith('…') and full.startswith(subject[:-1])), (subject, headline)
                    print(subject)
                """, demo.folder.file("o"),
            ]
        )
        #expect(check.status == 0, "\(check.stderr)")
        let subjects = Set(check.stdout.split(separator: "\n").map(String.init))
        #expect(
            subjects.contains { $0.hasPrefix("Rivera Family: ") }
                && subjects.contains { $0.hasPrefix("田中 Tanaka Family 🏈: ") },
            "\(subjects)"
        )
        #expect(!subjects.contains { $0.contains("Weekly Recruiting Recap") }, "\(subjects)")
    }

    @Test func aMissingSecretVariableIsAUsageErrorNamingIt() throws {
        let demo = try ReportCommandTests.Demo()
        defer { demo.folder.remove() }
        try
            "outputs:\n  - report:\n    formats: [pdf]\ndeliver:\n  email:\n    from: a@example.com\n    unsubscribe: {url: 'https://x.example/u', secret_env: NOT_SET_ANYWHERE}\n"
            .write(toFile: demo.folder.file("job.yaml"), atomically: true, encoding: .utf8)
        let result = try ReportBatchProcess.run(
            ["run", "job.yaml", "--db", "demo.db", "--out", "o", "--now", Self.now],
            in: demo.folder.path
        )
        #expect(result.status == 64)
        #expect(
            result.stderr.contains(
                "the environment variable NOT_SET_ANYWHERE, which 'deliver.email' names, is not set"
            ),
            "\(result.stderr)"
        )
    }
}

/// Sending to a real SMTP server on 127.0.0.1 (scripts/test-smtp-server.py, aiosmtpd), with
/// STARTTLS on a throwaway certificate and AUTH PLAIN, and through msmtp as the sendmail.
@Suite(.tags(.smtp), .serialized)
struct SendingTests {
    static let now = DeliveryTests.now

    /// The demo with two families, and a job that sends their recaps through `via`.
    struct Setup {
        let demo: ReportCommandTests.Demo
        init(via: String) throws {
            demo = try ReportCommandTests.Demo()
            try write(via: via)
        }

        /// Points the job at `server` (known only once the server has its port).
        func sendThrough(_ server: SMTPServer) throws {
            try write(via: "smtp://127.0.0.1:\(server.port)")
        }

        func write(via: String) throws {
            try DeliveryTests.job(demo, via: via, ["username_env: TEST_SMTP_USER", "password_env: TEST_SMTP_PASSWORD"])
                .write(toFile: demo.folder.file("job.yaml"), atomically: true, encoding: .utf8)
        }

        func run(_ server: SMTPServer, _ extra: [String] = []) throws -> CommandResult {
            try ReportBatchProcess.run(
                ["run", "job.yaml", "--db", "demo.db", "--out", "o", "--now", SendingTests.now] + extra,
                in: demo.folder.path,
                environment: [
                    "TEST_SMTP_USER": server.user, "TEST_SMTP_PASSWORD": server.password,
                    "CURL_CA_BUNDLE": server.certificate,
                ]
            )
        }

        /// Every .eml the run wrote, by recipient.
        var written: [String: Data] {
            var result: [String: Data] = [:]
            let root = demo.folder.file("o")
            for path in (FileManager.default.subpaths(atPath: root) ?? []) where path.hasSuffix(".eml") {
                let data = (try? Data(contentsOf: URL(fileURLWithPath: root + "/" + path))) ?? Data()
                // `To: Name <address>`, or `To: address` for a member without a name.
                let header = String(decoding: data, as: UTF8.self).split(separator: "\r\n").first {
                    $0.hasPrefix("To: ")
                }
                let to =
                    header.map { line in
                        line.contains("<")
                            ? String(line.split(separator: "<").last?.dropLast() ?? "") : String(line.dropFirst(4))
                    } ?? ""
                result[to] = data
            }
            return result
        }
    }

    @Test func everyMessageArrivesAsWrittenAndARerunSendsNothing() throws {
        let setup = try Setup(via: "none")
        defer { setup.demo.folder.remove() }
        let server = try SMTPServer(folder: setup.demo.folder)
        defer { server.stop() }
        try setup.sendThrough(server)
        let result = try setup.run(server)
        #expect(result.status == 0, "\(result.stderr)\(result.stdout)")
        // Rivera's player and two parents, Tanaka's player and parent.
        #expect(result.stdout.contains("messages: 5 written, 5 sent, 0 not sent, 0 failed"), "\(result.stdout)")
        let received = server.received
        #expect(received.count == 5)
        // What the server received is the .eml written, byte for byte (the server adds nothing here).
        let written = setup.written
        for message in received {
            let to = message.name.dropFirst(5).replacingOccurrences(of: "_at_", with: "@").replacingOccurrences(
                of: ".eml",
                with: ""
            )
            #expect(written[to] == message.data, "\(to)")
        }
        // The manifests record each recipient as sent, with the server's reply.
        let manifests = try ReportBatchProcess.tool(
            "python3",
            [
                "-c",
                """
                import json, glob, sys
                for p in sorted(glob.glob(sys.argv[1] + '/**/manifest.json', recursive=True)):
                    for r in json.load(open(p))['delivery']: print(r['status'], r['reply'], r['recipient'])
                """, setup.demo.folder.file("o"),
            ]
        ).stdout
        #expect(
            manifests.split(separator: "\n").count == 5
                && manifests.split(separator: "\n").allSatisfy { $0.hasPrefix("sent 250 ") },
            "\(manifests)"
        )
        // The password is in no file and no output.
        for path in FileManager.default.subpaths(atPath: setup.demo.folder.file("o")) ?? [] {
            let data = (try? Data(contentsOf: URL(fileURLWithPath: setup.demo.folder.file("o/\(path)")))) ?? Data()
            #expect(data.range(of: Data(server.password.utf8)) == nil, "\(path)")
        }
        #expect(!result.stdout.contains(server.password) && !result.stderr.contains(server.password))
        // A rerun of the same days sends nothing; --resend sends again.
        let again = try setup.run(server)
        #expect(again.status == 0, "\(again.stderr)")
        #expect(server.received.count == 5)
        let resent = try setup.run(server, ["--resend"])
        #expect(resent.status == 0, "\(resent.stderr)")
        #expect(server.received.count == 10)
    }

    @Test func aRefusedRecipientFailsOnlyItsFamilyAndATemporaryRefusalIsRetried() throws {
        let setup = try Setup(via: "none")
        defer { setup.demo.folder.remove() }
        let recipients = try ReportBatchProcess.tool(
            "sqlite3",
            [
                setup.demo.folder.file("demo.db"),
                "SELECT u.email FROM users u JOIN family_members m ON m.user_id = u.id WHERE m.family_unit_id = '\(setup.demo.tanaka)' ORDER BY m.role DESC",
            ]
        ).stdout
            .split(separator: "\n").map(String.init)
        let riveraPlayer = try ReportBatchProcess.tool(
            "sqlite3",
            [
                setup.demo.folder.file("demo.db"),
                "SELECT u.email FROM users u JOIN family_members m ON m.user_id = u.id WHERE m.family_unit_id = '\(setup.demo.rivera)' AND m.role = 'player'",
            ]
        ).stdout
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let server = try SMTPServer(folder: setup.demo.folder, reject: [recipients[0]], tempfail: [riveraPlayer: 1])
        defer { server.stop() }
        try setup.sendThrough(server)
        let result = try setup.run(server)
        #expect(result.status == 4, "\(result.stderr)\(result.stdout)")
        #expect(result.stdout.contains("2 families: 1 ok, 0 skipped (no data), 1 failed"), "\(result.stdout)")
        #expect(result.stdout.contains("failed: delivery: \(recipients[0]): 550"), "\(result.stdout)")
        // The 451 was retried: the Rivera player's message arrived.
        #expect(server.received.contains { $0.name.contains(riveraPlayer.replacingOccurrences(of: "@", with: "_at_")) })
        // The failed family's files stay.
        let pdfs = (FileManager.default.subpaths(atPath: setup.demo.folder.file("o")) ?? []).filter {
            $0.hasSuffix(".pdf")
        }
        #expect(pdfs.count == 2, "\(pdfs)")
    }

    @Test func aServerWithoutStarttlsGetsNothingInClearText() throws {
        let setup = try Setup(via: "none")
        defer { setup.demo.folder.remove() }
        let server = try SMTPServer(folder: setup.demo.folder, starttls: false)
        defer { server.stop() }
        try setup.sendThrough(server)
        let result = try setup.run(server)
        #expect(result.status == 1 || result.status == 4, "\(result.stdout)")
        #expect(result.stdout.contains("failed: delivery:"), "\(result.stdout)")
        #expect(server.received.isEmpty)
    }

    @Test func sendmailRelaysThroughMsmtp() throws {
        let setup = try Setup(via: "sendmail")
        defer { setup.demo.folder.remove() }
        let server = try SMTPServer(folder: setup.demo.folder)
        defer { server.stop() }
        let config = try server.msmtpConfiguration(in: setup.demo.folder.path)
        let wrapper = setup.demo.folder.file("sendmail")
        try "#!/bin/sh\nexec msmtp -C '\(config)' \"$@\"\n".write(toFile: wrapper, atomically: true, encoding: .utf8)
        chmod(wrapper, 0o755)
        let result = try ReportBatchProcess.run(
            ["run", "job.yaml", "--db", "demo.db", "--out", "o", "--now", Self.now],
            in: setup.demo.folder.path,
            environment: ["TEST_SMTP_USER": "x", "TEST_SMTP_PASSWORD": "y", "REPORT_BATCH_SENDMAIL": wrapper]
        )
        #expect(result.status == 0, "\(result.stderr)\(result.stdout)")
        #expect(server.received.count == 5)
        let written = setup.written
        for message in server.received {
            let to = message.name.dropFirst(5).replacingOccurrences(of: "_at_", with: "@").replacingOccurrences(
                of: ".eml",
                with: ""
            )
            #expect(written[to] == message.data, "\(to)")
        }
    }
}
