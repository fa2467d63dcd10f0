import CurlClient
import Foundation

/// One message sent over SMTP: one connection, one envelope (`MAIL FROM`, one `RCPT TO`),
/// the message as DATA, through `SMTPUpload` (CurlClient), which checks every libcurl status;
/// an option libcurl refuses fails the message with libcurl's own words.
struct SMTPSession {
    let url: String
    let starttlsRequired: Bool
    let username: String?
    let password: String?
    /// Seconds for the connection and for any one answer of the server.
    let timeout: Int

    func send(_ message: Data, from: MIMEMessage.Address, to: MIMEMessage.Address) -> MailSender.Outcome {
        // The addresses are `MIMEMessage.Address`es: one mailbox each, nothing that could end a command.
        var upload = SMTPUpload(
            url: url,
            requireTLS: starttlsRequired,
            mailFrom: from.email,
            recipients: [to.email],
            timeout: timeout
        )
        upload.username = username
        upload.password = password
        // A private CA (a relay with its own certificate), as the curl tool reads it.
        if let bundle = ProcessInfo.processInfo.environment["CURL_CA_BUNDLE"], !bundle.isEmpty {
            upload.caBundle = bundle
        }
        switch upload.send(message) {
        case .accepted(let reply):
            return .init(kind: .accepted, reply: "\(reply)")
        case .failed(let failure, let reply, let text):
            return .init(kind: Self.kind(of: failure, response: reply), reply: (reply > 0 ? "\(reply): " : "") + text)
        }
    }

    /// What a failure is: a 5xx reply is permanent whatever libcurl's code (it reports a
    /// recipient refused at RCPT as CURLE_SEND_ERROR, as it does a dropped connection); no
    /// answer or a refused connection (the server may be down), a dropped connection or a 4xx
    /// reply (try again), else permanent.
    static func kind(of failure: SMTPUpload.Failure, response: Int) -> MailSender.Outcome.Kind {
        if (500..<600).contains(response) { return .permanent }
        return switch failure {
        case .unreachable: .unreachable
        case .dropped: .transient
        case .setup: .permanent
        case .other: (400..<500).contains(response) ? .transient : .permanent
        }
    }
}
