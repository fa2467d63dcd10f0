import Foundation

/// A fresh folder under the system's temporary folder, removed by `remove()`.
public struct TemporaryFolder: Sendable {
    public let path: String

    public init(_ label: String = "report-batch-test") throws {
        let base = URL(fileURLWithPath: NSTemporaryDirectory())
            .appendingPathComponent("\(label)-\(getpid())-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
        path = base.path
    }

    /// The path of `name` inside the folder.
    public func file(_ name: String) -> String {
        URL(fileURLWithPath: path).appendingPathComponent(name).path
    }

    /// The names of the files directly inside the folder, sorted.
    public func contents() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted()
    }

    public func remove() {
        try? FileManager.default.removeItem(atPath: path)
    }
}
