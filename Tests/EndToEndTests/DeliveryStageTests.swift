import Foundation
import TestSupport
import Testing

/// A family that fails after some of its messages were sent (docs/delivery.md, "Sending":
/// once per family and range) keeps the record of each message sent and its `.eml`, so that a
/// rerun never sends one twice. The failure is a disk that fills up while the first message
/// is sent (a small tmpfs, which only root can mount); the messages go through msmtp to a
/// real SMTP server on 127.0.0.1, stopped by pid.
@Suite(
    .tags(.smtp),
    .serialized,
    .enabled(if: Tmpfs.canMount, "mounting a small tmpfs as a disk that fills up needs root and the right to mount")
)
struct DeliveryStageTests {
    typealias Setup = SendingTests.Setup

    /// A sendmail that relays through msmtp to `server` and, after the first message it
    /// relays, fills the disk at `disk`.
    static func fillingSendmail(_ setup: Setup, server: SMTPServer, disk: String) throws -> String {
        let config = try server.msmtpConfiguration(in: setup.demo.folder.path)
        let marker = setup.demo.folder.file("disk-filled")
        let wrapper = setup.demo.folder.file("sendmail")
        try """
        #!/bin/sh
        msmtp -C '\(config)' "$@" || exit $?
        if [ ! -e '\(marker)' ]; then : > '\(marker)'; cat /dev/zero > '\(disk)/filler' 2>/dev/null; fi
        exit 0

        """.write(toFile: wrapper, atomically: true, encoding: .utf8)
        chmod(wrapper, 0o755)
        return wrapper
    }

    @Test func aFamilyThatFailsAfterSendingKeepsItsSentRecordsAndARerunSendsNoneTwice() throws {
        let setup = try Setup(via: "sendmail")
        defer { setup.demo.folder.remove() }
        // The Rivera family alone: its player first, then its two parents.
        let job = try String(contentsOfFile: setup.demo.folder.file("job.yaml"), encoding: .utf8)
            .replacingOccurrences(of: ", \(setup.demo.tanaka)]", with: "]")
        try job.write(toFile: setup.demo.folder.file("job.yaml"), atomically: true, encoding: .utf8)
        let server = try SMTPServer(folder: setup.demo.folder)
        defer { server.stop() }
        let disk = setup.demo.folder.file("disk")
        try FileManager.default.createDirectory(atPath: disk, withIntermediateDirectories: true)
        let mount = try ReportBatchProcess.tool("mount", ["-t", "tmpfs", "-o", "size=8m", "tmpfs", disk])
        try #require(mount.status == 0, "mounting a tmpfs failed: \(mount.stderr)")
        defer { _ = try? ReportBatchProcess.tool("umount", [disk]) }
        let sendmail = try Self.fillingSendmail(setup, server: server, disk: disk)
        func run() throws -> CommandResult {
            try ReportBatchProcess.run(
                ["run", "job.yaml", "--db", "demo.db", "--out", "disk/o", "--now", SendingTests.now, "--workers", "1"],
                in: setup.demo.folder.path,
                environment: ["TEST_SMTP_USER": "x", "TEST_SMTP_PASSWORD": "y", "REPORT_BATCH_SENDMAIL": sendmail]
            )
        }
        let members = try DeliveryFaultTests.riveraMembers(setup)
        try #require(members.count == 3)

        // The first message is sent, then the manifest cannot be saved: the family fails.
        let failed = try run()
        #expect(failed.status == 1, "\(failed.stderr)\(failed.stdout)")
        #expect(failed.stdout.contains("1 family: 0 ok, 0 skipped (no data), 1 failed"), "\(failed.stdout)")
        #expect(server.received.count == 1)
        let records = try DeliveryFaultTests.records(disk + "/o")
        #expect(records.count == 3 && records.first?.hasPrefix("[\"sent\", \"\(members[0])\", ") == true, "\(records)")
        #expect(records.dropFirst().allSatisfy { $0.hasPrefix("[\"not sent: family failed\"") }, "\(records)")
        // The sent message's .eml stays, listed in the manifest; nothing else of the family does.
        let kept = (FileManager.default.subpaths(atPath: disk + "/o") ?? []).filter {
            !$0.hasPrefix(".") && $0.contains(".")
        }.sorted()
        #expect(kept.filter { $0.hasSuffix(".eml") }.count == 1 && !kept.contains { $0.hasSuffix(".pdf") }, "\(kept)")
        let listed = try ReportBatchProcess.tool(
            "python3",
            [
                "-c",
                """
                import json, glob, sys
                for p in glob.glob(sys.argv[1] + '/**/manifest.json', recursive=True):
                    for f in json.load(open(p))['files']: print(f['name'])
                """, disk + "/o",
            ]
        ).stdout.split(separator: "\n").map(String.init)
        #expect(listed.count == 1 && kept.contains { $0.hasSuffix("/" + (listed.first ?? "-")) }, "\(listed) \(kept)")

        // With room again, a rerun sends the two messages not sent, and not the first again.
        try FileManager.default.removeItem(atPath: disk + "/filler")
        let again = try run()
        #expect(again.status == 0, "\(again.stderr)\(again.stdout)")
        let recipients = server.received.map { $0.name.dropFirst(5) }
        #expect(recipients.count == 3 && Set(recipients).count == 3, "\(recipients)")
        #expect(try DeliveryFaultTests.records(disk + "/o").allSatisfy { $0.hasPrefix("[\"sent\"") })
    }
}
