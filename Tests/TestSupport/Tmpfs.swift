import Foundation

/// Whether this process may mount a tmpfs, the small disk that fills up in the tests of a full
/// disk: root in a container without the right to mount may not, and those suites are then
/// disabled rather than failed. Tried once, on a folder of its own, and unmounted at once.
public enum Tmpfs {
    public static let canMount: Bool = {
        guard getuid() == 0, let folder = try? TemporaryFolder() else { return false }
        defer { folder.remove() }
        guard
            let mount = try? ReportBatchProcess.tool("mount", ["-t", "tmpfs", "-o", "size=64k", "tmpfs", folder.path]),
            mount.status == 0
        else { return false }
        _ = try? ReportBatchProcess.tool("umount", [folder.path])
        return true
    }()
}
