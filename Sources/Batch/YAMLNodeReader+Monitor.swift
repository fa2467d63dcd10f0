import Core
import Foundation
import ReportGen
import Yams

/// The job file's `name` and `monitor` section (docs/cli.md, "Watching the run").
extension YAMLNodeReader {
    /// `name`: the run's name in the app's Jobs tab, the metrics' `job` label and the
    /// Pushgateway's grouping key, so letters, digits, `.`, `_` and `-` only.
    func jobName(_ node: Node, _ key: String) throws -> String {
        let name = try string(node, key)
        guard name.count <= 64, name.range(of: "^[A-Za-z0-9][A-Za-z0-9._-]*$", options: .regularExpression) != nil
        else {
            throw fail(
                node,
                "'name' must be 1 to 64 letters, digits, '.', '_' and '-', starting with a letter or digit (got \(Quote.value(name, limit: 40)))"
            )
        }
        return name
    }

    func monitor(_ node: Node) throws -> JobMonitor {
        var monitor = JobMonitor()
        for (key, value) in try mapping(
            node,
            "'monitor'",
            allowed: ["app_jobs_env", "ping_url", "ping_exit_codes", "textfile", "pushgateway"]
        ) {
            switch key {
            case "app_jobs_env": monitor.appJobsEnv = try envName(value, key)
            case "ping_url": monitor.ping = try monitorURL(value, key)
            case "ping_exit_codes": monitor.pingExitCodes = try bool(value, key)
            case "textfile":
                let path = try string(value, key)
                guard !path.hasSuffix("/"), (path as NSString).lastPathComponent.hasSuffix(".prom") else {
                    throw fail(
                        value,
                        "'textfile' must name a file ending in .prom (node_exporter's textfile collector reads only those), got \(Quote.path(path))"
                    )
                }
                monitor.textfile = path
            default: monitor.pushgateway = try monitorURL(value, key)
            }
        }
        return monitor
    }

    private func monitorURL(_ node: Node, _ key: String) throws -> MonitorURL {
        let text = try string(node, key)
        if let problem = MonitorURL.problem(text) { throw fail(node, "'\(key)': \(problem)") }
        guard let url = MonitorURL(text) else { throw fail(node, "'\(key)' must be an http:// or https:// URL") }
        return url
    }
}
