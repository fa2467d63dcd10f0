import TestSupport
import Testing

@testable import PostgresClient

/// COPY's text format as the server writes it, read back field by field.
struct PGCopyRowTests {
    static func fields(_ line: String) -> [String?] {
        var bytes = Array(line.utf8)
        return bytes.withUnsafeMutableBufferPointer { buffer in
            var fields: [String?] = []
            PGCopyRow(UnsafeBufferPointer(buffer)).forEachField { index, bytes, _ in
                #expect(index == fields.count)
                fields.append(bytes.map { String(decoding: $0, as: UTF8.self) })
            }
            #expect(fields == PGCopyRow(UnsafeBufferPointer(buffer)).fields())
            return fields
        }
    }

    @Test(
        arguments: [
            ("a\tb\n", ["a", "b"]),
            ("\\N\t\t\n", [nil, "", ""]),
            ("", [""]),
            ("tab\\there\\nnew\\\\slash\\r\n", ["tab\there\nnew\\slash\r"]),
            ("\\101\\x42\\b\\f\\v\\q\t東京 🏈\n", ["AB\u{8}\u{C}\u{B}q", "東京 🏈"]),
            ("\\\\N\t\\N\n", ["\\N", nil]),
            ("x\\", ["x\\"]),
        ] as [(String, [String?])]
    )
    func readsEveryField(line: String, expected: [String?]) {
        #expect(Self.fields(line) == expected)
    }
}

/// A misspelt or foreign URI is a usage error that shows the scheme only, never the password.
struct MisspeltURITests {
    @Test(arguments: [
        "postgresql:/reader:S3cret-pw@db.example.com/app", "postgre://reader:S3cret-pw@db.example.com/app",
        "mysql://reader:S3cret-pw@h/app",
    ])
    func isAUsageErrorWithoutThePassword(uri: String) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let result = try ReportBatchProcess.run(["families", "--db", uri], in: folder.path)
        #expect(result.status == 64)
        #expect(result.stderr.contains("is not a database report-batch reads"), "\(result.stderr)")
        #expect(!(result.stdout + result.stderr).contains("S3cret"))
    }
}
