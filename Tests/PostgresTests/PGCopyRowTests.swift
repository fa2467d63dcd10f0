@testable import PostgresClient
import Testing

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

    @Test(arguments: [
        ("a\tb\n", ["a", "b"]),
        ("\\N\t\t\n", [nil, "", ""]),
        ("", [""]),
        ("tab\\there\\nnew\\\\slash\\r\n", ["tab\there\nnew\\slash\r"]),
        ("\\101\\x42\\b\\f\\v\\q\t東京 🏈\n", ["AB\u{8}\u{C}\u{B}q", "東京 🏈"]),
        ("\\\\N\t\\N\n", ["\\N", nil]),
        ("x\\", ["x\\"]),
    ] as [(String, [String?])])
    func readsEveryField(line: String, expected: [String?]) {
        #expect(Self.fields(line) == expected)
    }
}
