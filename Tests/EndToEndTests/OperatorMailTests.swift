import Foundation
import TestSupport
import Testing

/// The operator's e-mail (`deliver.email.operator`; docs/delivery.md, "The operator's e-mail")
/// through the test SMTP server: the run's summary, failed families first, when a family failed
/// or the run stopped, or after every run with `operator_on: always`.
@Suite(.tags(.smtp))
struct OperatorMailTests {
    static let now = "2026-11-23T12:00:00Z"

    static func run(
        _ demo: ReportCommandTests.Demo,
        _ server: SMTPServer,
        _ extra: [String],
        db: String = "demo.db"
    )
        throws -> CommandResult
    {
        try DeliveryTests.job(
            demo,
            via: "smtp://127.0.0.1:\(server.port)",
            ["username_env: TEST_SMTP_USER", "password_env: TEST_SMTP_PASSWORD"] + extra
        ).write(toFile: demo.folder.file("job.yaml"), atomically: true, encoding: .utf8)
        return try ReportBatchProcess.run(
            ["run", "job.yaml", "--db", db, "--out", "o", "--now", Self.now],
            in: demo.folder.path,
            environment: [
                "TEST_SMTP_USER": server.user, "TEST_SMTP_PASSWORD": server.password,
                "CURL_CA_BUNDLE": server.certificate,
            ]
        )
    }

    /// The messages the operator got, as their decoded text parts.
    static func operatorMail(_ server: SMTPServer) throws -> [String] {
        try server.received.filter { $0.name.contains("-ops_at_example.com") }.map { message in
            let script = """
                import email, sys
                from email import policy
                m = email.message_from_bytes(open(sys.argv[1], 'rb').read(), policy=policy.default)
                print(m['Subject'])
                print(m.get_body(preferencelist=('plain',)).get_content())
                assert m.get_body(preferencelist=('html',)) is not None
                """
            let path = server.inbox + "/" + message.name
            return try ReportBatchProcess.tool("python3", ["-c", script, path]).stdout
        }
    }

    @Test func aFailedFamilyMailsTheOperatorTheSummaryFailuresFirst() throws {
        let demo = try OperatorTests.demoWithABadRow()
        defer { demo.folder.remove() }
        let server = try SMTPServer(folder: demo.folder)
        defer { server.stop() }
        let result = try Self.run(demo, server, ["operator: ops@example.com"])
        #expect(result.status == 4, "\(result.stderr)")
        let mail = try Self.operatorMail(server)
        try #require(mail.count == 1, "\(server.received.map(\.name))")
        let text = mail[0]
        #expect(
            text.hasPrefix("report-batch weekly-report: 2 families: 1 ok, 0 skipped (no data), 1 failed (exit 4)\n"),
            "\(text)"
        )
        let summary = try String(contentsOfFile: demo.folder.file("o/summary.txt"), encoding: .utf8)
        #expect(text.contains(summary.trimmingCharacters(in: .newlines)), "the summary, as written")
        let failed = try #require(text.range(of: "Rivera Family"))
        let ok = try #require(text.range(of: "Tanaka"))
        #expect(failed.lowerBound < ok.lowerBound, "failed families first")
    }

    @Test func aRunThatWentWellMailsTheOperatorOnlyWithAlways() throws {
        let demo = try ReportCommandTests.Demo()
        defer { demo.folder.remove() }
        let server = try SMTPServer(folder: demo.folder)
        defer { server.stop() }
        #expect(try Self.run(demo, server, ["operator: ops@example.com"]).status == 0)
        #expect(try Self.operatorMail(server).isEmpty)
        #expect(try Self.run(demo, server, ["operator: ops@example.com", "operator_on: always"]).status == 0)
        let mail = try Self.operatorMail(server)
        #expect(mail.count == 1 && mail[0].hasPrefix("report-batch weekly-report: 2 families: 2 ok"), "\(mail)")
        // A run that stops before its families: the exit line and the reason.
        #expect(try Self.run(demo, server, ["operator: ops@example.com"], db: "missing.db").status == 66)
        let stopped = try Self.operatorMail(server)
        #expect(stopped.count == 2)
        #expect(stopped.last?.contains("exit code: 66 (input missing or unreadable)") == true, "\(stopped)")
    }

    @Test(arguments: ["ops@example.com, boss@example.com", "<ops@example.com>", "ops@bücher.example"])
    func anOperatorThatIsNotOneAddressIsRefused(_ address: String) throws {
        let demo = try ReportCommandTests.Demo()
        defer { demo.folder.remove() }
        try DeliveryTests.job(demo, via: "none", ["operator: \"\(address)\""]).write(
            toFile: demo.folder.file("job.yaml"),
            atomically: true,
            encoding: .utf8
        )
        let result = try ReportBatchProcess.run(["run", "job.yaml", "--db", "demo.db"], in: demo.folder.path)
        #expect(result.status == 64)
        #expect(result.stderr.contains("'operator' must be one e-mail address"), "\(result.stderr)")
    }
}
