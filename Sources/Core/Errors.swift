import Foundation

/// One bad value in the database: which table, which row, which column, and what is wrong.
package struct DataIssue: Error, Hashable, Sendable, CustomStringConvertible {
    package let table: String
    package let rowID: String
    package let column: String?
    package let problem: String

    package init(table: String, rowID: String, column: String?, problem: String) {
        self.table = table
        self.rowID = rowID
        self.column = column
        self.problem = problem
    }

    /// A row whose id another row of the table holds too.
    package static func duplicate(table: String, id: String, count: Int) -> DataIssue {
        DataIssue(
            table: table,
            rowID: Quote.value(id),
            column: "id",
            problem: Self.duplicateProblem(count)
        )
    }

    /// A row whose key (the columns of `rowID`, the first being `column`) another row holds too.
    package static func duplicateKey(table: String, rowID: String, column: String, count: Int) -> DataIssue {
        DataIssue(table: table, rowID: rowID, column: column, problem: Self.duplicateProblem(count, of: "key"))
    }

    private static func duplicateProblem(_ count: Int, of name: String = "id") -> String {
        "the row's \(name) appears \(count) times; each must be unique (was the table made without its primary key?)"
    }

    package var isDuplicate: Bool {
        problem.hasPrefix(column == "id" ? "the row's id appears " : "the row's key appears ")
    }

    /// How many rows these problems are about (a row may have several).
    package static func rowCount(_ issues: [DataIssue]) -> Int {
        Set(issues.map { "\($0.table)\u{0}\($0.rowID)" }).count
    }

    /// `schools row 'abc', column status: unknown value 'Interested' (…)`.
    package var description: String {
        var text = "\(table) row \(rowID)"
        if let column { text += ", column \(column)" }
        return text + ": " + problem
    }
}

/// What an input path is, for messages: a job file is never called a database.
package enum InputKind: String, Sendable {
    case database
    case jobFile = "job file"
    case templates = "templates folder"
    case template
}

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

/// SQLite failed while reading the database: the file is damaged (exit 65, like any bad
/// input), or another failure (exit 1). Always names the file, never the SQL.
package enum SourceError: Error, Sendable, CustomStringConvertible {
    case damaged(path: String, reason: String)
    case failed(path: String, reason: String)
    /// Another program held a lock on the file for longer than the busy timeout.
    case locked(path: String, seconds: Double)

    package var description: String {
        switch self {
        case .locked(let path, let seconds):
            "database \(Quote.path(path)) stayed locked by another program (the app or a sync job writing it) for more than "
                + "\(Self.secondsText(seconds)) s; run again when it is done, or raise REPORT_BATCH_SQLITE_BUSY_TIMEOUT"
        case .damaged(let path, let reason):
            "database \(Quote.path(path)) is damaged (\(reason)); `sqlite3 \(path) 'PRAGMA integrity_check'` shows where, or restore it from a backup"
        case .failed(let path, let reason):
            "cannot read database \(Quote.path(path)): \(reason)"
        }
    }

    private static func secondsText(_ seconds: Double) -> String {
        seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
    }
}

/// The database lacks a table or column that report-batch needs, or holds bad values (exit 65).
package enum BadDataError: Error, Sendable, CustomStringConvertible {
    case missingTable(path: String, table: String)
    case missingColumn(path: String, table: String, column: String)
    case columnType(path: String, table: String, column: String, found: String, expected: String)
    case badValues(path: String, familyID: String?, issues: [DataIssue])

    package var description: String {
        switch self {
        case .missingTable(let path, let table):
            return
                "database \(Quote.path(path)) has no table '\(table)', which report-batch needs (docs/data-model.md lists every table)"
        case .missingColumn(let path, let table, let column):
            return "database \(Quote.path(path)): table '\(table)' has no column '\(column)', which report-batch needs"
        case .columnType(let path, let table, let column, let found, let expected):
            return
                "database \(Quote.path(path)): column '\(table).\(column)' is of type \(found), where report-batch reads \(expected) (docs/postgres.md lists the types)"
        case .badValues(let path, let familyID, let issues):
            let scope = familyID.map { " (family \($0))" } ?? ""
            let first = issues.first.map(\.description) ?? "bad values"
            let more = issues.count > 1 ? "; and \(issues.count - 1) more" : ""
            return
                "bad data in \(Quote.path(path))\(scope): \(first)\(more); `report-batch check --db \(path)` lists every problem"
        }
    }
}

/// A bad option or option value (exit 64).
package struct UsageError: Error, Sendable, CustomStringConvertible {
    /// The message in the command line's words.
    package let message: String
    /// The message with its option names as data, when it is about options a job file also
    /// has (filters, formats, ranges): each front end words them its own way.
    package let optionText: OptionText?

    package init(_ message: String) {
        self.message = message
        optionText = nil
    }

    package init(_ text: OptionText) {
        message = text.commandLine
        optionText = text
    }

    package var description: String { message }

    /// The message in a job file's words: `--fit-min` becomes the key `fit-min`.
    package var inJobKeys: String { optionText?.jobKeys ?? message }
}

/// A message about options whose names are data (`"\(option: "--fit-min") 120 is above …"`):
/// the command line shows them as typed (`--fit-min`), a job file as its keys (`fit-min`).
/// Values quoted in the message are text and are never taken for an option.
package struct OptionText: Sendable, ExpressibleByStringInterpolation {
    enum Part: Sendable {
        case text(String)
        /// An option as the caller named it: `--fit-min`, or a job key such as `formats`.
        case option(String)
    }

    private(set) var parts: [Part] = []

    package init(stringLiteral value: String) { parts = [.text(value)] }

    package init(stringInterpolation: Interpolation) { parts = stringInterpolation.parts }

    package struct Interpolation: StringInterpolationProtocol {
        var parts: [Part] = []

        package init(literalCapacity: Int, interpolationCount: Int) {}

        package mutating func appendLiteral(_ literal: String) { parts.append(.text(literal)) }

        package mutating func appendInterpolation(_ value: some CustomStringConvertible) {
            parts.append(.text(value.description))
        }

        package mutating func appendInterpolation(option name: String) { parts.append(.option(name)) }
    }

    /// The command line's words.
    package var commandLine: String {
        parts.map { part in
            switch part {
            case .text(let text), .option(let text): text
            }
        }.joined()
    }

    /// A job file's words: each option without its dashes.
    package var jobKeys: String {
        parts.map { part in
            switch part {
            case .text(let text): text
            case .option(let name): name.hasPrefix("--") ? String(name.dropFirst(2)) : name
            }
        }.joined()
    }
}

/// The viewer may not see what was asked (exit 77).
package struct AccessError: Error, Sendable, CustomStringConvertible {
    package let message: String
    package init(_ message: String) { self.message = message }
    package var description: String { message }
}

/// The family has nothing to report for the range (exit 3).
package struct NoDataError: Error, Sendable, CustomStringConvertible {
    package let familyID: String
    package init(familyID: String) { self.familyID = familyID }
    package var description: String { "No data found for selected date range" }
}

/// An output file or folder cannot be created (exit 73).
package struct OutputError: Error, Sendable, CustomStringConvertible {
    package let path: String
    package let reason: String
    package init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }
    /// A failed write to standard output (a full disk, a closed stream).
    package static func standardOutput(_ reason: String) -> OutputError { OutputError(path: "-", reason: reason) }

    package var description: String {
        path == "-" ? "cannot write to standard output: \(reason)" : "cannot write \(Quote.path(path)): \(reason)"
    }
}

/// Another run holds the output root's lock (exit 75).
package struct BusyError: Error, Sendable, CustomStringConvertible {
    package let lockPath: String
    package let holder: String
    package init(lockPath: String, holder: String) {
        self.lockPath = lockPath
        self.holder = holder
    }
    package var description: String {
        "another run (\(holder)) holds the lock \(Quote.path(lockPath)); try again when it has finished"
    }
}

/// A database, I/O or rendering failure that is not the input's fault (exit 1).
package struct RuntimeFailure: Error, Sendable, CustomStringConvertible {
    package let message: String
    package init(_ message: String) { self.message = message }
    package var description: String { message }
}

/// The database server cannot be reached, or the connection broke (exit 69).
package struct UnavailableError: Error, Sendable, CustomStringConvertible {
    package let message: String
    package init(_ message: String) { self.message = message }
    package var description: String { message }
}

/// An error of a layer above this one that knows its exit status (docs/cli.md), so that
/// `ExitStatus.of` need not name it.
package protocol ExitCoded: Error {
    var exitStatus: ExitStatus { get }
}
