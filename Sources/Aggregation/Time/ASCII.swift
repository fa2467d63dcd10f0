/// Small helpers for reading ASCII digits from UTF-8 bytes.
/// They take any collection that is its own slice (`ArraySlice`, a slice of an unsafe
/// buffer), so that text read from SQLite can be parsed where it lies.
enum ASCII {
    static func digits<Bytes: Collection<UInt8>>(_ bytes: inout Bytes, count: Int) -> Int?
    where Bytes.SubSequence == Bytes {
        guard bytes.count >= count else { return nil }
        var value = 0
        for _ in 0..<count {
            let byte = bytes[bytes.startIndex]
            guard byte >= 0x30, byte <= 0x39 else { return nil }
            value = value * 10 + Int(byte - 0x30)
            bytes.removeFirst()
        }
        return value
    }

    static func take<Bytes: Collection<UInt8>>(_ bytes: inout Bytes, _ expected: UInt8) -> Bool
    where Bytes.SubSequence == Bytes {
        guard bytes.first == expected else { return false }
        bytes.removeFirst()
        return true
    }
}
