import Foundation
import TestSupport
import Testing

/// A recipient the server refuses with 550 at RCPT, through a whole run (docs/delivery.md,
/// "Sending" and "What the run records"): tried once, recorded `failed: <reply>`, the family
/// failed and the run exits 4. A real SMTP server on 127.0.0.1.
@Suite(.serialized)
struct SMTPRefusalRecordTests {
    @Test(.tags(.smtp)) func aRecipientRefusedWith550IsTriedOnceAndRecordedAsFailed() throws {
        let setup = try SendingTests.Setup(via: "none")
        defer { setup.demo.folder.remove() }
        let refused = try ReportBatchProcess.tool(
            "sqlite3",
            [
                setup.demo.folder.file("demo.db"),
                "SELECT u.email FROM users u JOIN family_members m ON m.user_id = u.id WHERE m.family_unit_id = '\(setup.demo.tanaka)' AND m.role = 'player'",
            ]
        ).stdout
            .trimmingCharacters(in: .whitespacesAndNewlines)
        try #require(refused.contains("@"))
        let server = try SMTPServer(folder: setup.demo.folder, reject: [refused])
        defer { server.stop() }
        try setup.sendThrough(server)
        let result = try setup.run(server)
        #expect(result.status == 4, "\(result.stderr)\(result.stdout)")
        #expect(server.rcpts.filter { $0 == "'\(refused)'" }.count == 1, "one try: \(server.rcpts)")
        #expect(result.stdout.contains("messages: 5 written, 4 sent, 0 not sent, 1 failed"), "\(result.stdout)")
        let records = try ReportBatchProcess.tool(
            "python3",
            [
                "-c",
                """
                import json, glob, sys
                for p in sorted(glob.glob(sys.argv[1] + '/**/manifest.json', recursive=True)):
                    for r in json.load(open(p))['delivery']:
                        if r['recipient'] == sys.argv[2]: print(json.dumps([r['status'], r['reply']]))
                """, setup.demo.folder.file("o"), refused,
            ]
        ).stdout.split(separator: "\n").map(String.init)
        try #require(records.count == 1, "\(records)")
        let record = try JSONDecoder().decode([String].self, from: Data(records[0].utf8))
        #expect(record[1].hasPrefix("550"), "\(record)")
        #expect(record[0] == "failed: " + record[1], "\(record)")
    }
}
