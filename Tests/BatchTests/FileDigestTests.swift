import Batch
import Foundation
import TestSupport
import Testing

struct FileDigestTests {
    /// The FIPS 180-4 examples, and a million 'a's (past the 256 KiB read chunk), read from files.
    @Test(arguments: [
        (Data(), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        (Data("abc".utf8), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        (
            Data("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8),
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
        ),
        (
            Data(repeating: UInt8(ascii: "a"), count: 1_000_000),
            "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0"
        ),
    ])
    func sha256OfAFile(content: Data, digest: String) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try content.write(to: URL(fileURLWithPath: folder.file("f")))
        let result = try FileDigest.sha256(ofFile: folder.file("f"))
        #expect(result.hex == digest)
        #expect(result.bytes == content.count)
        #expect(throws: (any Error).self) { try FileDigest.sha256(ofFile: folder.file("missing")) }
    }
}
