import CLibCurl
import Foundation

/// One message sent over SMTP by libcurl: one connection, one envelope (`MAIL FROM`, one
/// `RCPT TO`), the message as DATA. Every option libcurl is given is checked; an option it
/// refuses (a libcurl built without TLS refusing `CURLOPT_USE_SSL`, say) fails the message
/// with libcurl's own words rather than sending it some other way.
struct SMTPSession {
    let url: String
    let starttlsRequired: Bool
    let username: String?
    let password: String?
    /// Seconds for the connection and for any one answer of the server.
    let timeout: Int

    /// An option libcurl refused.
    private struct Refused: Error {
        let option: String
        let code: CURLcode
    }

    /// The bytes libcurl reads, and how far it has read.
    private final class Upload {
        let bytes: [UInt8]
        var offset = 0
        init(_ data: Data) { bytes = [UInt8](data) }
    }

    func send(_ message: Data, from: MIMEMessage.Address, to: MIMEMessage.Address) -> MailSender.Outcome {
        guard MailSender.curlReady, let handle = curl_easy_init() else { return .init(kind: .permanent, reply: "libcurl could not start") }
        defer { curl_easy_cleanup(handle) }
        var errors = [CChar](repeating: 0, count: Int(CURL_ERROR_SIZE) + 1)
        let upload = Upload(message)
        // The addresses are `MIMEMessage.Address`es: one mailbox each, nothing that could end a command.
        let recipients: UnsafeMutablePointer<curl_slist>? = curl_slist_append(nil, "<\(to.email)>")
        defer { curl_slist_free_all(recipients) }
        guard recipients != nil else { return .init(kind: .permanent, reply: "libcurl could not make the recipient list") }
        let code: CURLcode
        do {
            code = try errors.withUnsafeMutableBufferPointer { buffer in
                try withExtendedLifetime(upload) {
                    try configure(handle, errors: buffer.baseAddress, from: from, recipients: recipients, upload: upload)
                    return curl_easy_perform(handle)
                }
            }
        } catch let refused as Refused {
            return .init(kind: .permanent, reply: "libcurl refused \(refused.option): \(String(cString: curl_easy_strerror(refused.code)))")
        } catch {
            return .init(kind: .permanent, reply: "\(error)")
        }
        var response = 0
        if rb_curl_response_code(handle, &response) != CURLE_OK { response = 0 }
        if code == CURLE_OK { return .init(kind: .accepted, reply: "\(response)") }
        let buffered = String(decoding: errors.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let detail = buffered.isEmpty ? String(cString: curl_easy_strerror(code)) : buffered
        return .init(kind: Self.kind(of: code, response: response), reply: (response > 0 ? "\(response): " : "") + detail)
    }

    /// What a failure is: no answer or a refused connection (the server may be down), a
    /// dropped connection or a 4xx reply (try again), else permanent.
    static func kind(of code: CURLcode, response: Int) -> MailSender.Outcome.Kind {
        switch code {
        case CURLE_OPERATION_TIMEDOUT, CURLE_COULDNT_CONNECT, CURLE_COULDNT_RESOLVE_HOST:
            return .unreachable
        // A connection dropped at any point, also after the server's 354 in the middle of DATA.
        case CURLE_SEND_ERROR, CURLE_RECV_ERROR, CURLE_GOT_NOTHING:
            return .transient
        default:
            return (400..<500).contains(response) ? .transient : .permanent
        }
    }

    private func configure(_ handle: UnsafeMutableRawPointer, errors: UnsafeMutablePointer<CChar>?, from: MIMEMessage.Address,
                           recipients: UnsafeMutablePointer<curl_slist>?, upload: Upload) throws {
        func check(_ code: CURLcode, _ option: String) throws { if code != CURLE_OK { throw Refused(option: option, code: code) } }
        try check(rb_curl_set_string(handle, CURLOPT_URL, url), "CURLOPT_URL")
        try check(rb_curl_set_long(handle, CURLOPT_NOSIGNAL, 1), "CURLOPT_NOSIGNAL")
        try check(rb_curl_set_pointer(handle, CURLOPT_ERRORBUFFER, errors), "CURLOPT_ERRORBUFFER")
        // No answer within the timeout: to connect (the greeting included), or to any command
        // (less than a byte a second for that long). The whole message has ten times as long.
        try check(rb_curl_set_long(handle, CURLOPT_CONNECTTIMEOUT, timeout), "CURLOPT_CONNECTTIMEOUT")
        try check(rb_curl_set_long(handle, CURLOPT_LOW_SPEED_LIMIT, 1), "CURLOPT_LOW_SPEED_LIMIT")
        try check(rb_curl_set_long(handle, CURLOPT_LOW_SPEED_TIME, timeout), "CURLOPT_LOW_SPEED_TIME")
        try check(rb_curl_set_long(handle, CURLOPT_TIMEOUT, timeout * 10), "CURLOPT_TIMEOUT")
        // STARTTLS or nothing: libcurl fails rather than go on in clear text.
        try check(rb_curl_set_long(handle, CURLOPT_USE_SSL, Int(starttlsRequired ? CURLUSESSL_ALL.rawValue : CURLUSESSL_NONE.rawValue)), "CURLOPT_USE_SSL")
        // A private CA (a relay with its own certificate), as the curl tool reads it.
        if let bundle = ProcessInfo.processInfo.environment["CURL_CA_BUNDLE"], !bundle.isEmpty {
            try check(rb_curl_set_string(handle, CURLOPT_CAINFO, bundle), "CURLOPT_CAINFO")
        }
        if let username { try check(rb_curl_set_string(handle, CURLOPT_USERNAME, username), "CURLOPT_USERNAME") }
        if let password { try check(rb_curl_set_string(handle, CURLOPT_PASSWORD, password), "CURLOPT_PASSWORD") }
        try check(rb_curl_set_string(handle, CURLOPT_MAIL_FROM, "<\(from.email)>"), "CURLOPT_MAIL_FROM")
        try check(rb_curl_set_list(handle, CURLOPT_MAIL_RCPT, recipients), "CURLOPT_MAIL_RCPT")
        try check(rb_curl_set_long(handle, CURLOPT_UPLOAD, 1), "CURLOPT_UPLOAD")
        try check(rb_curl_set_pointer(handle, CURLOPT_READDATA, Unmanaged.passUnretained(upload).toOpaque()), "CURLOPT_READDATA")
        try check(rb_curl_set_read_function(handle) { pointer, size, count, context in
            guard let pointer, let context else { return 0 }
            let upload = Unmanaged<Upload>.fromOpaque(context).takeUnretainedValue()
            let length = min(size * count, upload.bytes.count - upload.offset)
            upload.bytes.withUnsafeBufferPointer { bytes in
                guard let base = bytes.baseAddress else { return }
                UnsafeMutableRawPointer(pointer).copyMemory(from: base + upload.offset, byteCount: length)
            }
            upload.offset += length
            return length
        }, "CURLOPT_READFUNCTION")
    }
}
