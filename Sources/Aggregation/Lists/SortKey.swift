import Foundation

/// One key of a sort: an ordering of two rows, `.orderedSame` when this key cannot tell them apart.
public struct SortKey<Row>: Sendable {
    public let compare: @Sendable (Row, Row) -> ComparisonResult

    public init(_ compare: @escaping @Sendable (Row, Row) -> ComparisonResult) {
        self.compare = compare
    }

    /// Ascending by a comparable value; rows whose value is nil go last either way.
    public static func ascending<Value: Comparable & Sendable>(_ value: @escaping @Sendable (Row) -> Value?) -> SortKey
    {
        SortKey { a, b in order(value(a), value(b), descending: false) }
    }

    /// Descending by a comparable value; rows whose value is nil go last either way.
    public static func descending<Value: Comparable & Sendable>(_ value: @escaping @Sendable (Row) -> Value?) -> SortKey
    {
        SortKey { a, b in order(value(a), value(b), descending: true) }
    }

    private static func order<Value: Comparable>(_ a: Value?, _ b: Value?, descending: Bool) -> ComparisonResult {
        switch (a, b) {
        case (nil, nil): return .orderedSame
        case (nil, _): return .orderedDescending
        case (_, nil): return .orderedAscending
        case (let a?, let b?):
            if a == b { return .orderedSame }
            return (a < b) != descending ? .orderedAscending : .orderedDescending
        }
    }
}
