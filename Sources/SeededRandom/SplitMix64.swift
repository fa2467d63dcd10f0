/// A small, fast, seedable random number generator (SplitMix64): the same seed gives the
/// same sequence on every machine, which is what the demo data and the property tests need.
package struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    package init(seed: UInt64) {
        state = seed
    }

    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A whole number in `range`.
    package mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &self) }

    /// True with probability `p`.
    package mutating func chance(_ p: Double) -> Bool { Double.random(in: 0..<1, using: &self) < p }

    /// One element of a non-empty array.
    package mutating func pick<T>(_ items: [T]) -> T { items[Int.random(in: 0..<items.count, using: &self)] }

    /// A UUID-shaped id made from the generator, so that ids are deterministic too.
    package mutating func uuid() -> String {
        let hex = Array("0123456789abcdef")
        var out = ""
        out.reserveCapacity(36)
        var bits = next()
        var more = next()
        for index in 0..<32 {
            if index == 16 {
                bits = more
                more = 0
            }
            out.append(hex[Int(bits & 0xF)])
            bits >>= 4
            if index == 7 || index == 11 || index == 15 || index == 19 { out.append("-") }
        }
        return out
    }
}
