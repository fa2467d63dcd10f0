import Foundation

public struct PDFTable {
    public struct Column: Sendable {
        public let title: String
        /// A share of the table's width; the shares are scaled to fill it.
        public let weight: Double
        public let alignRight: Bool
        /// What the column does when the page is too narrow (tables sized by content).
        public let fit: PDFColumnFit
        /// The most the column's content counts for, in points (tables sized by content): so that
        /// one odd value cannot take the room of the columns beside it on a full page, where a
        /// text wider ends in "…". (With room to spare every column grows alike.)
        public let maxWidth: Double?

        public init(
            _ title: String,
            weight: Double = 1,
            alignRight: Bool = false,
            fit: PDFColumnFit = .shrink,
            maxWidth: Double? = nil
        ) {
            self.title = title
            self.weight = weight
            self.alignRight = alignRight
            self.fit = fit
            self.maxWidth = maxWidth
        }

        /// The width a column sized by content needs for a text (for a `maxWidth`).
        public static func width(forText text: String) -> Double {
            ColumnSizing.columnWidth(forText: text)
        }
    }

    public var columns: [Column]
    public var rows: PDFRows
    /// Columns sized from their content (`ColumnSizing`) rather than by their weights.
    public var sizedByContent = false
    /// With `sizedByContent`, each column's widest cells (by the estimate) and its title measured
    /// with pango before the widths are shared out, so that a column is as wide as what it draws
    /// (the estimate errs wide, a bold badge by up to half).
    public var measuresContent = false

    public init(columns: [Column], rows: [[PDFCell]]) {
        self.columns = columns
        self.rows = .cells(rows)
    }

    /// A table whose rows are in a spool, read back as it is drawn.
    public init(columns: [Column], spool: PDFRowSpool) {
        self.columns = columns
        rows = .spool(spool)
    }
}
