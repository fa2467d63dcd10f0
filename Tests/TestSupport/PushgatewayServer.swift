import Foundation

/// Debian's `prometheus-pushgateway` (scripts/install-deps.sh) on 127.0.0.1 and a free port,
/// with no persistence; stopped by its pid.
public final class PushgatewayServer {
    public let port: Int
    private let process: Process

    public init() throws {
        port = PostgresServer.freePort()
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["prometheus-pushgateway", "--web.listen-address=127.0.0.1:\(port)"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        for _ in 0..<200 {
            guard process.isRunning else { throw PostgresServer.ServerError("prometheus-pushgateway ended at once") }
            if (try? ReportBatchProcess.tool("curl", ["-sf", "\(url)/-/ready"]))?.status == 0 { return }
            usleep(50_000)
        }
        stop()
        throw PostgresServer.ServerError("prometheus-pushgateway did not start within 10 s")
    }

    public var url: String { "http://127.0.0.1:\(port)" }

    /// Its /metrics page: every group pushed, with the gateway's own metrics.
    public func metrics() throws -> String {
        try ReportBatchProcess.tool("curl", ["-sf", "\(url)/metrics"]).stdout
    }

    /// SIGKILL: the gateway keeps nothing on disk, and it inherits a test thread's signal mask,
    /// which may block SIGTERM (Go leaves it blocked).
    public func stop() {
        guard process.isRunning else { return }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    deinit { stop() }
}
