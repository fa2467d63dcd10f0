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
    private let process: Process

    public init(folder: TemporaryFolder, mode: Mode = .ok) throws {
        port = PostgresServer.freePort()
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
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3"] + arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        for _ in 0..<200 where !FileManager.default.fileExists(atPath: ready) {
            guard process.isRunning else {
                throw PostgresServer.ServerError("the HTTP test server ended before it was ready")
            }
            usleep(50_000)
        }
        guard FileManager.default.fileExists(atPath: ready) else {
            stop()
            throw PostgresServer.ServerError("the HTTP test server did not start within 10 s")
        }
    }

    public var url: String { "http://127.0.0.1:\(port)" }

    /// The requests read so far, in order.
    public var requests: [Request] {
        ((try? String(contentsOfFile: logFile, encoding: .utf8)) ?? "").split(separator: "\n").compactMap {
            try? JSONDecoder().decode(Request.self, from: Data($0.utf8))
        }
    }

    public func stop() {
        guard process.isRunning else { return }
        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
    }

    deinit { stop() }
}
