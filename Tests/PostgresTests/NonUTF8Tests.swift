import Foundation
import TestSupport
import Testing

/// A `SQL_ASCII` database, which stores whatever bytes it is given, holding bytes that are
/// not UTF-8 (docs/postgres.md, "Timeouts and encoding"): bad input like any bad value of a
/// SQLite file, naming table, row and column, that fails the family whose row holds it
/// (exit 4 in a batch, 65 for that family's report) and never the whole read (exit 1).
@Suite(.tags(.postgres), .serialized)
struct NonUTF8Tests {
    static let now = PostgresSourceTests.now

    /// The demo's two families in a new `SQL_ASCII` database, the first family's name with a
    /// 0xff byte in it; its id and the other's.
    struct Setup {
        let folder: TemporaryFolder
        let server: PostgresServer
        let database: String
        let bad: String
        let good: String
        var uri: String { server.uri(database) }

        init() throws {
            server = try PostgresServer.sharedServer()
            folder = try TemporaryFolder()
            database = "sqlascii_\(UUID().uuidString.prefix(8).lowercased())"
            try server.psql(
                "postgres",
                "CREATE DATABASE \(database) ENCODING 'SQL_ASCII' LC_COLLATE 'C' LC_CTYPE 'C' TEMPLATE template0"
            )
            let demo = try ReportBatchProcess.run(
                ["demo", "--out", server.uri(database), "--now", NonUTF8Tests.now, "--families", "2"],
                in: folder.path
            )
            try #require(demo.status == 0, "\(demo.stderr)")
            let ids = try server.psql(database, "SELECT id FROM family_units ORDER BY id").split(separator: "\n").map(
                String.init
            )
            try #require(ids.count == 2, "\(ids)")
            bad = ids[0]
            good = ids[1]
            try server.psql(
                database,
                "UPDATE family_units SET family_name = 'M' || E'\\xff' || 'ller Family' WHERE id = '\(bad)'"
            )
            let encoding = try server.psql(
                database,
                "SELECT pg_encoding_to_char(encoding) FROM pg_database WHERE datname = current_database()"
            )
            try #require(encoding == "SQL_ASCII")
        }

        func run(_ arguments: [String]) throws -> CommandResult {
            try ReportBatchProcess.run(arguments, in: folder.path)
        }
    }

    @Test func aFamilyNameThatIsNotUTF8FailsOnlyThatFamilyOfARun() throws {
        let setup = try Setup()
        defer { setup.folder.remove() }
        try "families: all\noutputs:\n  - report:\n    formats: [csv]\n".write(
            toFile: setup.folder.file("job.yaml"),
            atomically: true,
            encoding: .utf8
        )
        let result = try setup.run(["run", "job.yaml", "--db", setup.uri, "--out", "o", "--now", Self.now])
        #expect(result.status == 4, "\(result.stderr)\(result.stdout)")
        #expect(result.stdout.contains("2 families: 1 ok, 0 skipped (no data), 1 failed"), "\(result.stdout)")
        let failure = result.stderr.split(separator: "\n").filter { $0.contains(setup.bad) }
        #expect(failure.count == 1, "\(result.stderr)")
        #expect(
            failure.first?.contains("family_units row '\(setup.bad)', column family_name") == true,
            "\(result.stderr)"
        )
        #expect(!result.stderr.contains("invalid byte sequence"), "\(result.stderr)")
    }

    @Test func aReportAndCheckNameTheTableRowAndColumn() throws {
        let setup = try Setup()
        defer { setup.folder.remove() }
        let report = try setup.run([
            "report", "--db", setup.uri, "--family", setup.bad, "--format", "csv", "--out", "r", "--now", Self.now,
        ])
        #expect(report.status == 65, "\(report.stderr)")
        #expect(report.stderr.contains("family_units row '\(setup.bad)', column family_name"), "\(report.stderr)")
        #expect(report.stderr.split(separator: "\n").count == 1, "one line: \(report.stderr)")
        let other = try setup.run([
            "report", "--db", setup.uri, "--family", setup.good, "--format", "csv", "--out", "g", "--now", Self.now,
        ])
        #expect(other.status == 0 || other.status == 3, "\(other.stderr)")
        let check = try setup.run(["check", "--db", setup.uri])
        #expect(check.status == 65, "\(check.stderr)")
        #expect(
            (check.stdout + check.stderr).contains("family_units row '\(setup.bad)', column family_name"),
            "\(check.stdout)\(check.stderr)"
        )
    }
}
