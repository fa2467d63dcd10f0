/// Encodes an `Encodable` value as a `JSONValue`, its objects' keys in the order they are
/// encoded, so that a `Codable` record is written by the project's own writer
/// (`JSONValue.serialized`) byte for byte as a hand-built `JSONValue` was. A key encoded with
/// `encodeIfPresent` and nil is left out, as Foundation's `JSONEncoder` leaves it out; an
/// optional encoded with `encode` is written as null.
public struct JSONValueEncoder {
    public init() {}

    public func encode<T: Encodable>(_ value: T) throws -> JSONValue {
        let node = Node()
        try Node.encode(value, into: node, codingPath: [])
        return node.value
    }

    /// A value being built: a leaf, or an object or array whose members are filled in later.
    final class Node {
        enum Kind {
            case leaf(JSONValue)
            case object([(String, Node)])
            case array([Node])
        }

        var kind = Kind.leaf(.null)

        var value: JSONValue {
            switch kind {
            case .leaf(let value): value
            case .object(let members): .object(members.map { ($0.0, $0.1.value) })
            case .array(let items): .array(items.map(\.value))
            }
        }

        /// A leaf for the values the writer has a case for; anything else encodes itself.
        static func encode<T: Encodable>(_ value: T, into node: Node, codingPath: [any CodingKey]) throws {
            switch value {
            case let text as String: node.kind = .leaf(.string(text))
            case let number as Int: node.kind = .leaf(.integer(number))
            case let flag as Bool: node.kind = .leaf(.bool(flag))
            case let number as Double: node.kind = .leaf(.number(number))
            case let number as Float: node.kind = .leaf(.number(Double(number)))
            case let number as any BinaryInteger:
                guard let exact = Int(exactly: number) else {
                    throw EncodingError.invalidValue(
                        value,
                        .init(codingPath: codingPath, debugDescription: "\(number) does not fit in an Int")
                    )
                }
                node.kind = .leaf(.integer(exact))
            default: try value.encode(to: NodeEncoder(node: node, codingPath: codingPath))
            }
        }

        func member(_ key: String) -> Node {
            let child = Node()
            if case .object(var members) = kind {
                kind = .leaf(.null)  // one reference to the members while they change
                if let index = members.firstIndex(where: { $0.0 == key }) {
                    members[index].1 = child
                } else {
                    members.append((key, child))
                }
                kind = .object(members)
            } else {
                kind = .object([(key, child)])
            }
            return child
        }

        func item() -> Node {
            let child = Node()
            if case .array(var items) = kind {
                kind = .leaf(.null)
                items.append(child)
                kind = .array(items)
            } else {
                kind = .array([child])
            }
            return child
        }

        var count: Int { if case .array(let items) = kind { items.count } else { 0 } }
    }

    struct NodeEncoder: Encoder {
        let node: Node
        let codingPath: [any CodingKey]
        var userInfo: [CodingUserInfoKey: Any] { [:] }

        func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
            if case .object = node.kind {} else { node.kind = .object([]) }
            return KeyedEncodingContainer(Keyed<Key>(node: node, codingPath: codingPath))
        }

        func unkeyedContainer() -> any UnkeyedEncodingContainer {
            if case .array = node.kind {} else { node.kind = .array([]) }
            return Unkeyed(node: node, codingPath: codingPath)
        }

        func singleValueContainer() -> any SingleValueEncodingContainer { Single(node: node, codingPath: codingPath) }
    }

    struct Keyed<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let node: Node
        let codingPath: [any CodingKey]

        mutating func encodeNil(forKey key: Key) throws { node.member(key.stringValue).kind = .leaf(.null) }

        mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
            try Node.encode(value, into: node.member(key.stringValue), codingPath: codingPath + [key])
        }

        mutating func nestedContainer<NestedKey: CodingKey>(
            keyedBy keyType: NestedKey.Type,
            forKey key: Key
        ) -> KeyedEncodingContainer<NestedKey> {
            NodeEncoder(node: node.member(key.stringValue), codingPath: codingPath + [key]).container(keyedBy: keyType)
        }

        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
            NodeEncoder(node: node.member(key.stringValue), codingPath: codingPath + [key]).unkeyedContainer()
        }

        mutating func superEncoder() -> any Encoder { NodeEncoder(node: node.member("super"), codingPath: codingPath) }

        mutating func superEncoder(forKey key: Key) -> any Encoder {
            NodeEncoder(node: node.member(key.stringValue), codingPath: codingPath + [key])
        }
    }

    struct Unkeyed: UnkeyedEncodingContainer {
        let node: Node
        let codingPath: [any CodingKey]
        var count: Int { node.count }

        mutating func encodeNil() throws { node.item().kind = .leaf(.null) }

        mutating func encode<T: Encodable>(_ value: T) throws {
            try Node.encode(value, into: node.item(), codingPath: codingPath)
        }

        mutating func nestedContainer<NestedKey: CodingKey>(
            keyedBy keyType: NestedKey.Type
        ) -> KeyedEncodingContainer<NestedKey> {
            NodeEncoder(node: node.item(), codingPath: codingPath).container(keyedBy: keyType)
        }

        mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
            NodeEncoder(node: node.item(), codingPath: codingPath).unkeyedContainer()
        }

        mutating func superEncoder() -> any Encoder { NodeEncoder(node: node.item(), codingPath: codingPath) }
    }

    struct Single: SingleValueEncodingContainer {
        let node: Node
        let codingPath: [any CodingKey]

        mutating func encodeNil() throws { node.kind = .leaf(.null) }

        mutating func encode<T: Encodable>(_ value: T) throws {
            try Node.encode(value, into: node, codingPath: codingPath)
        }
    }
}
