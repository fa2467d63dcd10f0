import Foundation

/// One piece of a document.
public enum PDFBlock {
    /// The title block: a large title and lines under it.
    case title(String, lines: [String])
    /// A section heading, with an entry in the outline (bookmarks).
    case section(String)
    /// A row of coloured stat cards.
    case cards([PDFCard])
    /// Horizontal bars, one per label, scaled to the largest value.
    case bars([PDFBar])
    /// A table whose rows break across pages with the header repeated.
    case table(PDFTable)
    /// A line of text, e.g. a note or an empty-result message.
    case note(String, color: PDFColor? = nil)
    /// A heading inside a section, kept on the page of what follows it (no outline entry).
    case subheading(String)
    /// A line chart, kept whole on one page (PDFLineChart.swift).
    case lineChart(PDFLineChart)
    /// Blocks kept together on one page (a heading with its first chart), placed one under
    /// another; on a new page when they do not fit on this one, one after another as usual when
    /// they would not fit on any.
    case together([PDFBlock])
    /// Two columns side by side, each half the width less a gap, kept whole on one page: the
    /// first column's blocks wholly, then the second's, in reading order (PageFlow+Columns.swift).
    /// Columns taller than a page are placed one after the other at the page's width.
    case columns([PDFBlock], [PDFBlock])
}
