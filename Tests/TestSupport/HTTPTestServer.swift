import Foundation

/// The tests' own HTTP server (scripts/test-http-server.py) on 127.0.0.1 and a free port,
/// misbehaving on cue (`Mode`), logging every request it read; stopped by its pid.
public final class HTTPTestServer {
    public enum Mode: Sendable {
        case ok
        /// 500 to the first N requests, then 200.
        case failFirst(Int)
        /// Reads each request and never answers.
        case never
        /// Closes each connection without a word.
        case close
        /// Answers 200 after this many seconds.
        case slow(Double)
    }

    /// One request the server read.
    public struct Request: Decodable, Sendable {
        public let method: String
        public let path: String
        public let body: String
    }

    public let port: Int
    private let logFile: String
    private let server: ServerProcess

    public init(folder: TemporaryFolder, mode: Mode = .ok) throws {
        port = ServerProcess.freePort()
        logFile = folder.file("http-\(port).log")
        let ready = folder.file("http-\(port).ready")
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("scripts/test-http-server.py").path
        var arguments = [script, "--port", "\(port)", "--log", logFile, "--ready-file", ready]
        switch mode {
        case .ok: arguments += ["--mode", "ok"]
        case .failFirst(let count): arguments += ["--mode", "fail-first", "--fail-first", "\(count)"]
        case .never: arguments += ["--mode", "never"]
        case .close: arguments += ["--mode", "close"]
        case .slow(let seconds): arguments += ["--mode", "slow", "--delay", "\(seconds)"]
        }
        server = try ServerProcess("the HTTP test server", ["python3"] + arguments, readyFile: ready, within: 10)
    }

    public var url: String { "http://127.0.0.1:\(port)" }

    /// The requests read so far, in order.
    public var requests: [Request] {
        ((try? String(contentsOfFile: logFile, encoding: .utf8)) ?? "").split(separator: "\n").compactMap {
            try? JSONDecoder().decode(Request.self, from: Data($0.utf8))
        }
    }

    /// Stops the server by its pid (its end does too).
    public func stop() { server.stop() }
}
