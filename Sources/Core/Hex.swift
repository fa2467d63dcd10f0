extension Sequence<UInt8> {
    /// Lower-case hex, two digits a byte (digests, tokens, ids).
    package var hex: String {
        var text = [UInt8]()
        text.reserveCapacity(underestimatedCount * 2)
        for byte in self {
            text.append(hexDigits[Int(byte >> 4)])
            text.append(hexDigits[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}

private let hexDigits = Array("0123456789abcdef".utf8)
