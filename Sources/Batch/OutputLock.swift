import Core
import Foundation

/// An advisory lock on an output root, held for the whole run: `flock` on a file in the
/// root, which the system releases when the process ends however it ends, so a killed run
/// never blocks the next one. The file holds the holder's pid for the busy message.
///
/// The shards of a run (`Shard`) hold the root's lock shared, each with a lock of its own
/// (`.report-batch.K-of-N.lock`) held alone: shards never block one another, a second run of
/// the same shard is refused, and a whole run and a sharded one never write into one root at once.
///
/// The root may be writable by others, so the lock file is opened without following a
/// symbolic link, must be a regular file with one link, and is never truncated: a link
/// planted under its name cannot make a run empty or write into another file.
package final class OutputLock {
    package let path: String
    private let descriptor: Int32
    private let shared: Bool
    /// The pid field's width: a pid padded with spaces, so that a shorter pid overwrites a
    /// longer one without truncating the file.
    private static let width = 20

    /// Takes the lock or throws `BusyError` naming the holder's pid (exit 75). A `shared` lock
    /// is held with other shared holders and records no pid.
    /// - Throws: `OutputError` when the lock is a symbolic link, not a regular file, or cannot be opened.
    package init(root: String, name: String = ".report-batch.lock", shared: Bool = false) throws {
        try AtomicFile.ensureWritableFolder(root)
        path = (root as NSString).appendingPathComponent(name)
        let descriptor = open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK, 0o600)
        guard descriptor >= 0 else {
            let code = errno
            throw OutputError(
                path: path,
                reason: code == ELOOP
                    ? "it is a symbolic link; report-batch takes its lock only in a file of its own (remove the link)"
                    : String(cString: strerror(code))
            )
        }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_nlink == 1 else {
            close(descriptor)
            throw OutputError(
                path: path,
                reason:
                    "it is not a regular file of its own (a device, a pipe, or a hard link to another file); remove it"
            )
        }
        if flock(descriptor, (shared ? LOCK_SH : LOCK_EX) | LOCK_NB) != 0 {
            let code = errno
            var bytes = [UInt8](repeating: 0, count: 64)
            let count = pread(descriptor, &bytes, bytes.count, 0)
            close(descriptor)
            guard code == EWOULDBLOCK else { throw OutputError(path: path, reason: String(cString: strerror(code))) }
            let holder =
                count > 0
                ? String(decoding: bytes[0..<count], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines) : ""
            // Shards record no pid: a lock held without one is held by shards of a run.
            throw BusyError(
                lockPath: path,
                holder: holder.isEmpty || Int(holder) == nil
                    ? "another process (or the shards of a run)" : "pid \(holder)"
            )
        }
        self.descriptor = descriptor
        self.shared = shared
        if !shared { Self.writeField("\(getpid())", to: descriptor) }
    }

    deinit {
        if !shared { Self.writeField("", to: descriptor) }
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }

    /// Writes `text` padded to the field's width at the start of the file.
    private static func writeField(_ text: String, to descriptor: Int32) {
        let field = text.padding(toLength: width - 1, withPad: " ", startingAt: 0) + "\n"
        _ = field.withCString { pwrite(descriptor, $0, strlen($0), 0) }
    }
}
