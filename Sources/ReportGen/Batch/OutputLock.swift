import Foundation

/// An advisory lock on an output root, held for the whole run: `flock` on a file in the
/// root, which the system releases when the process ends however it ends, so a killed run
/// never blocks the next one. The file holds the holder's pid for the busy message.
public final class OutputLock {
    public let path: String
    private let descriptor: Int32

    /// Takes the lock or throws `BusyError` naming the holder's pid (exit 75).
    public init(root: String) throws {
        try AtomicFile.ensureWritableFolder(root)
        path = (root as NSString).appendingPathComponent(".report-batch.lock")
        let descriptor = open(path, O_RDWR | O_CREAT, 0o644)
        guard descriptor >= 0 else { throw OutputError(path: path, reason: String(cString: strerror(errno))) }
        if flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            let code = errno
            var bytes = [UInt8](repeating: 0, count: 64)
            let count = pread(descriptor, &bytes, bytes.count, 0)
            close(descriptor)
            guard code == EWOULDBLOCK else { throw OutputError(path: path, reason: String(cString: strerror(code))) }
            let holder = count > 0 ? String(decoding: bytes[0..<count], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines) : ""
            throw BusyError(lockPath: path, holder: holder.isEmpty ? "another process" : "pid \(holder)")
        }
        self.descriptor = descriptor
        let pid = "\(getpid())\n"
        _ = ftruncate(descriptor, 0)
        _ = pid.withCString { pwrite(descriptor, $0, strlen($0), 0) }
    }

    deinit {
        _ = ftruncate(descriptor, 0)
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }
}
