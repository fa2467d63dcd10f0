import Foundation

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
