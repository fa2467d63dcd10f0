import CLibCurl
import Foundation

/// One HTTP request by libcurl's easy interface, for a monitor's ping or push: the method,
/// the URL, a text body, and a time limit for the whole exchange. Every option is checked;
/// the answer's body is read and dropped (never kept, never printed); redirects are
/// not followed and only http and https are spoken.
package struct HTTPRequest: Sendable {
    package enum Method: String, Sendable {
        case get = "GET"
        case post = "POST"
        case put = "PUT"
    }

    package var method: Method
    package var url: String
    package var body: Data
    package var contentType: String
    /// Milliseconds for the whole request, connecting included.
    package var timeoutMilliseconds: Int

    package init(_ method: Method, url: String, body: Data = Data(), contentType: String = "text/plain; charset=utf-8")
    {
        self.method = method
        self.url = url
        self.body = body
        self.contentType = contentType
        timeoutMilliseconds = 10_000
    }

    /// How a request ended.
    package enum Outcome: Sendable, Equatable {
        /// The server answered with this status.
        case answered(status: Int)
        /// No answer: no connection, a connection closed or reset, the time limit; libcurl's words.
        case unanswered(String)
        /// libcurl refused an option or could not start: nothing was sent.
        case setup(String)
    }

    /// Sends the request and reports how it went; it never throws.
    package func send() -> Outcome {
        guard Curl.ready, let handle = CurlHandle() else { return .setup("libcurl could not start") }
        var headers: UnsafeMutablePointer<curl_slist>?
        for header in ["Content-Type: \(contentType)", "Expect:"] {
            guard let appended = curl_slist_append(headers, header) else {
                curl_slist_free_all(headers)
                return .setup("libcurl could not make the header list")
            }
            headers = appended
        }
        defer { curl_slist_free_all(headers) }
        do {
            try configure(handle, headers: headers)
        } catch {
            let refused = error as? CurlHandle.Refused
            return .setup(refused.map { "libcurl refused \($0.option): \(Curl.describe($0.code))" } ?? "\(error)")
        }
        let code = handle.perform()
        guard code == CURLE_OK else { return .unanswered(handle.errorText(or: code)) }
        let status = handle.responseCode()
        guard (100..<600).contains(status) else { return .unanswered("the server's answer had no HTTP status") }
        return .answered(status: status)
    }

    private func configure(_ handle: CurlHandle, headers: UnsafeMutablePointer<curl_slist>?) throws {
        try handle.set(CURLOPT_URL, "CURLOPT_URL", url)
        try handle.set(CURLOPT_PROTOCOLS_STR, "CURLOPT_PROTOCOLS_STR", "http,https")
        try handle.set(CURLOPT_NOSIGNAL, "CURLOPT_NOSIGNAL", 1)
        try handle.set(CURLOPT_FOLLOWLOCATION, "CURLOPT_FOLLOWLOCATION", 0)
        try handle.set(CURLOPT_TIMEOUT_MS, "CURLOPT_TIMEOUT_MS", max(1, timeoutMilliseconds))
        try handle.set(CURLOPT_CONNECTTIMEOUT_MS, "CURLOPT_CONNECTTIMEOUT_MS", max(1, timeoutMilliseconds))
        try handle.set(CURLOPT_HTTPHEADER, "CURLOPT_HTTPHEADER", list: headers)
        try handle.setWriteFunction { _, size, count, _ in size * count }
        switch method {
        case .get:
            try handle.set(CURLOPT_HTTPGET, "CURLOPT_HTTPGET", 1)
        case .post, .put:
            try handle.set(CURLOPT_POSTFIELDSIZE, "CURLOPT_POSTFIELDSIZE", body.count)
            // COPYPOSTFIELDS copies the bytes (POSTFIELDSIZE's count of them), so they need not outlive this call.
            let text = [CChar](unsafeUninitializedCapacity: body.count + 1) { buffer, count in
                body.withUnsafeBytes { bytes in
                    for (index, byte) in bytes.enumerated() { buffer[index] = CChar(bitPattern: byte) }
                }
                buffer[body.count] = 0
                count = body.count + 1
            }
            try text.withUnsafeBufferPointer { pointer in
                try handle.set(
                    CURLOPT_COPYPOSTFIELDS,
                    "CURLOPT_COPYPOSTFIELDS",
                    pointer: UnsafeMutableRawPointer(mutating: pointer.baseAddress)
                )
            }
            if method == .put { try handle.set(CURLOPT_CUSTOMREQUEST, "CURLOPT_CUSTOMREQUEST", "PUT") }
        }
    }
}
