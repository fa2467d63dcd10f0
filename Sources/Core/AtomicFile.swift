import Foundation

/// Writes a file so that it appears under its final name only when complete: the body
/// writes a temporary file in the same folder, which is renamed into place on success
/// and removed on failure. A crash or a kill leaves at most a hidden `.tmp` file.
package enum AtomicFile {
    /// A file being written under a temporary name next to its final one.
    package final class Pending {
        package let path: String
        package let temporaryPath: String
        private var done = false

        /// Creates the empty temporary file, which proves the folder takes files before any work is done.
        /// - Throws: `OutputError` when the folder is missing, not writable or full.
        package init(path: String) throws {
            self.path = path
            let parent = PathText.folder(of: path)
            let folder = parent.isEmpty ? "." : parent
            try AtomicFile.ensureWritableFolder(folder)
            let name = (path as NSString).lastPathComponent
            temporaryPath = TemporaryFiles.temporaryPath(for: (folder as NSString).appendingPathComponent(name))
            TemporaryFiles.register(temporaryPath)
            let descriptor = open(temporaryPath, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
            guard descriptor >= 0 else {
                let reason = String(cString: strerror(errno))
                TemporaryFiles.unregister(temporaryPath)
                throw OutputError(path: path, reason: reason)
            }
            close(descriptor)
        }

        /// A hidden folder beside the temporary file for a library's own scratch files (it matches
        /// the leftovers a next run removes, if this process is killed); removed on commit or discard.
        package var scratchFolder: String { temporaryPath + ".d" }

        /// Creates the scratch folder.
        package func makeScratchFolder() throws -> String {
            do {
                try FileManager.default.createDirectory(atPath: scratchFolder, withIntermediateDirectories: true)
            } catch {
                throw OutputError(path: path, reason: "cannot create a scratch folder beside it")
            }
            return scratchFolder
        }

        /// Flushes the temporary file to disk and renames it to its final name.
        package func commit() throws {
            guard !done else { return }
            removeScratchFolder()
            try AtomicFile.syncFile(temporaryPath)
            if rename(temporaryPath, path) != 0 {
                throw OutputError(path: path, reason: String(cString: strerror(errno)))
            }
            TemporaryFiles.unregister(temporaryPath)
            done = true
        }

        /// An error about the temporary file, told about the file the user asked for.
        package func translate(_ error: Error) -> Error {
            if case ExportError.write(let written, let reason) = error, written == temporaryPath {
                return OutputError(path: path, reason: reason)
            }
            return error
        }

        /// Removes the temporary file; the final name is never touched.
        package func discard() {
            guard !done else { return }
            unlink(temporaryPath)
            removeScratchFolder()
            TemporaryFiles.unregister(temporaryPath)
            done = true
        }

        /// Removes the scratch folder if a writer made one (one `access` call when none was).
        private func removeScratchFolder() {
            guard access(scratchFolder, F_OK) == 0 else { return }
            TemporaryFiles.removeScratchFolder(scratchFolder)
        }

        deinit { discard() }
    }

    /// Commits files that belong together (the formats of one report, the formats of one
    /// list): all of them appear under their final names, or none does. When a commit fails,
    /// the files already renamed into place are removed and the rest discarded.
    package static func commitAll(_ files: [Pending]) throws {
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
    package static func write<T>(to path: String, _ body: (String) throws -> T) throws -> T {
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
    package static func write(_ text: String, to path: String) throws {
        try write(to: path) { temporary in
            let sink = try ByteSink(path: temporary)
            try sink.write(text)
            try sink.close()
        }
    }

    /// Makes sure `folder` exists (creating it and its parents) and can be written.
    package static func ensureWritableFolder(_ folder: String) throws {
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

    /// Makes `folder`, which lies inside `root`, creating each folder below the root without
    /// following a symbolic link: a link anywhere under the root (planted by someone who can
    /// write there) is refused, never written through. The root itself is the user's choice
    /// and may be a link.
    /// - Throws: `OutputError` naming the first component that is a link or not a folder.
    package static func ensureFolder(_ folder: String, inside root: String) throws {
        try ensureWritableFolder(root)
        // Plain text, not standardizingPath, which would resolve the very links this refuses.
        let prefix = root.hasSuffix("/") ? root : root + "/"
        guard folder.hasPrefix(prefix) else { return }
        let relative = folder.dropFirst(prefix.count).split(separator: "/").filter { $0 != "." }
        guard !relative.contains("..") else {
            throw OutputError(path: folder, reason: "the folder would leave the output root")
        }
        var directory = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard directory >= 0 else { throw OutputError(path: root, reason: String(cString: strerror(errno))) }
        defer { close(directory) }
        var path = root
        for component in relative {
            path = (path as NSString).appendingPathComponent(String(component))
            if mkdirat(directory, String(component), 0o755) != 0, errno != EEXIST {
                throw OutputError(path: path, reason: "cannot create the folder (\(String(cString: strerror(errno))))")
            }
            let next = openat(directory, String(component), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            guard next >= 0 else {
                let code = errno
                throw OutputError(
                    path: path,
                    reason: code == ELOOP || code == ENOTDIR
                        ? "it is a symbolic link or not a folder; report-batch does not write through links under the output root"
                        : String(cString: strerror(code))
                )
            }
            close(directory)
            directory = next
        }
        guard faccessat(directory, ".", W_OK, 0) == 0 else {
            throw OutputError(path: folder, reason: "the folder is not writable")
        }
    }

    /// Whether `folder`, inside `root`, exists as a folder reached without a symbolic link.
    package static func isFolder(_ folder: String, inside root: String) -> Bool {
        let prefix = root.hasSuffix("/") ? root : root + "/"
        guard folder.hasPrefix(prefix) else { return false }
        var directory = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard directory >= 0 else { return false }
        for component in folder.dropFirst(prefix.count).split(separator: "/") where component != "." {
            let next =
                component == ".."
                ? -1 : openat(directory, String(component), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            close(directory)
            guard next >= 0 else { return false }
            directory = next
        }
        close(directory)
        return true
    }

    static func syncFile(_ path: String) throws {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { throw OutputError(path: path, reason: String(cString: strerror(errno))) }
        defer { close(descriptor) }
        if fsync(descriptor) != 0 { throw OutputError(path: path, reason: String(cString: strerror(errno))) }
    }

    private static func reason(of error: Error) -> String {
        let nsError = error as NSError
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain
        {
            return String(cString: strerror(Int32(underlying.code)))
        }
        return nsError.localizedDescription
    }
}
