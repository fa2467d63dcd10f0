import Foundation

/// A text with its folded form, so that a sort folds each text once, not on every comparison.
public struct SortText: Hashable, Sendable {
    public let text: String
    public let folded: String

    public init(_ text: String) {
        self.text = text
        folded = FoldedText.fold(text)
    }
}
