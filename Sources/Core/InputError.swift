import Foundation

/// An input is missing or unreadable, or the database is not a SQLite database (exit 66).
package enum InputError: Error, Sendable, CustomStringConvertible {
    case missing(path: String, kind: InputKind = .database)
    case isFolder(path: String, kind: InputKind = .database)
    /// A named pipe, a device or a socket: reading it could block for ever.
    case notRegularFile(path: String, kind: InputKind = .database)
    case notSQLite(path: String, reason: String)
    case unreadable(path: String, reason: String, kind: InputKind = .database)

    package var description: String {
        switch self {
        case .missing(let path, let kind):
            kind == .database
                ? "database \(Quote.path(path)) does not exist (check the path; `report-batch demo --out demo.db` makes a demo database to try)"
                : "\(kind.rawValue) \(Quote.path(path)) does not exist"
        case .isFolder(let path, let kind):
            "\(kind.rawValue) \(Quote.path(path)) is a folder, not a file"
        case .notRegularFile(let path, let kind):
            "\(kind.rawValue) \(Quote.path(path)) is not a regular file (a pipe, device or socket); give the path of a file"
        case .notSQLite(let path, let reason):
            "\(Quote.path(path)) is not a SQLite database: \(reason)"
        case .unreadable(let path, let reason, let kind):
            "cannot read \(kind.rawValue) \(Quote.path(path)): \(reason)"
        }
    }

    /// Checks that `path` names a regular file that can be opened for reading (a symbolic
    /// link to one is fine): never a folder, and never a pipe, which would block the read.
    package static func checkReadableFile(_ path: String, kind: InputKind) throws {
        var info = stat()
        guard stat(path, &info) == 0 else {
            if errno == ENOENT || errno == ENOTDIR { throw InputError.missing(path: path, kind: kind) }
            throw InputError.unreadable(path: path, reason: String(cString: strerror(errno)), kind: kind)
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw InputError.isFolder(path: path, kind: kind)
        default: throw InputError.notRegularFile(path: path, kind: kind)
        }
        guard access(path, R_OK) == 0 else {
            throw InputError.unreadable(path: path, reason: "permission denied", kind: kind)
        }
    }
}
