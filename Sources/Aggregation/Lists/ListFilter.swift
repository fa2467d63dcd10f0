import Foundation

/// One filter of a list: a predicate on its rows. Filters combine with AND, so they commute
/// and each is idempotent.
public struct ListFilter<Row>: Sendable {
    public let matches: @Sendable (Row) -> Bool

    public init(_ matches: @escaping @Sendable (Row) -> Bool) {
        self.matches = matches
    }
}
