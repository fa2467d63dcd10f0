import CLibPQ
import Foundation

/// One connection to a PostgreSQL server through libpq: connect, run statements with
/// parameters, and stream `COPY … TO STDOUT` / `COPY … FROM STDIN`. Everything a PostgreSQL
/// user expects of a connection string (URIs, keyword strings, the `PG*` environment,
/// `~/.pgpass`, service files, `sslmode`) is libpq's own. Not thread-safe: one owner.
package final class PGConnection {
    private let connection: OpaquePointer

    /// Connects. `target` is a URI (`postgresql://…`) or a keyword string (`host=… dbname=…`);
    /// `applicationName` is used unless the target sets its own. `defaults` are libpq
    /// keywords the target (or the `PG*` environment, for those the caller leaves out) may
    /// override; `settings` override the target. The connection speaks UTF-8
    /// (`client_encoding`), whatever the database's encoding, until `setClientEncoding` says
    /// otherwise (a snapshot of a `SQL_ASCII` database takes its bytes as stored).
    /// - Throws: `PGError` of kind `.connect` with libpq's reason.
    package init(
        _ target: String,
        applicationName: String,
        defaults: [(String, String)] = [],
        settings: [(String, String)] = []
    ) throws {
        // libpq reads the keywords in order, a later one overriding an earlier: the defaults,
        // then what the target's string says, then the settings.
        let settings = settings + [("client_encoding", "UTF8")]
        let keywords = defaults.map(\.0) + ["dbname", "fallback_application_name"] + settings.map(\.0)
        let values = defaults.map(\.1) + [target, applicationName] + settings.map(\.1)
        let connection = withCStrings(keywords) { keywordPointers in
            withCStrings(values) { valuePointers in
                PQconnectdbParams(keywordPointers, valuePointers, 1)
            }
        }
        guard let connection else { throw PGError(kind: .connect, message: "libpq could not allocate a connection") }
        guard PQstatus(connection) == CONNECTION_OK else {
            let message = Self.text(PQerrorMessage(connection))
            PQfinish(connection)
            throw PGError(kind: .connect, message: message)
        }
        // The server's notices (`schema … already exists, skipping`) are not for report-batch's users.
        PQsetNoticeProcessor(connection, { _, _ in }, nil)
        self.connection = connection
    }

    deinit { PQfinish(connection) }

    /// The user, host, port and database the connection actually uses (after libpq's
    /// defaults and environment), for messages.
    package var user: String { Self.text(PQuser(connection)) }
    package var host: String { Self.text(PQhost(connection)) }
    package var port: String { Self.text(PQport(connection)) }
    package var database: String { Self.text(PQdb(connection)) }
    /// Whether the connection is encrypted with TLS.
    package var usesTLS: Bool { PQsslInUse(connection) == 1 }
    /// The database's encoding, as the server reported it when the connection was made (`SQL_ASCII`, `UTF8`, …).
    package var serverEncoding: String { Self.text(PQparameterStatus(connection, "server_encoding")) }

    /// Sets `client_encoding` (libpq quotes literals for it from then on).
    package func setClientEncoding(_ name: String) throws {
        guard PQsetClientEncoding(connection, name) == 0 else { throw error(kind: .query(sqlState: nil)) }
    }

    /// Runs one statement with text parameters ($1, $2, …; nil is NULL) and returns its rows as text.
    @discardableResult
    package func query(_ sql: String, _ parameters: [String?] = []) throws -> PGRows {
        let result = withOptionalCStrings(parameters) { pointers in
            PQexecParams(connection, sql, Int32(parameters.count), nil, pointers, nil, nil, 0)
        }
        defer { PQclear(result) }
        try check(result, expecting: [PGRES_COMMAND_OK, PGRES_TUPLES_OK])
        return PGRows(result!)
    }

    /// Runs `COPY (…) TO STDOUT` (text format) and hands each row to `row`, one at a time:
    /// nothing is held but the row being read.
    package func copyOut(_ sql: String, row: (PGCopyRow) throws -> Void) throws {
        let start = PQexec(connection, sql)
        defer { PQclear(start) }
        try check(start, expecting: [PGRES_COPY_OUT])
        var buffer: UnsafeMutablePointer<CChar>?
        var failure: (any Error)?
        while true {
            let length = PQgetCopyData(connection, &buffer, 0)
            if length == -1 { break }
            if length == -2 { throw error(kind: .connectionLost) }
            guard let bytes = buffer else { continue }
            defer { PQfreemem(bytes) }
            if failure == nil {
                do {
                    try bytes.withMemoryRebound(to: UInt8.self, capacity: Int(length)) { start in
                        try row(PGCopyRow(UnsafeBufferPointer(start: start, count: Int(length))))
                    }
                } catch {
                    // Read the rest off the connection, so that it stays usable, then throw.
                    failure = error
                }
            }
        }
        let end = PQgetResult(connection)
        defer { PQclear(end) }
        try check(end, expecting: [PGRES_COMMAND_OK])
        while let extra = PQgetResult(connection) { PQclear(extra) }
        if let failure { throw failure }
    }

    /// Runs `COPY … FROM STDIN` (text format); `body` writes the rows through the writer.
    package func copyIn(_ sql: String, body: (inout PGCopyWriter) throws -> Void) throws {
        let start = PQexec(connection, sql)
        defer { PQclear(start) }
        try check(start, expecting: [PGRES_COPY_IN])
        var writer = PGCopyWriter(connection: self)
        do {
            try body(&writer)
            try writer.flush()
        } catch {
            PQputCopyEnd(connection, "report-batch stopped the copy")
            while let result = PQgetResult(connection) { PQclear(result) }
            throw error
        }
        guard PQputCopyEnd(connection, nil) == 1 else { throw error(kind: .connectionLost) }
        let end = PQgetResult(connection)
        defer { PQclear(end) }
        try check(end, expecting: [PGRES_COMMAND_OK])
        while let extra = PQgetResult(connection) { PQclear(extra) }
    }

    func put(_ bytes: UnsafeRawBufferPointer) throws {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
        let sent = base.withMemoryRebound(to: CChar.self, capacity: bytes.count) {
            PQputCopyData(connection, $0, Int32(bytes.count))
        }
        guard sent == 1 else { throw error(kind: .connectionLost) }
    }

    /// `text` as a SQL string literal, quoted by libpq for this connection's encoding.
    package func literal(_ text: String) throws -> String {
        guard let quoted = PQescapeLiteral(connection, text, text.utf8.count) else {
            throw error(kind: .query(sqlState: nil))
        }
        defer { PQfreemem(quoted) }
        return String(cString: quoted)
    }

    private func check(_ result: OpaquePointer?, expecting statuses: [ExecStatusType]) throws {
        guard let result else { throw error(kind: .connectionLost) }
        let status = PQresultStatus(result)
        if statuses.contains(status) { return }
        let message = Self.text(PQresultErrorMessage(result))
        if PQstatus(connection) != CONNECTION_OK { throw PGError(kind: .connectionLost, message: message) }
        let sqlState = PQresultErrorField(result, Int32(UInt8(ascii: "C"))).map { String(cString: $0) }
        throw PGError(
            kind: .query(sqlState: sqlState),
            message: message.isEmpty ? "unexpected result \(String(cString: PQresStatus(status)))" : message
        )
    }

    private func error(kind: PGError.Kind) -> PGError {
        let kind = PQstatus(connection) != CONNECTION_OK ? .connectionLost : kind
        return PGError(kind: kind, message: Self.text(PQerrorMessage(connection)))
    }

    static func text(_ pointer: UnsafePointer<CChar>?) -> String {
        guard let pointer else { return "" }
        return String(cString: pointer).trimmingTrailingWhitespace
    }
}

private func withCStrings<R>(_ strings: [String], _ body: (UnsafePointer<UnsafePointer<CChar>?>) -> R) -> R {
    withOptionalCStrings(strings) { body($0!) }
}

private func withOptionalCStrings<R>(_ strings: [String?], _ body: (UnsafePointer<UnsafePointer<CChar>?>?) -> R) -> R {
    let duplicates = strings.map { $0.map { strdup($0) } ?? nil }
    defer { for duplicate in duplicates { free(duplicate) } }
    var pointers = duplicates.map { UnsafePointer($0) } + [nil]
    return pointers.withUnsafeMutableBufferPointer { body(UnsafePointer($0.baseAddress)) }
}

extension String {
    fileprivate var trimmingTrailingWhitespace: String {
        var text = Substring(self)
        while let last = text.last, last.isWhitespace { text = text.dropLast() }
        return String(text)
    }
}
