/// A count for one category of a breakdown.
public struct Tally<Key: Hashable & Sendable>: Hashable, Sendable {
    public let key: Key
    public var count: Int

    public init(_ key: Key, _ count: Int) {
        self.key = key
        self.count = count
    }
}

extension Array {
    /// The count of a key in a breakdown; 0 when the key is not there.
    public func count<Key>(of key: Key) -> Int where Element == Tally<Key> {
        first { $0.key == key }?.count ?? 0
    }
}
