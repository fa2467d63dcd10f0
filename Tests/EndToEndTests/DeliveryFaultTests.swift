import Foundation
import TestSupport
import Testing

/// Delivery as an attacker and a bad day would try it (docs/delivery.md, "Addresses are
/// untrusted" and "Sending"): addresses and names from the database that would add a
/// recipient or a header, a sendmail that exits without reading, a server that drops the
/// connection mid-DATA, one that never answers. Real servers on 127.0.0.1, stopped by pid.
@Suite(.serialized)
struct DeliveryFaultTests {
    typealias Setup = SendingTests.Setup

    /// Every manifest's delivery records under `root`: status, user and recipient, one a line.
    static func records(_ root: String) throws -> [String] {
        try ReportBatchProcess.tool(
            "python3",
            [
                "-c",
                """
                import json, glob, sys
                for p in sorted(glob.glob(sys.argv[1] + '/**/manifest.json', recursive=True)):
                    for r in json.load(open(p))['delivery']: print(json.dumps([r['status'], r['user'], r['recipient']]))
                """, root,
            ]
        ).stdout.split(separator: "\n").map(String.init)
    }

    static func sql(_ setup: Setup, _ statement: String) throws -> String {
        try ReportBatchProcess.tool("sqlite3", [setup.demo.folder.file("demo.db"), statement]).stdout
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The Rivera family's members' user ids: the player, then the parents.
    static func riveraMembers(_ setup: Setup) throws -> [String] {
        try sql(
            setup,
            "SELECT m.user_id FROM family_members m WHERE m.family_unit_id = '\(setup.demo.rivera)' ORDER BY m.role = 'player' DESC, m.user_id"
        )
        .split(separator: "\n").map(String.init)
    }

    @Test(.tags(.smtp)) func hostileAddressesAndNamesNeverReachTheWireOrAHeader() throws {
        let setup = try Setup(via: "none")
        defer { setup.demo.folder.remove() }
        let members = try Self.riveraMembers(setup)
        try #require(members.count == 3)
        // The player's address would add an RCPT; one parent's is two addresses; the other
        // parent's is a good address under a name that reads as three addresses.
        _ = try Self.sql(
            setup,
            """
            UPDATE users SET email = 'a@example.com>' || char(13) || char(10) || 'RCPT TO:<evil@evil.example' WHERE id = '\(members[0])';
            UPDATE users SET email = 'a@x.example, evil6@evil.example' WHERE id = '\(members[1])';
            UPDATE users SET full_name = 'Mallory, "Boss" <evil2@evil.example>,' WHERE id = '\(members[2])';
            """
        )
        let server = try SMTPServer(folder: setup.demo.folder, starttls: false)
        defer { server.stop() }
        try setup.write(via: "smtp://127.0.0.1:\(server.port)\n    starttls: never")
        let result = try setup.run(server)
        // Never a failure of the family: its report and the good recipients' messages go out.
        #expect(result.status == 0, "\(result.stderr)\(result.stdout)")
        #expect(!server.rcpts.contains { $0.contains("evil") }, "\(server.rcpts)")
        #expect(server.rcpts.count == 3, "\(server.rcpts)")  // Rivera's renamed parent, Tanaka's two
        #expect(
            result.stdout.contains("messages: 3 written, 3 sent, 2 not sent (2 invalid address), 0 failed"),
            "\(result.stdout)"
        )
        // The summary names each invalid address, escaped, with its row.
        #expect(
            result.stdout.contains(
                "not sent: invalid address 'a@x.example, evil6@evil.example' (users row '\(members[1])')"
            ),
            "\(result.stdout)"
        )
        #expect(
            result.stdout.contains(
                "not sent: invalid address 'a@example.com>\\r\\nRCPT TO:<evil@evil.example' (users row '\(members[0])')"
            ),
            "\(result.stdout)"
        )
        #expect(!result.stdout.contains("\r"))
        let records = try Self.records(setup.demo.folder.file("o"))
        #expect(
            records.contains("[\"not sent: invalid address\", \"\(members[1])\", \"a@x.example, evil6@evil.example\"]"),
            "\(records)"
        )
        #expect(
            records.contains(
                "[\"not sent: invalid address\", \"\(members[0])\", \"a@example.com>\\r\\nRCPT TO:<evil@evil.example\"]"
            ),
            "\(records)"
        )
        // The name is one quoted string: the To header holds exactly one address.
        let check = try ReportBatchProcess.tool(
            "python3",
            [
                "-c",
                """
                import email, email.policy, sys, glob
                for path in glob.glob(sys.argv[1] + '/**/*.eml', recursive=True):
                    m = email.message_from_bytes(open(path, 'rb').read(), policy=email.policy.default)
                    assert not m.defects, (path, m.defects)
                    to = m['To'].addresses
                    assert len(to) == 1 and 'evil' not in to[0].addr_spec, (path, to)
                    if 'Mallory' in to[0].display_name: print(repr(to[0].display_name))
                """, setup.demo.folder.file("o"),
            ]
        )
        #expect(check.status == 0, "\(check.stderr)")
        #expect(check.stdout == "'Mallory, \"Boss\" <evil2@evil.example>,'\n", "\(check.stdout)")
    }

    @Test func sendmailGetsTheRecipientOnItsCommandLineAndAnEarlyExitFailsOnlyThatMessage() throws {
        let setup = try Setup(via: "sendmail")
        defer { setup.demo.folder.remove() }
        // A stand-in that records its arguments and input, and one that closes its input and exits at once.
        let log = setup.demo.folder.file("sendmail-log")
        try FileManager.default.createDirectory(atPath: log, withIntermediateDirectories: true)
        let recording = setup.demo.folder.file("sendmail-ok")
        try "#!/bin/sh\nprintf '%s\\n' \"$@\" > '\(log)'/$$.args\ncat > '\(log)'/$$.eml\n"
            .write(toFile: recording, atomically: true, encoding: .utf8)
        let failing = setup.demo.folder.file("sendmail-bad")
        try "#!/bin/sh\nexec 0<&-\necho 'sendmail: cannot connect to relay.example: misconfigured' >&2\nexit 1\n"
            .write(toFile: failing, atomically: true, encoding: .utf8)
        chmod(recording, 0o755)
        chmod(failing, 0o755)
        let good = try ReportBatchProcess.run(
            ["run", "job.yaml", "--db", "demo.db", "--out", "o", "--now", SendingTests.now],
            in: setup.demo.folder.path,
            environment: ["TEST_SMTP_USER": "x", "TEST_SMTP_PASSWORD": "y", "REPORT_BATCH_SENDMAIL": recording]
        )
        #expect(good.status == 0, "\(good.stderr)\(good.stdout)")
        let arguments = try FileManager.default.contentsOfDirectory(atPath: log).filter { $0.hasSuffix(".args") }.map {
            try String(contentsOfFile: log + "/" + $0, encoding: .utf8).split(separator: "\n").map(String.init)
        }
        #expect(arguments.count == 5)
        #expect(
            arguments.allSatisfy { $0.count == 3 && $0[0] == "-oi" && $0[1] == "--" && $0[2].contains("@") },
            "\(arguments)"
        )
        // A relay that exits without reading: each message fails with its words, every family is
        // tried, the summary is printed, and the run ends with 1 (every family failed), not SIGPIPE.
        let bad = try ReportBatchProcess.run(
            ["run", "job.yaml", "--db", "demo.db", "--out", "o2", "--now", SendingTests.now],
            in: setup.demo.folder.path,
            environment: ["TEST_SMTP_USER": "x", "TEST_SMTP_PASSWORD": "y", "REPORT_BATCH_SENDMAIL": failing]
        )
        #expect(bad.status == 1, "\(bad.stderr)\(bad.stdout)")
        #expect(bad.stdout.contains("2 families: 0 ok, 0 skipped (no data), 2 failed"), "\(bad.stdout)")
        #expect(
            bad.stdout.contains("failed: delivery:")
                && bad.stdout.contains("sendmail: exit 1: sendmail: cannot connect to relay.example: misconfigured"),
            "\(bad.stdout)"
        )
        #expect(bad.stdout.contains("messages: 5 written, 0 sent, 0 not sent, 5 failed"), "\(bad.stdout)")
    }

    @Test(.tags(.smtp)) func aConnectionDroppedMidDataIsRetried() throws {
        let setup = try Setup(via: "none")
        defer { setup.demo.folder.remove() }
        let server = try SMTPServer(folder: setup.demo.folder, dropData: 1)
        defer { server.stop() }
        try setup.sendThrough(server)
        let result = try setup.run(server)
        #expect(result.status == 0, "\(result.stderr)\(result.stdout)")
        #expect(server.received.count == 5)
        #expect(result.stdout.contains("messages: 5 written, 5 sent, 0 not sent, 0 failed"), "\(result.stdout)")
    }

    @Test(.tags(.postgres, .smtp), arguments: [true, false])
    func aServerThatNeverAnswersIsTakenAsDownAfterThreeRecipients(silent: Bool) throws {
        let setup = try Setup(via: "none")
        defer { setup.demo.folder.remove() }
        // A server that accepts and says nothing, or a port where nothing listens (refused).
        let server = try SMTPServer(folder: setup.demo.folder, silent: true)
        defer { server.stop() }
        let port = silent ? server.port : ServerProcess.freePort()
        try setup.write(via: "smtp://127.0.0.1:\(port)\n    timeout: 1")
        let started = Date()
        // One worker, so that the recipients are tried one after another.
        let result = try setup.run(server, ["--workers", "1"])
        let seconds = Date().timeIntervalSince(started)
        #expect(result.status == 4, "\(result.stderr)\(result.stdout)")
        // Three recipients tried once each (no retry), the other two never tried.
        #expect(
            result.stdout.contains("messages: 5 written, 0 sent, 2 not sent (2 server unreachable), 3 failed"),
            "\(result.stdout)"
        )
        #expect(
            result.stderr.components(separatedBy: "the mail server did not answer 3 recipients in a row").count == 2,
            "\(result.stderr)"
        )
        #expect(seconds < 30, "took \(seconds) s")
        let records = try Self.records(setup.demo.folder.file("o"))
        #expect(records.filter { $0.hasPrefix("[\"not sent: server unreachable\"") }.count == 2, "\(records)")
    }

    @Test(arguments: [
        "smtp://reports:Secret-PW-81@mail.example.com:587", "smtp://reports:Secret/PW-81@mail.example.com:587",
        "smtp://reports:Secret?PW-81@mail.example.com:587", "smtp//reports:Secret-PW-81@mail.example.com:587",
    ])
    func aPasswordInViaIsNeverShown(via: String) throws {
        let setup = try Setup(via: via)
        defer { setup.demo.folder.remove() }
        let result = try ReportBatchProcess.run(
            ["run", "job.yaml", "--db", "demo.db", "--out", "o", "--now", SendingTests.now],
            in: setup.demo.folder.path,
            environment: ["TEST_SMTP_USER": "x", "TEST_SMTP_PASSWORD": "y"]
        )
        #expect(result.status == 64)
        #expect(
            result.stderr.contains("'via' takes no user or password")
                && result.stderr.contains("mail.example.com:587')"),
            "\(result.stderr)"
        )
        for part in ["Secret", "PW-81"] {
            #expect(!result.stderr.contains(part) && !result.stdout.contains(part), "\(result.stderr)")
        }
    }

    @Test func aMissingTemporaryFolderIsWarnedOfOnceAndTheRunGoesOn() throws {
        let setup = try Setup(via: "none")
        defer { setup.demo.folder.remove() }
        let result = try ReportBatchProcess.run(
            ["run", "job.yaml", "--db", "demo.db", "--out", "o", "--now", SendingTests.now],
            in: setup.demo.folder.path,
            environment: ["TEST_SMTP_USER": "x", "TEST_SMTP_PASSWORD": "y", "TMPDIR": "/nonexistent/tmp"]
        )
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stderr.components(
                separatedBy:
                    "report-batch: warning: TMPDIR='/nonexistent/tmp' is not a folder report-batch can write in; using /tmp instead"
            ).count == 2,
            "\(result.stderr)"
        )
    }
}
