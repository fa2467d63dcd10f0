import Foundation
import TestSupport
import Testing

/// The manifest's delivery records (docs/delivery.md, "What the run records"): each names its
/// recipient by the address as stored, while opt-outs, duplicates and a rerun's sent messages
/// compare addresses trimmed and lower-cased. A real SMTP server on 127.0.0.1, stopped by pid.
@Suite(.tags(.smtp), .serialized)
struct DeliveryRecordTests {
    typealias Setup = SendingTests.Setup

    @Test func aRecordNamesTheAddressAsStoredAndARerunStillKnowsItWasSent() throws {
        let setup = try Setup(via: "none")
        defer { setup.demo.folder.remove() }
        let members = try DeliveryFaultTests.riveraMembers(setup)
        try #require(members.count == 3)
        // The player's address in capitals; a parent's is the same address in other case and
        // spacing (a duplicate); the other parent's is opted out under another spelling.
        _ = try DeliveryFaultTests.sql(
            setup,
            """
            UPDATE users SET email = 'Player.Rivera@Example.COM' WHERE id = '\(members[0])';
            UPDATE users SET email = ' PLAYER.rivera@example.com ' WHERE id = '\(members[1])';
            UPDATE users SET email = 'Parent.Two@Example.com' WHERE id = '\(members[2])';
            CREATE TABLE email_optouts (email TEXT PRIMARY KEY, created_at TEXT);
            INSERT INTO email_optouts VALUES ('parent.two@example.com', '2026-01-01T00:00:00Z');
            """
        )
        let server = try SMTPServer(folder: setup.demo.folder)
        defer { server.stop() }
        try setup.sendThrough(server)
        let result = try setup.run(server)
        #expect(result.status == 0, "\(result.stderr)\(result.stdout)")
        // Rivera's player, Tanaka's player and parent.
        #expect(server.received.count == 3)
        let expected = [
            "[\"sent\", \"\(members[0])\", \"Player.Rivera@Example.COM\"]",
            "[\"not sent: duplicate address\", \"\(members[1])\", \" PLAYER.rivera@example.com \"]",
            "[\"not sent: opted out\", \"\(members[2])\", \"Parent.Two@Example.com\"]",
        ]
        let records = try DeliveryFaultTests.records(setup.demo.folder.file("o"))
        for record in expected { #expect(records.contains(record), "\(records)") }
        // A rerun of the same days finds the player's message sent, whatever the spelling.
        let again = try setup.run(server)
        #expect(again.status == 0, "\(again.stderr)\(again.stdout)")
        #expect(server.received.count == 3)
        #expect(
            again.stdout.contains(
                "messages: 3 written, 3 sent, 2 not sent (1 opted out, 1 duplicate address), 0 failed"
            ),
            "\(again.stdout)"
        )
        let rerun = try DeliveryFaultTests.records(setup.demo.folder.file("o"))
        for record in expected { #expect(rerun.contains(record), "\(rerun)") }
    }

    /// A rerun that fails before it reads the earlier manifest (a bad row in the family's data)
    /// keeps that manifest's sent records and their .eml; once the row is fixed, the next run
    /// sends none of those messages again.
    @Test func aRerunThatFailsOnABadRowKeepsTheSentRecordsAndTheNextSendsNoneTwice() throws {
        let setup = try Setup(via: "none")
        defer { setup.demo.folder.remove() }
        let server = try SMTPServer(folder: setup.demo.folder)
        defer { server.stop() }
        let root = setup.demo.folder.file("o")
        let (sent, messages) = try Self.sendOnce(setup, through: server)

        // One of the Rivera family's schools gets a status the app does not know: the family fails.
        let db = setup.demo.folder.file("demo.db")
        try FileManager.default.copyItem(atPath: db, toPath: db + ".good")
        _ = try DeliveryFaultTests.sql(
            setup,
            "UPDATE schools SET status = 'maybe' WHERE id = (SELECT id FROM schools WHERE family_unit_id = '\(setup.demo.rivera)' ORDER BY id LIMIT 1)"
        )
        let failed = try setup.run(server)
        #expect(failed.status == 4, "\(failed.stderr)\(failed.stdout)")
        #expect(failed.stdout.contains("'maybe'"), "\(failed.stdout)")
        #expect(server.received.count == 5)
        let kept = try DeliveryFaultTests.records(root)
        #expect(kept.sorted() == sent.sorted(), "\(kept)")
        #expect(try Self.messageFiles(root) == messages)

        // The row fixed, a rerun finds every message sent and sends none again.
        try FileManager.default.removeItem(atPath: db)
        try FileManager.default.moveItem(atPath: db + ".good", toPath: db)
        let fixed = try setup.run(server)
        #expect(fixed.status == 0, "\(fixed.stderr)\(fixed.stdout)")
        let recipients = server.received.map { $0.name.dropFirst(5) }
        #expect(recipients.count == 5 && Set(recipients).count == 5, "\(recipients)")
        #expect(try DeliveryFaultTests.records(root).sorted() == sent.sorted())
    }

    /// A rerun that finds the family with nothing to report keeps what an earlier run of the
    /// same days sent: the records and their .eml, so that a run after the rows come back sends
    /// none of them again.
    @Test func aRerunWithNothingToReportKeepsTheSentRecords() throws {
        let setup = try Setup(via: "none")
        defer { setup.demo.folder.remove() }
        let server = try SMTPServer(folder: setup.demo.folder)
        defer { server.stop() }
        let root = setup.demo.folder.file("o")
        let (sent, messages) = try Self.sendOnce(setup, through: server)

        // The Rivera family's rows gone from a copy of the database: it has nothing to report.
        let db = setup.demo.folder.file("demo.db")
        try FileManager.default.copyItem(atPath: db, toPath: db + ".full")
        for table in [
            "schools", "coaches", "interactions", "performance_metrics", "offers", "player_profiles", "events",
        ] {
            _ = try DeliveryFaultTests.sql(setup, "DELETE FROM \(table) WHERE family_unit_id = '\(setup.demo.rivera)'")
        }
        let empty = try setup.run(server)
        #expect(empty.status == 0, "\(empty.stderr)\(empty.stdout)")
        #expect(server.received.count == 5)
        #expect(try DeliveryFaultTests.records(root).sorted() == sent.sorted())
        #expect(try Self.messageFiles(root) == messages)

        // The rows back, a rerun finds every message sent and sends none again.
        try FileManager.default.removeItem(atPath: db)
        try FileManager.default.moveItem(atPath: db + ".full", toPath: db)
        let full = try setup.run(server)
        #expect(full.status == 0, "\(full.stderr)\(full.stdout)")
        #expect(server.received.count == 5)
    }

    /// A rerun (an hour later, the same days) leaves the .eml of a message already sent as it
    /// was sent: its bytes, and the Message-ID its record names.
    @Test func aRerunLeavesTheMessageOfASentRecordAsSent() throws {
        let setup = try Setup(via: "none")
        defer { setup.demo.folder.remove() }
        let server = try SMTPServer(folder: setup.demo.folder)
        defer { server.stop() }
        let root = setup.demo.folder.file("o")
        let messages = try Self.sendOnce(setup, through: server).messages

        let later = try ReportBatchProcess.run(
            ["run", "job.yaml", "--db", "demo.db", "--out", "o", "--now", "2026-11-23T10:00:00Z"],
            in: setup.demo.folder.path,
            environment: [
                "TEST_SMTP_USER": server.user, "TEST_SMTP_PASSWORD": server.password,
                "CURL_CA_BUNDLE": server.certificate,
            ]
        )
        #expect(later.status == 0, "\(later.stderr)\(later.stdout)")
        #expect(server.received.count == 5)
        #expect(try Self.messageFiles(root) == messages)
        // Each sent record's Message-ID is the one its .eml holds.
        let checked = try ReportBatchProcess.tool(
            "python3",
            [
                "-c",
                """
                import json, glob, os, sys, email
                for p in sorted(glob.glob(sys.argv[1] + '/**/manifest.json', recursive=True)):
                    for r in json.load(open(p))['delivery']:
                        if r['status'] != 'sent': continue
                        m = email.message_from_binary_file(open(os.path.join(os.path.dirname(p), r['file']), 'rb'))
                        print('same' if m['Message-ID'] == r['messageId'] else 'differs', r['recipient'])
                """, root,
            ]
        )
        let lines = checked.stdout.split(separator: "\n")
        #expect(lines.count == 5 && lines.allSatisfy { $0.hasPrefix("same ") }, "\(checked.stdout)\(checked.stderr)")
    }

    /// The demo's five recaps sent once through `server`: their delivery records, each `sent`,
    /// and their `.eml` files by path under the output root.
    static func sendOnce(
        _ setup: Setup,
        through server: SMTPServer
    ) throws -> (sent: [String], messages: [String: Data]) {
        try setup.sendThrough(server)
        let root = setup.demo.folder.file("o")
        let first = try setup.run(server)
        try #require(first.status == 0, "\(first.stderr)\(first.stdout)")
        try #require(server.received.count == 5)
        let sent = try DeliveryFaultTests.records(root)
        try #require(sent.count == 5 && sent.allSatisfy { $0.hasPrefix("[\"sent\"") }, "\(sent)")
        let messages = try messageFiles(root)
        try #require(messages.count == 5, "\(messages.keys.sorted())")
        return (sent, messages)
    }

    /// Every .eml under `root`, by its path inside it.
    static func messageFiles(_ root: String) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for path in FileManager.default.subpaths(atPath: root) ?? [] where path.hasSuffix(".eml") {
            files[path] = try Data(contentsOf: URL(fileURLWithPath: root + "/" + path))
        }
        return files
    }
}
