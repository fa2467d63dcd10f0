/// One bad value in the database: which table, which row, which column, and what is wrong.
public struct DataIssue: Error, Hashable, Sendable, CustomStringConvertible {
    public let table: String
    public let rowID: String
    public let column: String?
    public let problem: String

    public init(table: String, rowID: String, column: String?, problem: String) {
        self.table = table
        self.rowID = rowID
        self.column = column
        self.problem = problem
    }

    /// `schools row 'abc', column status: unknown value 'Interested' (…)`.
    public var description: String {
        var text = "\(table) row \(rowID)"
        if let column { text += ", column \(column)" }
        return text + ": " + problem
    }
}

/// The input database is missing or is not a SQLite database (exit 66).
public enum InputError: Error, Sendable, CustomStringConvertible {
    case missing(path: String)
    case isFolder(path: String)
    case notSQLite(path: String, reason: String)
    case unreadable(path: String, reason: String)

    public var description: String {
        switch self {
        case .missing(let path):
            "database '\(path)' does not exist (make one with `report-batch demo --out \(path)`)"
        case .isFolder(let path):
            "database '\(path)' is a folder, not a SQLite file"
        case .notSQLite(let path, let reason):
            "'\(path)' is not a SQLite database: \(reason)"
        case .unreadable(let path, let reason):
            "cannot read database '\(path)': \(reason)"
        }
    }
}

/// The database lacks a table or column that report-batch needs, or holds bad values (exit 65).
public enum BadDataError: Error, Sendable, CustomStringConvertible {
    case missingTable(path: String, table: String)
    case missingColumn(path: String, table: String, column: String)
    case badValues(path: String, familyID: String?, issues: [DataIssue])

    public var description: String {
        switch self {
        case .missingTable(let path, let table):
            return "database '\(path)' has no table '\(table)', which report-batch needs (see data-model.md)"
        case .missingColumn(let path, let table, let column):
            return "database '\(path)': table '\(table)' has no column '\(column)', which report-batch needs"
        case .badValues(let path, let familyID, let issues):
            let scope = familyID.map { " (family \($0))" } ?? ""
            let first = issues.first.map(\.description) ?? "bad values"
            let more = issues.count > 1 ? "; and \(issues.count - 1) more" : ""
            return "bad data in '\(path)'\(scope): \(first)\(more); `report-batch check --db \(path)` lists every problem"
        }
    }
}

/// A bad option or option value (exit 64).
public struct UsageError: Error, Sendable, CustomStringConvertible {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// The viewer may not see what was asked (exit 77).
public struct AccessError: Error, Sendable, CustomStringConvertible {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// The family has nothing to report for the range (exit 3).
public struct NoDataError: Error, Sendable, CustomStringConvertible {
    public let familyID: String
    public init(familyID: String) { self.familyID = familyID }
    public var description: String { "No data found for selected date range" }
}

/// An output file or folder cannot be created (exit 73).
public struct OutputError: Error, Sendable, CustomStringConvertible {
    public let path: String
    public let reason: String
    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }
    public var description: String { "cannot write '\(path)': \(reason)" }
}

/// Another run holds the output root's lock (exit 75).
public struct BusyError: Error, Sendable, CustomStringConvertible {
    public let lockPath: String
    public let holder: String
    public init(lockPath: String, holder: String) {
        self.lockPath = lockPath
        self.holder = holder
    }
    public var description: String { "another run (\(holder)) holds the lock '\(lockPath)'; try again when it has finished" }
}

/// A database, I/O or rendering failure that is not the input's fault (exit 1).
public struct RuntimeFailure: Error, Sendable, CustomStringConvertible {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
