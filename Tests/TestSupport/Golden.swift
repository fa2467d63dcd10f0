import Foundation
import Testing

/// Golden files: outputs compared with recorded copies in the repository. A run with
/// `RECORD_SNAPSHOTS=1` rewrites the recorded copies and fails, so that nobody records by accident.
public enum Golden {
    public static var recording: Bool { ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1" }

    /// The folder of recorded files next to a test file: `<folder of file>/Goldens/<name>`.
    public static func folder(_ name: String, file: String = #filePath) -> URL {
        URL(fileURLWithPath: file).deletingLastPathComponent().appendingPathComponent("Goldens").appendingPathComponent(
            name
        )
    }

    /// The parts of a zip (an xlsx), by path, as data: unpacked by Python's zipfile, which
    /// checks every part's CRC, into a temporary folder.
    public static func parts(ofZip path: String) throws -> [String: Data] {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let unpack = try ReportBatchProcess.tool(
            "python3",
            ["-c", "import sys, zipfile; zipfile.ZipFile(sys.argv[1]).extractall(sys.argv[2])", path, folder.path]
        )
        guard unpack.status == 0 else { throw GoldenError.unreadableZip(path: path, reason: unpack.stderr) }
        let root = URL(fileURLWithPath: folder.path)
        var parts: [String: Data] = [:]
        guard let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else {
            return parts
        }
        for case let url as URL in enumerator where !url.hasDirectoryPath {
            parts[String(url.standardizedFileURL.path.dropFirst(root.standardizedFileURL.path.count + 1))] = try Data(
                contentsOf: url
            )
        }
        return parts
    }

    public enum GoldenError: Error, CustomStringConvertible {
        case unreadableZip(path: String, reason: String)
        public var description: String {
            switch self {
            case .unreadableZip(let path, let reason): "\(path) is not a readable zip: \(reason)"
            }
        }
    }

    /// Compares every XML part of the xlsx at `path` with the recorded parts in `folder`:
    /// same set of parts, same bytes in each.
    public static func assertXLSXParts(
        _ path: String,
        matches folder: URL,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let parts = try parts(ofZip: path)
        if recording {
            try? FileManager.default.removeItem(at: folder)
            for (name, data) in parts {
                let target = folder.appendingPathComponent(name)
                try FileManager.default.createDirectory(
                    at: target.deletingLastPathComponent(),
                    withIntermediateDirectories: true
                )
                try data.write(to: target)
            }
            Issue.record(
                "recorded \(parts.count) parts in \(folder.path); run again without RECORD_SNAPSHOTS",
                sourceLocation: sourceLocation
            )
            return
        }
        guard let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else {
            Issue.record(
                "no recorded parts in \(folder.path); record them with RECORD_SNAPSHOTS=1",
                sourceLocation: sourceLocation
            )
            return
        }
        var recorded: [String: Data] = [:]
        for case let url as URL in enumerator where !url.hasDirectoryPath {
            let name = String(url.path.dropFirst(folder.path.count + 1))
            recorded[name] = try Data(contentsOf: url)
        }
        #expect(Set(parts.keys) == Set(recorded.keys), sourceLocation: sourceLocation)
        for (name, data) in parts.sorted(by: { $0.key < $1.key }) {
            guard let expected = recorded[name] else { continue }
            if data != expected {
                Issue.record(
                    "part \(name) differs from \(folder.path)/\(name):\n\(String(decoding: data, as: UTF8.self).prefix(2000))",
                    sourceLocation: sourceLocation
                )
            }
        }
    }
}
