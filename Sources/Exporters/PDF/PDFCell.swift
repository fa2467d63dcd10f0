import Foundation

/// A table cell. Text never leaves its cell: it ends in "…" when it does not fit.
public enum PDFCell: Sendable {
    case text(String, color: PDFColor? = nil, bold: Bool = false)
    /// A rounded, tinted label in a colour.
    case badge(String, PDFColor)
    /// A bar filled to `fraction` (0–1) in a colour, with a label after it.
    case bar(fraction: Double, color: PDFColor, label: String)
    /// Text that links to a URL (mailto:, tel:, https:).
    case link(String, url: String)
    /// Cells one under another, each on a line of its own (two contact details in one column);
    /// the table's rows are as tall as its tallest stack. Stacks do not nest.
    case stack([PDFCell])
    case empty
}
