import CLibCurl

/// One easy handle, owned: cleaned up exactly once, with its error buffer.
final class CurlHandle {
    /// An option libcurl refused.
    struct Refused: Error {
        let option: String
        let code: CURLcode
    }

    private let raw: UnsafeMutableRawPointer
    private let errors: UnsafeMutablePointer<CChar>

    /// nil when libcurl cannot make a handle or take its error buffer; nothing is left behind.
    init?() {
        guard let handle = curl_easy_init() else { return nil }
        let buffer = UnsafeMutablePointer<CChar>.allocate(capacity: Int(CURL_ERROR_SIZE) + 1)
        buffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE) + 1)
        guard rb_curl_set_pointer(handle, CURLOPT_ERRORBUFFER, buffer) == CURLE_OK else {
            // Not yet an object: cleaned up here, once, and no deinit runs.
            curl_easy_cleanup(handle)
            buffer.deallocate()
            return nil
        }
        raw = handle
        errors = buffer
    }

    deinit {
        curl_easy_cleanup(raw)
        errors.deallocate()
    }

    func check(_ code: CURLcode, _ option: String) throws {
        if code != CURLE_OK { throw Refused(option: option, code: code) }
    }

    func set(_ option: CURLoption, _ name: String, _ value: Int) throws {
        try check(rb_curl_set_long(raw, option, value), name)
    }

    func set(_ option: CURLoption, _ name: String, _ value: String) throws {
        try check(rb_curl_set_string(raw, option, value), name)
    }

    func perform() -> CURLcode { curl_easy_perform(raw) }

    /// The server's last reply code, or 0 when there was none (or libcurl cannot say).
    func responseCode() -> Int {
        var response = 0
        return rb_curl_response_code(raw, &response) == CURLE_OK ? response : 0
    }

    /// What libcurl wrote in the error buffer, else its words for `code`.
    func errorText(or code: CURLcode) -> String {
        let buffered = String(cString: errors)
        return buffered.isEmpty ? Curl.describe(code) : buffered
    }
}

extension CurlHandle {
    func set(_ option: CURLoption, _ name: String, list: UnsafeMutablePointer<curl_slist>?) throws {
        try check(rb_curl_set_list(raw, option, list), name)
    }

    func set(_ option: CURLoption, _ name: String, pointer: UnsafeMutableRawPointer?) throws {
        try check(rb_curl_set_pointer(raw, option, pointer), name)
    }

    func setReadFunction(
        _ function: @convention(c) (UnsafeMutablePointer<CChar>?, Int, Int, UnsafeMutableRawPointer?) -> Int
    ) throws {
        try check(rb_curl_set_read_function(raw, function), "CURLOPT_READFUNCTION")
    }

    func setWriteFunction(
        _ function: @convention(c) (UnsafeMutablePointer<CChar>?, Int, Int, UnsafeMutableRawPointer?) -> Int
    ) throws {
        try check(rb_curl_set_write_function(raw, function), "CURLOPT_WRITEFUNCTION")
    }
}
