import CLibCurl
import Foundation

/// One message uploaded over SMTP by libcurl's easy interface: one connection, one envelope
/// (`MAIL FROM`, the `RCPT TO`s), the message as DATA. SMTPS, STARTTLS and AUTH are
/// libcurl's. Every call into libcurl is checked here: an option it refuses (a libcurl built
/// without TLS refusing `CURLOPT_USE_SSL`, say) ends the upload with libcurl's own words
/// before anything is sent, rather than sending it some other way.
package struct SMTPUpload: Sendable {
    /// `smtp://HOST:PORT` or `smtps://HOST:PORT`.
    package var url: String
    /// STARTTLS or nothing: libcurl fails rather than go on in clear text.
    package var requireTLS: Bool
    package var username: String?
    package var password: String?
    /// A file of CA certificates (a relay with its own certificate), or nil for the system's.
    package var caBundle: String?
    /// The envelope's sender and recipients, already one validated mailbox each: they are
    /// written as `<address>` and nothing here checks them again.
    package var mailFrom: String
    package var recipients: [String]
    /// Seconds to connect (the greeting included) and for any one answer (less than a byte a
    /// second for that long); the whole upload has ten times as long.
    package var timeout: Int

    package init(url: String, requireTLS: Bool, mailFrom: String, recipients: [String], timeout: Int) {
        self.url = url
        self.requireTLS = requireTLS
        self.mailFrom = mailFrom
        self.recipients = recipients
        self.timeout = timeout
    }

    /// How an upload ended.
    package enum Outcome: Sendable, Equatable {
        /// The server took the message; its last reply code.
        case accepted(reply: Int)
        /// It did not: why, the server's last reply code (0 when there was none) and
        /// libcurl's words for it.
        case failed(Failure, reply: Int, message: String)
    }

    /// What stopped an upload, as a sender decides whether to try again.
    package enum Failure: Sendable, Equatable {
        /// No answer in time, the connection refused, or the host unknown: the server may be down.
        case unreachable
        /// The connection dropped at some point (also after the server's 354, in the middle of DATA).
        case dropped
        /// libcurl refused an option or could not start: nothing was sent.
        case setup
        /// The server refused (its reply code says whether for now), or anything else.
        case other
    }

    /// Sends `message` and reports how it went; it never throws.
    package func send(_ message: Data) -> Outcome {
        guard Curl.ready else { return .failed(.setup, reply: 0, message: "libcurl could not start") }
        guard let handle = CurlHandle() else { return .failed(.setup, reply: 0, message: "libcurl could not start") }
        var recipientList: UnsafeMutablePointer<curl_slist>?
        for recipient in recipients {
            guard let appended = curl_slist_append(recipientList, "<\(recipient)>") else {
                curl_slist_free_all(recipientList)
                return .failed(.setup, reply: 0, message: "libcurl could not make the recipient list")
            }
            recipientList = appended
        }
        defer { curl_slist_free_all(recipientList) }
        let upload = UploadBytes(message)
        do {
            try withExtendedLifetime(upload) {
                try configure(handle, recipients: recipientList, upload: upload)
            }
        } catch {
            let refused = error as? CurlHandle.Refused
            return .failed(
                .setup,
                reply: 0,
                message: refused.map { "libcurl refused \($0.option): \(Curl.describe($0.code))" } ?? "\(error)"
            )
        }
        let code = withExtendedLifetime(upload) { handle.perform() }
        let reply = handle.responseCode()
        if code == CURLE_OK { return .accepted(reply: reply) }
        return .failed(Self.failure(of: code, reply: reply), reply: reply, message: handle.errorText(or: code))
    }

    /// libcurl reports a command the server refused (a recipient's 550 at RCPT) as
    /// CURLE_SEND_ERROR, the code of a dropped connection too: a last reply of 4xx or 5xx
    /// says that the server answered, and refused.
    static func failure(of code: CURLcode, reply: Int) -> Failure {
        switch code {
        case CURLE_OPERATION_TIMEDOUT, CURLE_COULDNT_CONNECT, CURLE_COULDNT_RESOLVE_HOST: .unreachable
        case CURLE_SEND_ERROR, CURLE_RECV_ERROR, CURLE_GOT_NOTHING: (400..<600).contains(reply) ? .other : .dropped
        default: .other
        }
    }

    private func configure(
        _ handle: CurlHandle,
        recipients: UnsafeMutablePointer<curl_slist>?,
        upload: UploadBytes
    ) throws {
        try handle.set(CURLOPT_URL, "CURLOPT_URL", url)
        try handle.set(CURLOPT_NOSIGNAL, "CURLOPT_NOSIGNAL", 1)
        try handle.set(CURLOPT_CONNECTTIMEOUT, "CURLOPT_CONNECTTIMEOUT", timeout)
        try handle.set(CURLOPT_LOW_SPEED_LIMIT, "CURLOPT_LOW_SPEED_LIMIT", 1)
        try handle.set(CURLOPT_LOW_SPEED_TIME, "CURLOPT_LOW_SPEED_TIME", timeout)
        try handle.set(CURLOPT_TIMEOUT, "CURLOPT_TIMEOUT", timeout * 10)
        try handle.set(
            CURLOPT_USE_SSL,
            "CURLOPT_USE_SSL",
            Int(requireTLS ? CURLUSESSL_ALL.rawValue : CURLUSESSL_NONE.rawValue)
        )
        if let caBundle { try handle.set(CURLOPT_CAINFO, "CURLOPT_CAINFO", caBundle) }
        if let username { try handle.set(CURLOPT_USERNAME, "CURLOPT_USERNAME", username) }
        if let password { try handle.set(CURLOPT_PASSWORD, "CURLOPT_PASSWORD", password) }
        try handle.set(CURLOPT_MAIL_FROM, "CURLOPT_MAIL_FROM", "<\(mailFrom)>")
        try handle.set(CURLOPT_MAIL_RCPT, "CURLOPT_MAIL_RCPT", list: recipients)
        try handle.set(CURLOPT_UPLOAD, "CURLOPT_UPLOAD", 1)
        try handle.set(CURLOPT_READDATA, "CURLOPT_READDATA", pointer: Unmanaged.passUnretained(upload).toOpaque())
        try handle.setReadFunction { pointer, size, count, context in
            guard let pointer, let context else { return 0 }
            return Unmanaged<UploadBytes>.fromOpaque(context).takeUnretainedValue().read(
                into: pointer,
                upTo: size * count
            )
        }
    }
}

/// The bytes libcurl reads, and how far it has read.
private final class UploadBytes {
    let bytes: [UInt8]
    var offset = 0

    init(_ data: Data) { bytes = [UInt8](data) }

    func read(into pointer: UnsafeMutablePointer<CChar>, upTo capacity: Int) -> Int {
        let length = min(capacity, bytes.count - offset)
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            UnsafeMutableRawPointer(pointer).copyMemory(from: base + offset, byteCount: length)
        }
        offset += length
        return length
    }
}
