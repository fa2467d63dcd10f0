import Foundation

/// A fresh folder under the system's temporary folder for one test, removed by `remove()`.
struct ScratchFolder {
    let path: String

    init() throws {
        path = (NSTemporaryDirectory() as NSString).appendingPathComponent(
            "report-batch-core-\(getpid())-\(UUID().uuidString.prefix(8))"
        )
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    func file(_ name: String) -> String { (path as NSString).appendingPathComponent(name) }

    /// The names directly inside `folder` (the scratch folder itself by default), sorted.
    func contents(_ folder: String? = nil) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder ?? path)) ?? []).sorted()
    }

    func text(_ name: String) -> String? { try? String(contentsOfFile: file(name), encoding: .utf8) }

    func remove() { try? FileManager.default.removeItem(atPath: path) }
}
