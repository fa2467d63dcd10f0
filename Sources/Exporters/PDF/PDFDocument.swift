import Foundation

/// A colour for the pdf, from a 24-bit value: `PDFColor(0x0066FF)`.
public struct PDFColor: Hashable, Sendable {
    public let red: Double, green: Double, blue: Double

    public init(_ hex: UInt32) {
        red = Double((hex >> 16) & 0xFF) / 255
        green = Double((hex >> 8) & 0xFF) / 255
        blue = Double(hex & 0xFF) / 255
    }

    init(red: Double, green: Double, blue: Double) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// The colour mixed with white: `amount` 0 is white, 1 is the colour.
    public func tint(_ amount: Double) -> PDFColor {
        PDFColor(red: 1 - (1 - red) * amount, green: 1 - (1 - green) * amount, blue: 1 - (1 - blue) * amount)
    }

    /// The colour darkened, for text on its own tint.
    func shade(_ amount: Double) -> PDFColor {
        PDFColor(red: red * amount, green: green * amount, blue: blue * amount)
    }

    /// Relative luminance (WCAG 2.1): each channel linearised from sRGB, then weighted.
    public var luminance: Double {
        func linear(_ channel: Double) -> Double {
            channel <= 0.04045 ? channel / 12.92 : pow((channel + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
    }

    /// The contrast ratio of two colours (WCAG 2.1), from 1 to 21.
    public func contrast(with other: PDFColor) -> Double {
        let (light, dark) = (max(luminance, other.luminance), min(luminance, other.luminance))
        return (light + 0.05) / (dark + 0.05)
    }

    /// The least contrast text has against its background in every pdf (WCAG 2.1 AA).
    public static let minimumContrast = 4.5

    /// The colour as text on `background`: itself when it reads at 4.5:1 or more, else darkened
    /// (each channel scaled alike, so the hue stays) just until it does, or lightened the same
    /// way on a dark background.
    public func readable(on background: PDFColor) -> PDFColor {
        guard contrast(with: background) < PDFColor.minimumContrast else { return self }
        let darken = background.luminance > 0.18
        var amount = 1.0
        var color = self
        while color.contrast(with: background) < PDFColor.minimumContrast, amount > 0 {
            amount -= 0.02
            color =
                darken
                ? shade(max(0, amount))
                : PDFColor(red: 1 - (1 - red) * amount, green: 1 - (1 - green) * amount, blue: 1 - (1 - blue) * amount)
        }
        return color
    }

    /// A badge's fill, the colour mixed with white, and its text, the colour darkened until it
    /// reads on that fill.
    public static let badgeTint = 0.18
    public var badgeText: PDFColor { shade(0.7).readable(on: tint(PDFColor.badgeTint)) }

    public static let white = PDFColor(0xFFFFFF)
    public static let text = PDFColor(0x111827)
    public static let link = PDFColor(0x0563C1)
    public static let muted = PDFColor(0x6B7280)
    static let rule = PDFColor(0xE5E7EB)
    public static let headerFill = PDFColor(0xF3F4F6)
    public static let cardFill = PDFColor(0xF9FAFB)
}

/// A document of the pdf renderer: metadata, page orientation, and blocks laid out top to
/// bottom, breaking across pages.
/// Not Sendable: a table may hold a spool of rows in a file.
public struct PDFDocument {
    public enum Orientation: Sendable {
        case portrait
        case landscape
    }

    public var title: String
    public var subject: String
    public var creator: String
    /// The creation date written into the metadata, from the run's clock.
    public var created: Date
    /// The generation time as every footer shows it, e.g. "Generated Nov 23, 2026, 1:00 AM".
    public var footer: String
    public var orientation: Orientation
    public var blocks: [PDFBlock]

    public init(
        title: String,
        subject: String,
        creator: String,
        created: Date,
        footer: String,
        orientation: Orientation,
        blocks: [PDFBlock] = []
    ) {
        self.title = title
        self.subject = subject
        self.creator = creator
        self.created = created
        self.footer = footer
        self.orientation = orientation
        self.blocks = blocks
    }
}

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

public struct PDFBar: Sendable {
    public let label: String
    public let value: Double
    public let color: PDFColor

    public init(label: String, value: Double, color: PDFColor) {
        self.label = label
        self.value = value
        self.color = color
    }
}

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
