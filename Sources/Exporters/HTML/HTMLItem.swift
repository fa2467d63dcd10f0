/// Named values in the order they were given, each key at most once (a later value replaces
/// an earlier one). Items hold a dozen keys at most, so a key is found by a scan.
public struct HTMLItem: Sendable, ExpressibleByDictionaryLiteral {
    public private(set) var entries: [(key: HTMLKey, value: HTMLValue)]

    /// - Precondition: no key twice (as a Dictionary's literal).
    public init(dictionaryLiteral elements: (HTMLKey, HTMLValue)...) {
        entries = elements.map { (key: $0.0, value: $0.1) }
        assert(Set(elements.map(\.0)).count == elements.count, "a key twice in an item")
    }

    public subscript(key: HTMLKey) -> HTMLValue? {
        get {
            for entry in entries where entry.key == key { return entry.value }
            return nil
        }
        set {
            if let index = entries.firstIndex(where: { $0.key == key }) {
                if let newValue { entries[index].value = newValue } else { entries.remove(at: index) }
            } else if let newValue {
                entries.append((key, newValue))
            }
        }
    }

    /// The item as swift-mustache's data: a dictionary by the keys' names.
    public var mustache: [String: Any] {
        Dictionary(entries.map { ($0.key.rawValue, $0.value.mustache) }) { _, last in last }
    }
}
