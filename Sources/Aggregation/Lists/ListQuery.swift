import Foundation

/// A row of a list export: every list sorts with a final tie-break on its id.
public protocol ListRow {
    var id: String { get }
}

/// One filter of a list: a predicate on its rows. Filters combine with AND, so they commute
/// and each is idempotent.
public struct ListFilter<Row>: Sendable {
    public let matches: @Sendable (Row) -> Bool

    public init(_ matches: @escaping @Sendable (Row) -> Bool) {
        self.matches = matches
    }
}

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

/// Text as search and A–Z sorts see it: case and diacritics folded away, so that "jose"
/// finds "José" and "Ábaco" sorts with "abaco".
public enum FoldedText {
    public static func fold(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
    }

    /// Whether any of `fields` contains the (already folded) query.
    public static func matches(_ foldedQuery: String, in fields: [String?]) -> Bool {
        guard !foldedQuery.isEmpty else { return true }
        return fields.contains { field in field.map { fold($0).contains(foldedQuery) } ?? false }
    }

    /// A–Z ignoring case and diacritics: `BAKER` and `Baker`, `Émond` and `Emond` are the same,
    /// and the sort's tie-break on id orders them (docs/lists.md).
    public static func compare(_ a: String, _ b: String) -> ComparisonResult {
        compare(SortText(a), SortText(b))
    }

    /// The same order for texts whose folded form was computed once.
    public static func compare(_ a: SortText, _ b: SortText) -> ComparisonResult {
        if a.folded == b.folded { return .orderedSame }
        return CodePoint.less(a.folded, b.folded) ? .orderedAscending : .orderedDescending
    }
}

/// A text with its folded form, so that a sort folds each text once, not on every comparison.
public struct SortText: Hashable, Sendable {
    public let text: String
    public let folded: String

    public init(_ text: String) {
        self.text = text
        folded = FoldedText.fold(text)
    }
}
