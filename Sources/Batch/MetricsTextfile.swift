import Core
import Foundation

/// The run's metrics as a file for node_exporter's textfile collector: written atomically (a
/// temporary file in the same folder, then renamed) with mode 0644, since the collector runs
/// as another user and the file holds counts only.
package enum MetricsTextfile {
    /// Writes `metrics` to `path`; a warning when it could not. When this run did not
    /// succeed, the previous file's last-success time is carried over.
    package static func write(_ metrics: RunMetrics, to path: String, labels: [(String, String)]) -> String? {
        let folder =
            (path as NSString).deletingLastPathComponent.isEmpty ? "." : (path as NSString).deletingLastPathComponent
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
            return
                "the metrics textfile's folder \(Quote.path(folder)) does not exist; no metrics written (create it for node_exporter's textfile collector)"
        }
        var metrics = metrics
        if metrics.lastSuccess == nil { metrics.lastSuccess = previousLastSuccess(path) }
        do {
            try AtomicFile.write(to: path) { temporary in
                let sink = try ByteSink(path: temporary)
                try sink.write(metrics.exposition(labels: labels))
                try sink.close()
                guard chmod(temporary, 0o644) == 0 else {
                    throw OutputError(path: path, reason: "its mode could not be set to 0644")
                }
            }
            return nil
        } catch {
            return "the metrics textfile \(Quote.path(path)) could not be written: \(ExitStatus.message(for: error))"
        }
    }

    /// The last-success time of the file at `path`, when it is a regular file (no link
    /// followed) of at most 1 MiB that holds one.
    static func previousLastSuccess(_ path: String) -> Double? {
        var info = stat()
        guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_size <= 1 << 20,
            let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8)
        else { return nil }
        return RunMetrics.lastSuccess(inExposition: text)
    }
}
