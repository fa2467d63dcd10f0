import Foundation

/// A test server run as a process of its own (a Python script of scripts/ or a Debian
/// program) that listens on 127.0.0.1: started through `/usr/bin/env` with its standard
/// streams on /dev/null, waited for until it is ready, stopped by its pid.
public final class ServerProcess {
    private let process = Process()
    private let stopSignal: Int32

    /// Runs `command` and returns once `isReady` holds, asking every 50 ms for `seconds` at the
    /// most; throws, naming the server as `name`, when the process ends first or the time runs
    /// out (then it is stopped). `stopSignal` is what `stop` sends.
    public init(
        _ name: String,
        _ command: [String],
        readyWithin seconds: Int,
        stopSignal: Int32 = SIGTERM,
        isReady: () -> Bool
    ) throws {
        self.stopSignal = stopSignal
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = command
        // No pipes: a server that outlives a reader of its output would keep that reader waiting.
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        for _ in 0..<(seconds * 20) {
            if isReady() { return }
            guard process.isRunning else { throw ServerError("\(name) ended before it was ready") }
            usleep(50_000)
        }
        guard isReady() else {
            stop()
            throw ServerError("\(name) did not start within \(seconds) s")
        }
    }

    /// A server that says it is ready by writing the file `ready` once it listens.
    public convenience init(_ name: String, _ command: [String], readyFile ready: String, within seconds: Int) throws {
        try self.init(name, command, readyWithin: seconds) { FileManager.default.fileExists(atPath: ready) }
    }

    /// Sends `stopSignal` to the process and waits for it to end; nothing when it has ended.
    public func stop() {
        guard process.isRunning else { return }
        kill(process.processIdentifier, stopSignal)
        process.waitUntilExit()
    }

    deinit { stop() }

    /// A TCP port that was free a moment ago on 127.0.0.1.
    public static func freePort() -> Int {
        let socket = Foundation.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, length) }
        }
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(socket, $0, &length) }
        }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    /// A test server that could not be started or made ready.
    public struct ServerError: Error, CustomStringConvertible {
        public let description: String
        init(_ description: String) { self.description = description }
    }
}
