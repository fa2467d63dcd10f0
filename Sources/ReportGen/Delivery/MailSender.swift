import CLibCurl
import Foundation

/// Sends a written message (docs/delivery.md, "Sending"): over SMTP through libcurl (SMTPS,
/// STARTTLS and AUTH are libcurl's; nothing here speaks SMTP or TLS itself), or through the
/// system's `sendmail -t -oi`. A transient failure (a 4xx reply, a dropped connection) is
/// tried twice more, after 1 s and 5 s; a permanent one (5xx, no STARTTLS where it is
/// required, a refused login) is not.
package struct MailSender: Sendable {
    package enum Transport: Sendable {
        case smtp(url: String, starttlsRequired: Bool, username: String?, password: String?)
        case sendmail
    }

    /// What became of one message.
    package struct Outcome: Sendable, Equatable {
        package let accepted: Bool
        /// The server's reply code and what libcurl says of it ("250", "550: RCPT failed"), never a credential.
        package let reply: String
        package let transient: Bool
    }

    let transport: Transport
    /// The waits before the second and third tries.
    var retryDelays: [Double] = [1, 5]

    package init(transport: Transport) {
        self.transport = transport
    }

    /// libcurl's global set-up, done once, before any thread sends.
    private static let ready: Bool = curl_global_init(Int(CURL_GLOBAL_DEFAULT)) == CURLE_OK

    package func send(_ message: Data, from: String, to: String) -> Outcome {
        var outcome = attempt(message, from: from, to: to)
        for delay in retryDelays where !outcome.accepted && outcome.transient {
            Thread.sleep(forTimeInterval: delay)
            outcome = attempt(message, from: from, to: to)
        }
        return outcome
    }

    private func attempt(_ message: Data, from: String, to: String) -> Outcome {
        switch transport {
        case .smtp(let url, let starttls, let username, let password):
            return MailSender.smtp(message, url: url, starttlsRequired: starttls, username: username, password: password, from: from, to: to)
        case .sendmail:
            return MailSender.sendmail(message)
        }
    }

    /// The bytes libcurl reads, and how far it has read.
    private final class Upload {
        let bytes: [UInt8]
        var offset = 0
        init(_ data: Data) { bytes = [UInt8](data) }
    }

    private static func smtp(_ message: Data, url: String, starttlsRequired: Bool, username: String?, password: String?,
                             from: String, to: String) -> Outcome {
        guard ready, let handle = curl_easy_init() else { return Outcome(accepted: false, reply: "libcurl could not start", transient: false) }
        defer { curl_easy_cleanup(handle) }
        var errors = [CChar](repeating: 0, count: Int(CURL_ERROR_SIZE) + 1)
        let upload = Upload(message)
        let recipients: UnsafeMutablePointer<curl_slist>? = curl_slist_append(nil, "<\(to)>")
        defer { curl_slist_free_all(recipients) }
        let code: CURLcode = errors.withUnsafeMutableBufferPointer { buffer in
            withExtendedLifetime(upload) {
                _ = rb_curl_set_string(handle, CURLOPT_URL, url)
                _ = rb_curl_set_long(handle, CURLOPT_NOSIGNAL, 1)
                _ = rb_curl_set_long(handle, CURLOPT_CONNECTTIMEOUT, 30)
                _ = rb_curl_set_long(handle, CURLOPT_TIMEOUT, 120)
                _ = rb_curl_set_pointer(handle, CURLOPT_ERRORBUFFER, buffer.baseAddress)
                // STARTTLS or nothing: libcurl fails rather than go on in clear text.
                _ = rb_curl_set_long(handle, CURLOPT_USE_SSL, Int(starttlsRequired ? CURLUSESSL_ALL.rawValue : CURLUSESSL_NONE.rawValue))
                // A private CA (a relay with its own certificate), as the curl tool reads it.
                if let bundle = ProcessInfo.processInfo.environment["CURL_CA_BUNDLE"], !bundle.isEmpty {
                    _ = rb_curl_set_string(handle, CURLOPT_CAINFO, bundle)
                }
                if let username { _ = rb_curl_set_string(handle, CURLOPT_USERNAME, username) }
                if let password { _ = rb_curl_set_string(handle, CURLOPT_PASSWORD, password) }
                _ = rb_curl_set_string(handle, CURLOPT_MAIL_FROM, "<\(from)>")
                _ = rb_curl_set_list(handle, CURLOPT_MAIL_RCPT, recipients)
                _ = rb_curl_set_long(handle, CURLOPT_UPLOAD, 1)
                _ = rb_curl_set_pointer(handle, CURLOPT_READDATA, Unmanaged.passUnretained(upload).toOpaque())
                _ = rb_curl_set_read_function(handle) { pointer, size, count, context in
                    guard let pointer, let context else { return 0 }
                    let upload = Unmanaged<Upload>.fromOpaque(context).takeUnretainedValue()
                    let length = min(size * count, upload.bytes.count - upload.offset)
                    upload.bytes.withUnsafeBufferPointer { bytes in
                        UnsafeMutableRawPointer(pointer).copyMemory(from: bytes.baseAddress! + upload.offset, byteCount: length)
                    }
                    upload.offset += length
                    return length
                }
                return curl_easy_perform(handle)
            }
        }
        var response = 0
        _ = rb_curl_response_code(handle, &response)
        if code == CURLE_OK { return Outcome(accepted: true, reply: "\(response)", transient: false) }
        let buffered = String(decoding: errors.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let detail = buffered.isEmpty ? String(cString: curl_easy_strerror(code)) : buffered
        let reply = (response > 0 ? "\(response): " : "") + detail
        let connectionLevel: Set<UInt32> = [CURLE_COULDNT_CONNECT.rawValue, CURLE_OPERATION_TIMEDOUT.rawValue, CURLE_SEND_ERROR.rawValue,
                                            CURLE_RECV_ERROR.rawValue, CURLE_GOT_NOTHING.rawValue, CURLE_COULDNT_RESOLVE_HOST.rawValue]
        let transient = (400..<500).contains(response) || response == 0 && connectionLevel.contains(code.rawValue)
        return Outcome(accepted: false, reply: reply, transient: transient)
    }

    /// `sendmail -t -oi`: the recipients from the message's own headers, a lone dot not the end.
    private static func sendmail(_ message: Data) -> Outcome {
        let candidates = ["/usr/sbin/sendmail", "/usr/lib/sendmail"]
        let path = ProcessInfo.processInfo.environment["REPORT_BATCH_SENDMAIL"] ?? candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
        guard let path else { return Outcome(accepted: false, reply: "no sendmail found (looked for /usr/sbin/sendmail)", transient: false) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = ["-t", "-oi"]
        let input = Pipe(), errors = Pipe()
        process.standardInput = input
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            return Outcome(accepted: false, reply: "cannot run \(path): \(error.localizedDescription)", transient: false)
        }
        input.fileHandleForWriting.write(message)
        try? input.fileHandleForWriting.close()
        let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let status = process.terminationStatus
        // sysexits: 75 (EX_TEMPFAIL) is worth another try.
        return Outcome(accepted: status == 0, reply: status == 0 ? "sendmail: accepted" : "sendmail exited \(status): \(Display.oneLine(said.trimmingCharacters(in: .whitespacesAndNewlines)))",
                       transient: status == 75)
    }
}
