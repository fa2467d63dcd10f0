import Foundation

public struct PDFCard: Sendable {
    public let label: String
    public let value: String
    public let color: PDFColor
    /// A small line under the label (what the figure counts), up to two lines.
    public let note: String?
    /// The change from the period before in words, under the note: one line, or two where it
    /// has a line break ("+4\non Nov 9 – Nov 15").
    public let change: String?

    public init(label: String, value: String, color: PDFColor, note: String? = nil, change: String? = nil) {
        self.label = label
        self.value = value
        self.color = color
        self.note = note
        self.change = change
    }
}
