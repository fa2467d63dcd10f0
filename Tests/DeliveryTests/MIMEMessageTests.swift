import Aggregation
import Foundation
import TestSupport
import Testing

@testable import Delivery

/// The e-mail writer (docs/delivery.md, "The message"), read back with Python's `email`
/// package in its strict modern policy, and the unsubscribe token against Python's `hmac`.
struct MIMEMessageTests {
    func message(attachments: [MIMEMessage.Attachment]) -> MIMEMessage {
        let from = MIMEMessage.Address(name: "The Recruiting Compass – Reports", email: "reports@example.com")!
        let to = MIMEMessage.Address(name: "Grace 田中", email: "parent.71a905@example.com")!
        let range = try! DateRange(from: CivilDate(iso: "2026-11-16")!, to: CivilDate(iso: "2026-11-22")!)
        var message = MIMEMessage(
            from: from,
            to: to,
            subject:
                "Your Weekly Recruiting Recap – 田中 Tanaka Family 🏈, \"The Hawks\" and a subject long enough to need folding twice over",
            date: Instant(seconds: 1_795_424_400),
            messageID: MIMEMessage.messageID(family: "F", recipient: to.email, range: range, from: from),
            text: "3 coach interactions logged this week\n1 performance metric recorded\n田中 🏈\n",
            html: "<p>3 coach interactions logged this week</p><p>田中 🏈 &amp; more</p>"
        )
        message.attachments = attachments
        message.headers = [
            (
                "List-Unsubscribe",
                "<"
                    + UnsubscribeToken.link(
                        base: "https://myrecruitingcompass.com/api/email/unsubscribe",
                        secret: "s3cret",
                        email: " Parent.71A905@Example.com "
                    ) + ">"
            ),
            ("List-Unsubscribe-Post", "List-Unsubscribe=One-Click"),
        ]
        return message
    }

    @Test func pythonReadsTheMessageWithNoDefects() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        var random = SystemRandomNumberGenerator()
        let binary = Data((0..<70_001).map { _ in UInt8.random(in: 0...255, using: &random) })
        try binary.write(to: URL(fileURLWithPath: folder.file("report.pdf")))
        let csv = Data("section,measure\r\nschools,total\r\n".utf8)
        try csv.write(to: URL(fileURLWithPath: folder.file("coaches.csv")))
        let eml = message(attachments: [
            .init(
                fileName: "report_tian-zhong-tanaka_2026-11-16_2026-11-22.pdf",
                contentType: "application/pdf",
                data: binary
            ),
            .init(fileName: "田中 coaches.csv", contentType: "text/csv", data: csv),
        ]).bytes()
        try eml.write(to: URL(fileURLWithPath: folder.file("m.eml")))
        #expect(
            eml
                == message(attachments: [
                    .init(
                        fileName: "report_tian-zhong-tanaka_2026-11-16_2026-11-22.pdf",
                        contentType: "application/pdf",
                        data: binary
                    ),
                    .init(fileName: "田中 coaches.csv", contentType: "text/csv", data: csv),
                ]).bytes(),
            "the same message gives the same bytes"
        )
        let script = """
            import email, email.policy, sys, hmac, hashlib, urllib.parse, datetime
            raw = open(sys.argv[1], 'rb').read()
            # Lines within 78 characters, but for a header whose value is one word that cannot be broken (the unsubscribe link): RFC 5322's 998.
            lines = raw.split(b'\\r\\n')
            assert all(len(l) <= 78 or (len(l.strip().split(b' ')) <= 2 and len(l) <= 998) for l in lines), [l for l in lines if len(l) > 78]
            assert b'\\n' not in raw.replace(b'\\r\\n', b'')
            m = email.message_from_bytes(raw, policy=email.policy.default)
            parts = list(m.walk())
            assert not m.defects and all(not p.defects for p in parts), [p.defects for p in parts]
            assert m['Subject'] == 'Your Weekly Recruiting Recap – 田中 Tanaka Family 🏈, "The Hawks" and a subject long enough to need folding twice over', m['Subject']
            assert m['To'].addresses[0].display_name == 'Grace 田中' and m['To'].addresses[0].addr_spec == 'parent.71a905@example.com'
            assert m['From'].addresses[0].display_name == 'The Recruiting Compass – Reports'
            assert m['Date'].datetime == datetime.datetime(2026, 11, 23, 9, 0, tzinfo=datetime.timezone.utc), m['Date']
            assert m.get_content_type() == 'multipart/mixed'
            body = m.get_body(preferencelist=('plain',)).get_content()
            assert '3 coach interactions logged this week' in body and '田中 🏈' in body, body
            assert '田中 🏈 &amp; more' in m.get_body(preferencelist=('html',)).get_content()
            files = {a.get_filename(): a.get_payload(decode=True) for a in m.iter_attachments()}
            assert files['report_tian-zhong-tanaka_2026-11-16_2026-11-22.pdf'] == open(sys.argv[2], 'rb').read()
            assert files['田中 coaches.csv'] == open(sys.argv[3], 'rb').read(), files.keys()
            # The unsubscribe link: the normalised address and the app's token, computed here independently.
            link = str(m['List-Unsubscribe']).strip('<>')
            query = urllib.parse.parse_qs(urllib.parse.urlparse(link).query)
            assert query['email'] == ['parent.71a905@example.com'], query
            token = hmac.new(b's3cret', b'unsubscribe:parent.71a905@example.com', hashlib.sha256).hexdigest()
            assert query['token'] == [token], (query, token)
            assert m['List-Unsubscribe-Post'] == 'List-Unsubscribe=One-Click'
            assert m['Message-ID'].startswith('<') and m['Message-ID'].endswith('@example.com>')
            print('ok')
            """
        let check = try ReportBatchProcess.tool(
            "python3",
            ["-c", script, folder.file("m.eml"), folder.file("report.pdf"), folder.file("coaches.csv")]
        )
        #expect(check.stdout == "ok\n", "\(check.stderr)")
    }

    /// An inline image travels with the HTML in a multipart/related (RFC 2387) inside the
    /// alternative, with its Content-ID; it is no attachment, and the parts read back whole.
    @Test func anInlineImageIsRelatedToTheHTMLPart() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + (0..<300).map { UInt8($0 % 256) })
        var with = message(attachments: [
            .init(fileName: "report.pdf", contentType: "application/pdf", data: Data("%PDF-1.5".utf8))
        ])
        with.html = "<p><img src=\"cid:trend.1@example.com\" alt=\"Chart: 3 out and 1 in\"></p>"
        with.inline = [
            MIMEMessage.InlineImage(
                contentID: "trend.1@example.com",
                contentType: "image/png",
                fileName: "trend.png",
                data: png
            )
        ]
        try with.bytes().write(to: URL(fileURLWithPath: folder.file("m.eml")))
        try png.write(to: URL(fileURLWithPath: folder.file("trend.png")))
        let check = try ReportBatchProcess.tool(
            "python3",
            [
                "-c",
                """
                import email, email.policy, sys
                m = email.message_from_bytes(open(sys.argv[1], 'rb').read(), policy=email.policy.default)
                assert not m.defects and all(not p.defects for p in m.walk())
                def tree(part):
                    return part.get_content_type() if not part.is_multipart() else [part.get_content_type()] + [tree(p) for p in part.iter_parts()]
                assert tree(m) == ['multipart/mixed', ['multipart/alternative', 'text/plain', ['multipart/related', 'text/html', 'image/png']], 'application/pdf'], tree(m)
                image = [p for p in m.walk() if p.get_content_type() == 'image/png'][0]
                assert image['Content-ID'] == '<trend.1@example.com>' and image.get_content_disposition() == 'inline'
                assert image.get_payload(decode=True) == open(sys.argv[2], 'rb').read()
                assert 'cid:trend.1@example.com' in m.get_body(preferencelist=('html',)).get_content()
                assert [a.get_filename() for a in m.iter_attachments()] == ['report.pdf']
                print('ok')
                """, folder.file("m.eml"), folder.file("trend.png"),
            ]
        )
        #expect(check.stdout == "ok\n", "\(check.stderr)")
        // Without images the HTML part stands alone, as before.
        #expect(
            String(decoding: message(attachments: []).bytes(), as: UTF8.self).contains("multipart/related") == false
        )
    }

    @Test func theMessageIDNamesFamilyRecipientAndDaysOnly() {
        let from = MIMEMessage.Address(email: "reports@example.com")!
        let week = try! DateRange(from: CivilDate(iso: "2026-11-16")!, to: CivilDate(iso: "2026-11-22")!)
        let next = try! DateRange(from: CivilDate(iso: "2026-11-23")!, to: CivilDate(iso: "2026-11-29")!)
        let id = MIMEMessage.messageID(family: "F", recipient: "a@example.com", range: week, from: from)
        #expect(id == MIMEMessage.messageID(family: "F", recipient: "A@Example.com", range: week, from: from))
        #expect(id != MIMEMessage.messageID(family: "F", recipient: "b@example.com", range: week, from: from))
        #expect(id != MIMEMessage.messageID(family: "F", recipient: "a@example.com", range: next, from: from))
        #expect(id != MIMEMessage.messageID(family: "G", recipient: "a@example.com", range: week, from: from))
    }

    @Test(arguments: [
        ("\"The Recruiting Compass\" <reports@example.com>", "The Recruiting Compass", "reports@example.com"),
        ("The Recruiting Compass <reports@example.com>", "The Recruiting Compass", "reports@example.com"),
        ("reports@example.com", nil, "reports@example.com"),
    ])
    func addressesAsAJobFileWritesThem(text: String, name: String?, email: String) {
        #expect(MIMEMessage.Address.parse(text) == MIMEMessage.Address(name: name, email: email))
    }

    /// A display name is one quoted string or RFC 2047 words, whatever it holds: Python reads
    /// the header back as exactly one address with the name as given (control characters as spaces).
    @Test(arguments: [
        "Mallory, \"Boss\" <evil2@evil.example>,", "back\\slash \"quoted\"", "Line\r\nBcc: evil@evil.example",
        "Zoë \"Z\" Müller",
    ])
    func aNameNeverAddsAnAddressOrAHeader(name: String) throws {
        let to = try #require(MIMEMessage.Address(name: name, email: "parent@example.com"))
        var message = self.message(attachments: [])
        message.to = to
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try message.bytes().write(to: URL(fileURLWithPath: folder.file("m.eml")))
        let read = try ReportBatchProcess.tool(
            "python3",
            [
                "-c",
                """
                import email, email.policy, sys, json
                m = email.message_from_bytes(open(sys.argv[1], 'rb').read(), policy=email.policy.default)
                assert not m.defects and m['Bcc'] is None, m.defects
                print(json.dumps([[a.display_name, a.addr_spec] for a in m['To'].addresses]))
                """, folder.file("m.eml"),
            ]
        )
        #expect(read.status == 0, "\(read.stderr)")
        let expected = name.replacingOccurrences(of: "\r", with: " ").replacingOccurrences(of: "\n", with: " ")
        let json = try JSONSerialization.jsonObject(with: Data(read.stdout.utf8)) as? [[String]]
        #expect(json == [[expected, "parent@example.com"]], "\(read.stdout)")
    }

    @Test func aBadAddressIsRefused() {
        #expect(MIMEMessage.Address.parse("reports at example.com") == nil)
        #expect(MIMEMessage.Address.parse("Reports <notanemail>") == nil)
    }
}

/// Who gets a recap (docs/delivery.md, "Who gets a message").
struct RecipientPlanTests {
    let family = FamilyUnit(id: "F", familyName: "Rivera Family", createdAt: nil)

    @Test func membersPreferencesOptOutsAndDuplicates() {
        let users = [
            "p": User(id: "p", email: "Player@Example.com", fullName: "Ana Rivera", role: .player, timezone: nil),
            "m1": User(id: "m1", email: "mom@example.com", fullName: "Mom", role: .parent, timezone: nil),
            "m2": User(id: "m2", email: " MOM@example.com ", fullName: "Mom again", role: .parent, timezone: nil),
            "d": User(id: "d", email: "dad@example.com", fullName: "Dad", role: .parent, timezone: nil),
            "o": User(id: "o", email: "Opted.Out@example.com", fullName: "Out", role: .parent, timezone: nil),
        ]
        let members = [("m1", MemberRole.parent), ("p", .player), ("m2", .parent), ("d", .parent), ("o", .parent)]
            .map { FamilyMember(familyUnitID: "F", userID: $0.0, role: $0.1) }
        let data = FamilyData(family: family, members: members, users: users)
        let plan = RecipientPlan.make(.members, data: data, digestOff: ["d"], optedOut: ["opted.out@example.com"])
        #expect(plan.recipients.map(\.address.email) == ["Player@Example.com", "mom@example.com"])
        #expect(plan.skipped.map(\.reason) == [.emailOff, .duplicate, .optedOut])  // by user id after the player
        #expect(plan.skipped.map(\.userID) == ["d", "m2", "o"])
        #expect(
            RecipientPlan.make(.player, data: data, digestOff: [], optedOut: []).recipients.map(\.address.email) == [
                "Player@Example.com"
            ]
        )
        #expect(RecipientPlan.make(.parents, data: data, digestOff: [], optedOut: []).recipients.count == 3)
        let listed = RecipientPlan.make(
            .list(["coach@example.com", " Coach@Example.com", "opted.out@example.com"]),
            data: data,
            digestOff: [],
            optedOut: ["opted.out@example.com"]
        )
        #expect(listed.recipients.map(\.address.email) == ["coach@example.com"])
        #expect(listed.skipped.map(\.reason) == [.duplicate, .optedOut])
    }

    /// An address from the database that is not exactly one mailbox is never a recipient:
    /// it is skipped as stored, with its user, whatever else holds for it.
    @Test(arguments: [
        "a@example.com>\r\nRCPT TO:<evil@evil.example", "a@x.example, evil6@evil.example", "not-an-address",
        "a@example.com\u{0}", "a b@example.com", "<a@example.com>", "a@bücher.example",
        "a@example.com\nBcc: evil@evil.example",
    ])
    func anAddressThatIsNotOneMailboxIsNotSent(email: String) {
        let users = [
            "p": User(id: "p", email: email, fullName: "Ana", role: .player, timezone: nil),
            "m": User(id: "m", email: "mom@example.com", fullName: "Mom", role: .parent, timezone: nil),
        ]
        let members = [
            FamilyMember(familyUnitID: "F", userID: "p", role: .player),
            FamilyMember(familyUnitID: "F", userID: "m", role: .parent),
        ]
        let plan = RecipientPlan.make(
            .members,
            data: FamilyData(family: family, members: members, users: users),
            digestOff: [],
            optedOut: []
        )
        #expect(plan.recipients.map(\.address.email) == ["mom@example.com"])
        #expect(plan.skipped == [RecipientPlan.Skipped(email: email, userID: "p", reason: .invalidAddress)])
        #expect(MIMEMessage.Address(name: "Ana", email: email) == nil)
    }
}
