import Core
import Crypto
import Foundation

/// The SHA-256 of a file, for manifests, through swift-crypto (BoringSSL's implementation on
/// Linux): the file is read once, in 256 KiB chunks, and its size counted on the way, so a
/// manifest needs no second call for the size.
package enum FileDigest {
    /// The lower-case hex digest and the size in bytes of the file at `path`.
    /// - Throws: `RuntimeFailure` naming the file when it cannot be read.
    package static func sha256(ofFile path: String) throws -> (hex: String, bytes: Int) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw RuntimeFailure(
                "cannot read \(Quote.path(path)) to compute its checksum (\(String(cString: strerror(errno))))"
            )
        }
        defer { close(descriptor) }
        var hash = SHA256()
        var total = 0
        let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 18, alignment: 16)
        defer { chunk.deallocate() }
        while true {
            let count = read(descriptor, chunk.baseAddress, chunk.count)
            if count < 0 {
                if errno == EINTR { continue }
                throw RuntimeFailure(
                    "cannot read \(Quote.path(path)) to compute its checksum (\(String(cString: strerror(errno))))"
                )
            }
            if count == 0 { break }
            hash.update(bufferPointer: UnsafeRawBufferPointer(rebasing: chunk[0..<count]))
            total += count
        }
        return (hash.finalize().hex, total)
    }
}
