import Foundation
import SeededRandom
import Testing

@testable import Core

/// `PathText.folder` gives what Foundation's `deletingLastPathComponent` gives for an ordinary
/// path, and an answer where Foundation on Linux stops the process (a one-character last
/// component with no folder).
struct PathTextTests {
    @Test(arguments: [
        ("a", ""), ("a/", ""), ("ab", ""), ("", ""), ("/", "/"), ("//", "/"), ("/a", "/"), ("//a", "/"),
        ("/tmp/", "/"), ("/tmp/a.pdf", "/tmp"), ("a/b/", "a"), ("./a", "."), ("ab/c", "ab"), ("x//y", "x"),
        ("/é/ß", "/é"),
    ])
    func theFolderOfAPath(path: String, folder: String) {
        #expect(PathText.folder(of: path) == folder)
    }

    /// On 20,000 seeded paths, absolute or relative, of names joined by one or more slashes and
    /// ending in slashes or not, the folder is the names before the last one as they were joined
    /// (`/` for a name at the root, empty for a name alone). Foundation is not the oracle here:
    /// besides the one-character names it stops on others (`/..` among them, on this Foundation).
    @Test func theFolderIsTheNamesBeforeTheLast() {
        var random = SplitMix64(seed: 50)
        let names = ["a", "bc", ".", "..", "é", "dir", "x y"]
        func slashes() -> String { String(repeating: "/", count: Int(random.next() % 3) + 1) }
        for _ in 0..<20_000 {
            let count = Int(random.next() % 4) + 1
            let parts = (0..<count).map { _ in names[Int(random.next() % UInt64(names.count))] }
            let absolute = random.next() % 2 == 0
            var folder = absolute ? slashes() : ""
            for part in parts.dropLast() { folder += part + slashes() }
            let path = folder + parts[parts.count - 1] + (random.next() % 3 == 0 ? slashes() : "")
            var expected = String(folder.reversed().drop { $0 == "/" }.reversed())
            if expected.isEmpty && absolute { expected = "/" }
            #expect(PathText.folder(of: path) == expected, "\(path)")
        }
    }
}
