import Foundation

/// The filters and the sort of one list: the one mechanism every list page reuses.
public struct ListQuery<Row: ListRow>: Sendable {
    public var filters: [ListFilter<Row>]
    public var sort: [SortKey<Row>]

    public init(filters: [ListFilter<Row>] = [], sort: [SortKey<Row>] = []) {
        self.filters = filters
        self.sort = sort
    }

    /// Whether a row passes every filter.
    public func matches(_ row: Row) -> Bool {
        filters.allSatisfy { $0.matches(row) }
    }

    /// Whether `a` comes before `b`: the sort's keys in turn, then the id in code-point order.
    public func precedes(_ a: Row, _ b: Row) -> Bool {
        for key in sort {
            switch key.compare(a, b) {
            case .orderedAscending: return true
            case .orderedDescending: return false
            case .orderedSame: continue
            }
        }
        return CodePoint.less(a.id, b.id)
    }

    /// The rows that pass every filter, in the sort's order. The order is total, so the
    /// same rows always come out the same way.
    public func apply(to rows: [Row]) -> [Row] {
        rows.filter(matches).sorted(by: precedes)
    }
}
