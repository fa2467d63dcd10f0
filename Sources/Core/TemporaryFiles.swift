import Foundation
import Synchronization

/// The temporary files this process has made and not yet renamed or removed, so that
/// SIGTERM or SIGINT (cron's timeout, a Ctrl-C) removes them before the process ends, and
/// the name pattern that marks a file as this tool's own, so that a later run removes what a
/// killed one (SIGKILL, a power cut) left behind — and nothing else.
package enum TemporaryFiles {
    /// The part of every temporary name that only report-batch makes:
    /// `.<final name>.report-batch-tmp-<pid>-<random>`, and that plus `.d` for a scratch folder.
    package static let marker = ".report-batch-tmp-"
    /// The prefix of a list pdf's row spool (unlinked as soon as it is made).
    static let spoolPrefix = ".report-batch-rows-"

    private static let live = Mutex<Set<String>>([])
    private static let stopping = Atomic<Bool>(false)

    /// A temporary path beside `path`, in the tool's own pattern.
    static func temporaryPath(for path: String) -> String {
        let folder = PathText.folder(of: path)
        let name = (path as NSString).lastPathComponent
        return ((folder.isEmpty ? "." : folder) as NSString)
            .appendingPathComponent(".\(name)\(marker)\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
    }

    package static func register(_ path: String) {
        live.withLock { _ = $0.insert(path) }
    }

    package static func unregister(_ path: String) {
        live.withLock { _ = $0.remove(path) }
    }

    /// Whether `name` is one of the tool's own temporary names (a file, a scratch folder, or
    /// SQLite's journal beside a temporary database).
    static func isOwn(_ name: String) -> Bool {
        if name.hasPrefix(spoolPrefix) { return true }
        guard name.hasPrefix("."), let range = name.range(of: marker) else { return false }
        var rest = name[range.upperBound...]
        for suffix in [".d", "-journal", "-wal", "-shm"] where rest.hasSuffix(suffix) {
            rest = rest.dropLast(suffix.count)
            break
        }
        let parts = rest.split(separator: "-", omittingEmptySubsequences: false)
        return parts.count == 2
            && parts.allSatisfy { !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }
    }

    /// Removes every temporary file in flight and ends the process as the signal would,
    /// with 128 + the signal's number. Only the first call acts.
    static func stop(signal: Int32) -> Never {
        let name = signal == SIGINT ? "SIGINT" : signal == SIGTERM ? "SIGTERM" : "signal \(signal)"
        abandon("stopped by \(name); temporary files removed, no file left half-written", status: 128 + signal)
    }

    /// Removes every temporary file in flight, writes `report-batch: error: <message>` and ends
    /// the process with `status`: for a signal, or a C library about to abort. Only the first call acts.
    package static func abandon(_ message: String, status: Int32) -> Never {
        if !stopping.exchange(true, ordering: .sequentiallyConsistent) {
            // The message first, then the removal and the exit with the lock held, so that
            // no worker registers a new file after the removal, and the moment between the
            // last unlink and the end of the process (in which a library still writing could
            // create its file anew) is as short as it can be.
            let line = "report-batch: error: " + Display.oneLine(message) + "\n"
            _ = line.withCString { write(STDERR_FILENO, $0, strlen($0)) }
            // A workbook being closed creates its file now: let it finish, and no other start.
            WriteGate.shut(waitingAtMost: 10)
            live.withLock { paths -> Never in
                for path in paths { remove(path) }
                _exit(status)
            }
        }
        while true { pause() }
    }

    /// Removes a temporary file, its scratch folder and a database journal beside it.
    package static func remove(_ path: String) {
        unlink(path)
        for suffix in ["-journal", "-wal", "-shm"] { unlink(path + suffix) }
        removeScratchFolder(path + ".d")
    }

    /// Removes a scratch folder of the tool's and the files in it (libxlsxwriter's, which it
    /// unlinks itself as it makes them; any that remain are its too). Never follows a link.
    static func removeScratchFolder(_ folder: String) {
        guard let directory = opendir(folder) else { return }
        let descriptor = dirfd(directory)
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) {
                String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name == "." || name == ".." { continue }
            var info = stat()
            if fstatat(descriptor, name, &info, AT_SYMLINK_NOFOLLOW) == 0, info.st_mode & S_IFMT == S_IFREG {
                unlinkat(descriptor, name, 0)
            }
        }
        closedir(directory)
        rmdir(folder)
    }

    /// Removes, anywhere under `root`, the temporary files and scratch folders a killed run
    /// of this tool left: only names in the tool's own pattern, only regular files and the
    /// tool's scratch folders, never following a symbolic link. Called with the root's lock held.
    /// - Returns: how many were removed.
    @discardableResult
    package static func sweep(_ root: String) -> Int {
        var removed = 0
        func walk(_ folder: String, depth: Int) {
            guard depth < 64, let directory = opendir(folder) else { return }
            defer { closedir(directory) }
            let descriptor = dirfd(directory)
            while let entry = readdir(directory) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) {
                    String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
                }
                if name == "." || name == ".." { continue }
                var info = stat()
                guard fstatat(descriptor, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else { continue }
                let path = (folder as NSString).appendingPathComponent(name)
                switch info.st_mode & S_IFMT {
                case S_IFREG where isOwn(name):
                    if unlinkat(descriptor, name, 0) == 0 { removed += 1 }
                case S_IFDIR where isOwn(name) && name.hasSuffix(".d"):
                    removeScratchFolder(path)
                    removed += 1
                case S_IFDIR:
                    walk(path, depth: depth + 1)
                default:
                    continue
                }
            }
        }
        walk(root, depth: 0)
        return removed
    }

    /// Checks `TMPDIR` (where snapshots, spools and fontconfig's configuration go): when it
    /// names no folder the process can write in, it is set to `/tmp` and the warning to print
    /// once is returned. Call first thing in `main`, before any thread (it sets the environment).
    package static func checkTemporaryFolder() -> String? {
        guard let folder = ProcessInfo.processInfo.environment["TMPDIR"], !folder.isEmpty else { return nil }
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue,
            access(folder, W_OK | X_OK) == 0
        {
            return nil
        }
        setenv("TMPDIR", "/tmp", 1)
        return "TMPDIR=\(Quote.path(folder)) is not a folder report-batch can write in; using /tmp instead"
    }

    /// Routes SIGTERM and SIGINT to `stop(signal:)`, on a queue of their own. Call once, at start.
    package static func handleSignals() {
        for number in [SIGTERM, SIGINT] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: signalQueue)
            source.setEventHandler { stop(signal: number) }
            source.resume()
            signalSources.append(source)
        }
    }

    private static let signalQueue = DispatchQueue(label: "report-batch.signals")
    /// Keeps the sources alive. Written only by `handleSignals`, once, on the main thread
    /// before any other thread starts, and never read: no data race is possible.
    nonisolated(unsafe) private static var signalSources: [any DispatchSourceSignal] = []
}
