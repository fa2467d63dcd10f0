import CurlClient
import Foundation

/// One call to a monitor over HTTP (a ping, a push) with the rules of docs/cli.md, "Watching
/// the run": 10 s for each try, two more tries 3 s apart after no answer or a 5xx, and never
/// more than 30 s in all. It never throws: how it went is a warning or nil.
package struct MonitorCall: Sendable {
    package var request: HTTPRequest
    /// What the call is, for its warning: "the start ping to hc-ping.com".
    package var what: String
    package var tryLimit = 10.0
    package var pause = 3.0
    package var totalLimit = 30.0

    package init(_ request: HTTPRequest, what: String) {
        self.request = request
        self.what = what
    }

    /// Sends until the server takes it, or the tries or the time run out; a warning when it did not.
    package func send() -> String? {
        let deadline = Date().addingTimeInterval(totalLimit)
        var last = ""
        for attempt in 0..<3 {
            let left = deadline.timeIntervalSinceNow
            guard left >= 0.5 else { break }
            var request = self.request
            request.timeoutMilliseconds = Int(min(tryLimit, left) * 1000)
            switch request.send() {
            case .answered(let status) where (200..<300).contains(status):
                return nil
            case .answered(let status) where status >= 500:
                last = "HTTP \(status)"
            case .answered(let status):
                return "\(what) failed: HTTP \(status)"
            case .unanswered(let reason):
                last = Self.oneLine(reason)
            case .setup(let reason):
                return "\(what) failed: \(Self.oneLine(reason))"
            }
            if attempt < 2, deadline.timeIntervalSinceNow > pause + 0.5 { Thread.sleep(forTimeInterval: pause) }
        }
        return "\(what) failed: \(last.isEmpty ? "no time left to try" : last)"
    }

    /// libcurl's words on one line, without the URL (its path may hold a secret).
    static func oneLine(_ text: String) -> String {
        let line = text.split(whereSeparator: \.isNewline).first.map(String.init) ?? text
        return line.replacingOccurrences(of: "[a-z]+://[^ ]*", with: "(the URL)", options: .regularExpression)
    }
}
