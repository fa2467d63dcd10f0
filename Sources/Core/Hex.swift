import Foundation

extension Sequence<UInt8> {
    /// Lower-case hex, two digits a byte (digests, tokens, ids).
    package var hex: String { map { String(format: "%02x", $0) }.joined() }
}
