import Foundation

/// A gate between libraries that create their output file late and a process that is being
/// stopped. libxlsxwriter creates its file only when the workbook is closed, and a pdf's file is
/// created once cairo has finished (PDFRenderer), possibly after a signal's handler has removed
/// the temporary files: the file would then appear anew just before the process ends and be
/// left behind. So every such creation runs inside the gate
/// (many at once), and the handler shuts it (waiting for those inside to finish) before it
/// removes anything; none starts after.
public enum WriteGate {
    // The pointer is set once; the rwlock it points to is the synchronization itself.
    nonisolated(unsafe) private static let lock: UnsafeMutablePointer<pthread_rwlock_t> = {
        let lock = UnsafeMutablePointer<pthread_rwlock_t>.allocate(capacity: 1)
        pthread_rwlock_init(lock, nil)
        return lock
    }()

    /// Runs `body` unless the gate is shut, in which case this waits for the process to end.
    public static func pass<T>(_ body: () throws -> T) rethrows -> T {
        pthread_rwlock_rdlock(lock)
        defer { pthread_rwlock_unlock(lock) }
        return try body()
    }

    /// Shuts the gate for good: waits until no `pass` is running (at most `seconds`, so that a
    /// stop never hangs), and lets none start.
    public static func shut(waitingAtMost seconds: Double) {
        let deadline = Date().addingTimeInterval(seconds)
        while pthread_rwlock_trywrlock(lock) != 0 {
            if Date() >= deadline { return }
            usleep(2_000)
        }
    }
}
