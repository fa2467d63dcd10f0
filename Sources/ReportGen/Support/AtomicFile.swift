import Exporters
import Foundation

/// Writes a file so that it appears under its final name only when complete: the body
/// writes a temporary file in the same folder, which is renamed into place on success
/// and removed on failure. A crash or a kill leaves at most a hidden `.tmp` file.
public enum AtomicFile {
    /// A file being written under a temporary name next to its final one.
    public final class Pending {
        public let path: String
        public let temporaryPath: String
        private var done = false

        /// Creates the empty temporary file, which proves the folder takes files before any work is done.
        /// - Throws: `OutputError` when the folder is missing, not writable or full.
        public init(path: String) throws {
            self.path = path
            let parent = (path as NSString).deletingLastPathComponent
            let folder = parent.isEmpty ? "." : parent
            try AtomicFile.ensureWritableFolder(folder)
            let name = (path as NSString).lastPathComponent
            temporaryPath = (folder as NSString).appendingPathComponent(".\(name).tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
            let descriptor = open(temporaryPath, O_WRONLY | O_CREAT | O_EXCL, 0o644)
            guard descriptor >= 0 else { throw OutputError(path: path, reason: String(cString: strerror(errno))) }
            close(descriptor)
        }

        /// A hidden folder beside the temporary file for a library's own scratch files (it matches
        /// the leftovers a next run removes, if this process is killed); removed on commit or discard.
        public var scratchFolder: String { temporaryPath + ".d" }

        /// Creates the scratch folder.
        public func makeScratchFolder() throws -> String {
            do {
                try FileManager.default.createDirectory(atPath: scratchFolder, withIntermediateDirectories: true)
            } catch {
                throw OutputError(path: path, reason: "cannot create a scratch folder beside it")
            }
            return scratchFolder
        }

        /// Flushes the temporary file to disk and renames it to its final name.
        public func commit() throws {
            guard !done else { return }
            removeScratchFolder()
            try AtomicFile.syncFile(temporaryPath)
            if rename(temporaryPath, path) != 0 {
                throw OutputError(path: path, reason: String(cString: strerror(errno)))
            }
            done = true
        }

        /// An error about the temporary file, told about the file the user asked for.
        public func translate(_ error: Error) -> Error {
            if case ExportError.write(let written, let reason) = error, written == temporaryPath {
                return OutputError(path: path, reason: reason)
            }
            return error
        }

        /// Removes the temporary file; the final name is never touched.
        public func discard() {
            guard !done else { return }
            unlink(temporaryPath)
            removeScratchFolder()
            done = true
        }

        /// Removes the scratch folder if a writer made one (one `access` call when none was).
        private func removeScratchFolder() {
            guard access(scratchFolder, F_OK) == 0 else { return }
            try? FileManager.default.removeItem(atPath: scratchFolder)
        }

        deinit { discard() }
    }

    /// Commits files that belong together (the formats of one report, the formats of one
    /// list): all of them appear under their final names, or none does. When a commit fails,
    /// the files already renamed into place are removed and the rest discarded.
    public static func commitAll(_ files: [Pending]) throws {
        var committed: [Pending] = []
        do {
            for file in files {
                try file.commit()
                committed.append(file)
            }
        } catch {
            for file in committed { unlink(file.path) }
            for file in files { file.discard() }
            throw error
        }
    }

    /// Runs `body` with a temporary path next to `path`, then renames it to `path`.
    /// - Throws: `OutputError` when the folder is missing or not writable or the rename
    ///   fails; whatever `body` throws (after removing the temporary file).
    public static func write<T>(to path: String, _ body: (String) throws -> T) throws -> T {
        let pending = try Pending(path: path)
        do {
            let result = try body(pending.temporaryPath)
            try pending.commit()
            return result
        } catch {
            pending.discard()
            throw pending.translate(error)
        }
    }

    /// Writes `text` to `path` atomically, as UTF-8.
    public static func write(_ text: String, to path: String) throws {
        try write(to: path) { temporary in
            let sink = try ByteSink(path: temporary)
            try sink.write(text)
            try sink.close()
        }
    }

    /// Makes sure `folder` exists (creating it and its parents) and can be written.
    public static func ensureWritableFolder(_ folder: String) throws {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder) {
            guard isFolder.boolValue else { throw OutputError(path: folder, reason: "it is a file, not a folder") }
        } else {
            do {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            } catch {
                throw OutputError(path: folder, reason: "cannot create the folder (\(Self.reason(of: error)))")
            }
        }
        guard access(folder, W_OK) == 0 else {
            throw OutputError(path: folder, reason: "the folder is not writable")
        }
    }

    static func syncFile(_ path: String) throws {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { throw OutputError(path: path, reason: String(cString: strerror(errno))) }
        defer { close(descriptor) }
        if fsync(descriptor) != 0 { throw OutputError(path: path, reason: String(cString: strerror(errno))) }
    }

    private static func reason(of error: Error) -> String {
        let nsError = error as NSError
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(underlying.code)))
        }
        return nsError.localizedDescription
    }
}
