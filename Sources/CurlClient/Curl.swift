import CLibCurl

/// libcurl's process-wide set-up.
package enum Curl {
    /// `curl_global_init`, done once, the first time this is read. It is not thread-safe:
    /// read it on the main thread before any worker sends (`MailSender.init` does).
    package static let ready: Bool = curl_global_init(Int(CURL_GLOBAL_DEFAULT)) == CURLE_OK

    /// libcurl's words for a code.
    static func describe(_ code: CURLcode) -> String { String(cString: curl_easy_strerror(code)) }
}
