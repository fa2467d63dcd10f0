import Foundation
import TestSupport
import Testing

/// `run JOB --family ID --send-test ADDRESS` (docs/delivery.md, "A test send") through the
/// test SMTP server: one message, to ADDRESS alone, "[Test] " first in its subject, nothing
/// written to the output root, personal items only for a member's own address.
@Suite(.tags(.smtp))
struct TestSendTests {
    static func send(_ demo: ReportCommandTests.Demo, _ server: SMTPServer, _ address: String) throws -> CommandResult {
        try DeliveryTests.job(
            demo,
            via: "smtp://127.0.0.1:\(server.port)",
            ["username_env: TEST_SMTP_USER", "password_env: TEST_SMTP_PASSWORD"]
        ).write(toFile: demo.folder.file("job.yaml"), atomically: true, encoding: .utf8)
        return try ReportBatchProcess.run(
            [
                "run", "job.yaml", "--db", "demo.db", "--out", "o", "--now", OperatorMailTests.now, "--family",
                demo.rivera, "--send-test", address,
            ],
            in: demo.folder.path,
            environment: [
                "TEST_SMTP_USER": server.user, "TEST_SMTP_PASSWORD": server.password,
                "CURL_CA_BUNDLE": server.certificate,
            ]
        )
    }

    /// The subject and text part of a received message.
    static func read(_ path: String) throws -> (subject: String, text: String) {
        let script = """
            import email, sys
            from email import policy
            m = email.message_from_bytes(open(sys.argv[1], 'rb').read(), policy=policy.default)
            print(m['Subject'])
            print(m.get_body(preferencelist=('plain',)).get_content())
            """
        let out = try ReportBatchProcess.tool("python3", ["-c", script, path]).stdout
        let lines = out.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        return (lines.first ?? "", lines.count > 1 ? lines[1] : "")
    }

    @Test func aMemberAndAnOutsiderEachGetOneTestAndNothingIsWritten() throws {
        let demo = try ReportCommandTests.Demo()
        defer { demo.folder.remove() }
        let server = try SMTPServer(folder: demo.folder)
        defer { server.stop() }
        let member = try ReportBatchProcess.tool(
            "sqlite3",
            [
                demo.folder.file("demo.db"),
                "SELECT u.email, u.full_name FROM users u JOIN family_members m ON m.user_id = u.id WHERE m.family_unit_id = '\(demo.rivera)' AND m.role = 'player'",
            ]
        ).stdout.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: "|").map(String.init)
        try #require(member.count == 2, "\(member)")
        let mine = try Self.send(demo, server, member[0])
        #expect(mine.status == 0, "\(mine.stderr)")
        #expect(mine.stdout.contains("sent to \(member[0]), as \(member[1]) gets it"), "\(mine.stdout)")
        let outsider = try Self.send(demo, server, "coach.friend@example.org")
        #expect(outsider.status == 0, "\(outsider.stderr)")
        #expect(outsider.stdout.contains("without personal items"), "\(outsider.stdout)")
        #expect(!FileManager.default.fileExists(atPath: demo.folder.file("o")), "the output root was written")
        let received = server.received
        try #require(received.count == 2, "\(received.map(\.name))")
        #expect(server.rcpts.count == 2)
        let first = try Self.read(server.inbox + "/" + received[0].name)
        let second = try Self.read(server.inbox + "/" + received[1].name)
        #expect(first.subject.hasPrefix("[Test] Rivera Family: "), "\(first.subject)")
        #expect(second.subject == first.subject)
        #expect(!String(decoding: received[1].data, as: UTF8.self).contains("List-Unsubscribe"))
        // The player's own reminders and deadlines (docs/season.md §4) are the member's alone.
        #expect(first.text.contains("YOUR REMINDERS\n- Your deadline: "), "\(first.text)")
        #expect(!second.text.contains("YOUR REMINDERS") && !second.text.contains("Your deadline"), "\(second.text)")
    }

    @Test(arguments: [
        (["--family", "x"], "--family is for a test send"),
        (["--send-test", "a@example.com"], "--send-test needs --family"),
        (["--family", "x", "--send-test", "a@example.com, b@example.com"], "--send-test must be one e-mail address"),
        (["--family", "x", "--send-test", "a@example.com", "--dry-run"], "takes no --shards"),
    ])
    func aTestSendIsRefusedWithoutItsParts(_ arguments: [String], _ message: String) throws {
        let demo = try ReportCommandTests.Demo()
        defer { demo.folder.remove() }
        try DeliveryTests.job(demo, via: "none", []).write(
            toFile: demo.folder.file("job.yaml"),
            atomically: true,
            encoding: .utf8
        )
        let result = try ReportBatchProcess.run(
            ["run", "job.yaml", "--db", "demo.db"] + arguments,
            in: demo.folder.path
        )
        #expect(result.status == 64)
        #expect(result.stderr.contains(message), "\(result.stderr)")
    }
}
