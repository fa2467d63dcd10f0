import Delivery
import Foundation
import TestSupport
import Testing

/// A recipient the server refuses at RCPT (docs/delivery.md, "Sending"): a 5xx reply is
/// permanent, tried once, whatever libcurl's code for it (CURLE_SEND_ERROR, the code of a
/// dropped connection too); a 4xx reply is still tried again. A real server on 127.0.0.1.
@Suite(.tags(.smtp), .serialized)
struct SMTPRefusalTests {
    static let from = MIMEMessage.Address(email: "reports@example.com")
    static let message = Data("From: reports@example.com\r\nTo: x@example.com\r\nSubject: recap\r\n\r\nHello.\r\n".utf8)

    static func sender(_ server: SMTPServer) -> MailSender {
        MailSender(
            transport: .smtp(
                url: "smtp://127.0.0.1:\(server.port)",
                starttlsRequired: false,
                username: nil,
                password: nil
            ),
            timeout: 10,
            retryDelays: [0.1, 0.1]
        )
    }

    @Test func a550AtRCPTIsTriedOnceAndIsPermanent() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let server = try SMTPServer(folder: folder, starttls: false, reject: ["refused@example.com"])
        defer { server.stop() }
        let from = try #require(Self.from)
        let to = try #require(MIMEMessage.Address(email: "refused@example.com"))
        let outcome = Self.sender(server).send(Self.message, from: from, to: to)
        #expect(outcome.kind == .permanent, "\(outcome)")
        #expect(outcome.reply.hasPrefix("550"), "\(outcome.reply)")
        #expect(server.rcpts == ["'refused@example.com'"], "one try: \(server.rcpts)")
        #expect(server.received.isEmpty)
    }

    @Test func a451AtRCPTIsStillTriedAgain() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let server = try SMTPServer(folder: folder, starttls: false, tempfail: ["later@example.com": 2])
        defer { server.stop() }
        let from = try #require(Self.from)
        let to = try #require(MIMEMessage.Address(email: "later@example.com"))
        let outcome = Self.sender(server).send(Self.message, from: from, to: to)
        #expect(outcome.kind == .accepted, "\(outcome)")
        #expect(server.rcpts.count == 3, "\(server.rcpts)")
        #expect(server.received.count == 1)
    }
}
