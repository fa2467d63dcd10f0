import Foundation

/// A real PostgreSQL server for the tests: Debian's binaries, a throwaway cluster in a
/// temporary folder, run as the `postgres` user when the tests run as root (the server
/// refuses root), listening on 127.0.0.1 on a free port and on a socket in that folder,
/// and stopped by its pid. The `postgres` role logs in without a password over TCP; every
/// other role needs its password (scram-sha-256), so that a wrong password is refused.
public final class PostgresServer: Sendable {
    public let folder: String
    public let port: Int
    public let ssl: Bool
    private let pid: Int32

    /// One server for the whole test process (with TLS), started on first use and stopped
    /// when the process exits.
    public static let shared: Result<PostgresServer, any Error> = {
        let result = Result { try PostgresServer(ssl: true) }
        atexit { if case .success(let server) = PostgresServer.shared { server.stop() } }
        return result
    }()

    public static func sharedServer() throws -> PostgresServer { try shared.get() }

    /// Initialises and starts a cluster. With `ssl`, the server offers TLS with a
    /// self-signed certificate made for it.
    public init(ssl: Bool) throws {
        let bin = try Self.binFolder()
        let base = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent(
            "report-batch-pg-\(getpid())-\(UUID().uuidString.prefix(8))"
        ).path
        try FileManager.default.createDirectory(atPath: base, withIntermediateDirectories: true)
        folder = base
        let data = base + "/data"
        let asRoot = getuid() == 0
        if asRoot { try Self.check(ReportBatchProcess.tool("chown", ["postgres", base]), "chown") }
        func server(_ program: String, _ arguments: [String]) throws -> CommandResult {
            let path = program.hasPrefix("/") ? program : bin + "/" + program
            return asRoot
                ? try ReportBatchProcess.tool("runuser", ["-u", "postgres", "--", path] + arguments)
                : try ReportBatchProcess.tool(path, arguments)
        }
        try Self.check(
            server("initdb", ["-D", data, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--locale=C"]),
            "initdb"
        )
        let hba = """
            local all all trust
            host all postgres 127.0.0.1/32 trust
            host all all 127.0.0.1/32 scram-sha-256
            """
        try hba.write(toFile: data + "/pg_hba.conf", atomically: false, encoding: .utf8)
        var settings = [
            "listen_addresses = '127.0.0.1'", "unix_socket_directories = '\(base)'", "fsync = off",
            "log_statement = 'all'",
        ]
        if ssl {
            try Self.check(
                ReportBatchProcess.tool(
                    "openssl",
                    [
                        "req", "-new", "-x509", "-days", "2", "-nodes", "-subj", "/CN=127.0.0.1",
                        "-keyout", data + "/server.key", "-out", data + "/server.crt",
                    ]
                ),
                "openssl"
            )
            chmod(data + "/server.key", 0o600)
            settings.append("ssl = on")
        }
        let configuration =
            try String(contentsOfFile: data + "/postgresql.conf", encoding: .utf8) + "\n"
            + settings.joined(separator: "\n") + "\n"
        try configuration.write(toFile: data + "/postgresql.conf", atomically: false, encoding: .utf8)
        if asRoot { try Self.check(ReportBatchProcess.tool("chown", ["-R", "postgres", data]), "chown") }

        var started: (port: Int, pid: Int32)?
        for _ in 0..<5 where started == nil {
            let port = ServerProcess.freePort()
            // The server would inherit every descriptor of this process, among them the one
            // Foundation watches to learn that its child ended: the shell closes them first.
            let closeInherited =
                #"for fd in /proc/self/fd/*; do n=${fd##*/}; [ "$n" -gt 2 ] && eval "exec $n>&-" 2>/dev/null; done; exec "$0" "$@""#
            let start = try server(
                "/bin/bash",
                [
                    "-c", closeInherited, bin + "/pg_ctl", "-D", data, "-o", "-p \(port)", "-l", base + "/server.log",
                    "-w", "-t", "30", "start",
                ]
            )
            if start.status == 0, let text = try? String(contentsOfFile: data + "/postmaster.pid", encoding: .utf8),
                let pid = text.split(separator: "\n").first.flatMap({ Int32($0) })
            {
                started = (port, pid)
            }
        }
        guard let started else {
            let log = (try? String(contentsOfFile: base + "/server.log", encoding: .utf8)) ?? ""
            throw ServerProcess.ServerError("the test PostgreSQL server did not start: \(log.suffix(2000))")
        }
        port = started.port
        pid = started.pid
        self.ssl = ssl
    }

    /// Stops the server by its pid (a fast shutdown) and removes its folder.
    public func stop() {
        kill(pid, SIGINT)
        for _ in 0..<300 where kill(pid, 0) == 0 { usleep(20_000) }
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// A URI for `database` as `user` (with `password`, percent-encoded here), plus `query`.
    public func uri(
        _ database: String,
        user: String = "postgres",
        password: String? = nil,
        query: String = ""
    ) -> String {
        let secret =
            password.map { ":" + ($0.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? $0) } ?? ""
        return "postgresql://\(user)\(secret)@127.0.0.1:\(port)/\(database)" + (query.isEmpty ? "" : "?" + query)
    }

    /// Runs SQL through psql as `postgres` (over the socket); fails the caller on an error.
    @discardableResult
    public func psql(_ database: String, _ sql: String) throws -> String {
        let result = try ReportBatchProcess.tool(
            "psql",
            [
                "-X", "-q", "-A", "-t", "-v", "ON_ERROR_STOP=1", "-h", folder, "-p", "\(port)",
                "-U", "postgres", "-d", database, "-c", sql,
            ]
        )
        guard result.status == 0 else {
            throw ServerProcess.ServerError("psql failed on \(database): \(result.stderr)")
        }
        return result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// A new empty database with a unique name.
    public func createDatabase(_ label: String) throws -> String {
        let name = "\(label)_\(UUID().uuidString.prefix(8).lowercased())"
        try psql("postgres", "CREATE DATABASE \(name)")
        return name
    }

    /// The arguments that make psql connect like `psql(_:_:)`, for a long-lived psql process.
    public func psqlArguments(_ database: String) -> [String] {
        ["-X", "-q", "-v", "ON_ERROR_STOP=1", "-h", folder, "-p", "\(port)", "-U", "postgres", "-d", database]
    }

    /// The server's log: every statement it ran (`log_statement = all`).
    public var log: String { (try? String(contentsOfFile: folder + "/server.log", encoding: .utf8)) ?? "" }

    private static func binFolder() throws -> String {
        let result = try ReportBatchProcess.tool("pg_config", ["--bindir"])
        let folder = result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        if FileManager.default.fileExists(atPath: folder + "/initdb") { return folder }
        let versions = (try? FileManager.default.contentsOfDirectory(atPath: "/usr/lib/postgresql")) ?? []
        guard let newest = versions.compactMap(Int.init).max() else {
            throw ServerProcess.ServerError(
                "no PostgreSQL server binaries (install Debian's postgresql: scripts/install-deps.sh)"
            )
        }
        return "/usr/lib/postgresql/\(newest)/bin"
    }

    private static func check(_ result: CommandResult, _ what: String) throws {
        guard result.status == 0 else { throw ServerProcess.ServerError("\(what) failed: \(result.stderr)") }
    }
}
