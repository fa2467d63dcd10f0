import Foundation

/// Debian's `prometheus-pushgateway` (scripts/install-deps.sh) on 127.0.0.1 and a free port,
/// with no persistence; stopped by its pid.
public final class PushgatewayServer {
    public let port: Int
    private let server: ServerProcess

    public init() throws {
        port = ServerProcess.freePort()
        let url = "http://127.0.0.1:\(port)"
        server = try ServerProcess(
            "prometheus-pushgateway",
            ["prometheus-pushgateway", "--web.listen-address=127.0.0.1:\(port)"],
            readyWithin: 10,
            // SIGKILL: the gateway keeps nothing on disk, and it inherits a test thread's signal
            // mask, which may block SIGTERM (Go leaves it blocked).
            stopSignal: SIGKILL
        ) { (try? ReportBatchProcess.tool("curl", ["-sf", "\(url)/-/ready"]))?.status == 0 }
    }

    public var url: String { "http://127.0.0.1:\(port)" }

    /// Its /metrics page: every group pushed, with the gateway's own metrics.
    public func metrics() throws -> String {
        try ReportBatchProcess.tool("curl", ["-sf", "\(url)/metrics"]).stdout
    }

    /// Stops the server by its pid (its end does too).
    public func stop() { server.stop() }
}
