/// Path arithmetic on text, where Foundation's cannot be trusted: on Linux,
/// `NSString.deletingLastPathComponent` stops the process (an illegal instruction) for a path
/// whose last component is one character with no folder before it (`a`, `a/`), so an output
/// named `a` in the current folder crashed every command that writes one.
package enum PathText {
    /// The folder that holds `path`, as `deletingLastPathComponent` gives it: `/tmp/a.pdf` →
    /// `/tmp`, `/a` → `/`, `a/b/` → `a`, `a` → `` (the current folder, as an empty path).
    package static func folder(of path: String) -> String {
        let slash = UInt8(ascii: "/")
        var bytes = Array(path.utf8)
        while bytes.count > 1, bytes.last == slash { bytes.removeLast() }
        guard let last = bytes.lastIndex(of: slash) else { return "" }
        var end = last
        while end > 0, bytes[end - 1] == slash { end -= 1 }
        return end == 0 ? "/" : String(decoding: bytes[..<end], as: UTF8.self)
    }
}
