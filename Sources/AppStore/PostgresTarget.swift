import Core
import Foundation
import PostgresClient

/// A PostgreSQL database given to `--db` or a job's `database` (docs/postgres.md): the
/// connection string handed to libpq, the schema to read, and the name every message, log
/// line, manifest and summary uses, `postgresql://user@host:port/dbname`, which never
/// holds the password.
package struct PostgresTarget: Sendable {
    /// The URI as libpq takes it (report-batch's own `schema` parameter removed).
    let connectionString: String
    /// The schema whose tables are read (`?schema=NAME`, default `public`).
    package let schema: String
    /// The database as shown to people: no password, ever.
    package let display: String
    /// Whether the URI's `options` or `PGOPTIONS` set `statement_timeout` (the snapshot then keeps it).
    package let setsStatementTimeout: Bool
    /// Texts that must never be shown: the password as given (raw and decoded) and the whole URI.
    private let secrets: [String]

    /// Whether `text` names a PostgreSQL database rather than a SQLite file.
    package static func isURI(_ text: String) -> Bool {
        let lower = text.prefix(13).lowercased()
        return lower.hasPrefix("postgresql://") || lower.hasPrefix("postgres://")
    }

    /// - Throws: `UsageError` (exit 64) saying what is wrong, without the password.
    package init(_ uri: String) throws {
        var secrets = [uri]
        if let password = Self.password(in: uri) {
            secrets.append(password)
            if let decoded = password.removingPercentEncoding { secrets.append(decoded) }
        }
        if let password = ProcessInfo.processInfo.environment["PGPASSWORD"], !password.isEmpty {
            secrets.append(password)
        }
        // Longest first, so that a password inside the URI is not half-replaced.
        self.secrets = secrets.filter { !$0.isEmpty }.sorted { $0.count > $1.count }

        var schema = "public"
        var connection = uri
        if let question = uri.firstIndex(of: "?") {
            var kept: [Substring] = []
            for parameter in uri[uri.index(after: question)...].split(separator: "&") {
                if parameter.hasPrefix("schema=") {
                    schema =
                        String(parameter.dropFirst("schema=".count)).removingPercentEncoding
                        ?? String(parameter.dropFirst(7))
                } else {
                    kept.append(parameter)
                }
            }
            connection = String(uri[..<question]) + (kept.isEmpty ? "" : "?" + kept.joined(separator: "&"))
        }
        guard !schema.isEmpty else {
            throw UsageError("the database URI's 'schema' parameter is empty; give a schema name, e.g. ?schema=public")
        }
        self.schema = schema
        self.connectionString = connection

        let shownBeforeParsing = Quote.withoutCredentials(uri)
        let options: [String: String]
        do {
            options = try PGConnectionInfo.options(of: connection)
        } catch let error as PGError {
            let reason = Self.scrub(error.message, secrets: self.secrets)
            throw UsageError("the database URI \(Quote.value(shownBeforeParsing)) is not one libpq can read: \(reason)")
        }
        setsStatementTimeout = (options["options"] ?? "").contains("statement_timeout")
        let user = options["user"] ?? ProcessInfo.processInfo.environment["USER"] ?? ""
        let host = options["host"].flatMap { $0.isEmpty ? nil : $0 } ?? options["hostaddr"] ?? "localhost"
        let port = options["port"].flatMap { $0.isEmpty ? nil : $0 } ?? "5432"
        let database = options["dbname"].flatMap { $0.isEmpty ? nil : $0 } ?? user
        display = "postgresql://\(user)@\(host):\(port)/\(database)"
    }

    /// A connection to the database, for writers of it (the demo); errors as `PostgresSnapshot`'s.
    package func connect() throws -> PGConnection {
        try PostgresSnapshot.connect(self)
    }

    /// A libpq error as report-batch's, with the exit code of docs/postgres.md and no password.
    package func failure(_ error: PGError) -> any Error {
        PostgresSnapshot.translate(error, self)
    }

    /// `text` with every secret replaced by `****`: for libpq's and the server's messages.
    package func scrub(_ text: String) -> String { Self.scrub(text, secrets: secrets) }

    private static func scrub(_ text: String, secrets: [String]) -> String {
        secrets.reduce(text) { $0.replacingOccurrences(of: $1, with: "****") }
    }

    /// The password of `scheme://user:password@host…`, as written (percent-encoded), or nil.
    private static func password(in uri: String) -> String? {
        guard let scheme = uri.range(of: "://") else { return nil }
        let rest = uri[scheme.upperBound...]
        let authority = rest.prefix { $0 != "/" && $0 != "?" }
        guard let at = authority.lastIndex(of: "@") else { return nil }
        let userInfo = authority[..<at]
        guard let colon = userInfo.firstIndex(of: ":") else { return nil }
        let password = userInfo[userInfo.index(after: colon)...]
        return password.isEmpty ? nil : String(password)
    }
}
