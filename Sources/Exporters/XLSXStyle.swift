import CXlsxWriter

/// How a cell looks, beyond the shared styles of `XLSXSheet.Style`: font, fill, number
/// format, borders. The workbook makes one libxlsxwriter format per distinct style and reuses
/// it (`XLSXWorkbook.format(for:)`), so a style costs nothing per cell.
public struct XLSXStyle: Hashable, Sendable {
    public var bold = false
    /// The font size in points (11 when nil).
    public var size: Double?
    /// The font colour, `0xRRGGBB`.
    public var color: UInt32?
    /// A solid background.
    public var fill: UInt32?
    /// An Excel number format; nil takes the cell's own (a percentage's, a date's).
    public var numberFormat: String?
    public var wrap = false
    /// Text at the cell's top rather than its bottom.
    public var alignTop = false
    /// Against the cell's left edge (numbers too) or its right edge (text too); nil: the
    /// spreadsheet's own, text left and numbers right.
    public var horizontal: Horizontal?
    /// A thin line under the cell, in this colour.
    public var bottomBorder: UInt32?
    /// A thick line over the cell, in this colour (a card's accent).
    public var topBorder: UInt32?

    public init(
        bold: Bool = false,
        size: Double? = nil,
        color: UInt32? = nil,
        fill: UInt32? = nil,
        numberFormat: String? = nil,
        wrap: Bool = false,
        alignTop: Bool = false,
        horizontal: Horizontal? = nil,
        bottomBorder: UInt32? = nil,
        topBorder: UInt32? = nil
    ) {
        self.bold = bold
        self.size = size
        self.color = color
        self.fill = fill
        self.numberFormat = numberFormat
        self.wrap = wrap
        self.alignTop = alignTop
        self.horizontal = horizontal
        self.bottomBorder = bottomBorder
        self.topBorder = topBorder
    }

    /// Applies the style to a new libxlsxwriter format (which copies every value it is given).
    func configure(_ format: UnsafeMutablePointer<lxw_format>) {
        if bold { format_set_bold(format) }
        if let size { format_set_font_size(format, size) }
        if let color { format_set_font_color(format, color) }
        if let fill {
            format_set_pattern(format, UInt8(LXW_PATTERN_SOLID.rawValue))
            format_set_bg_color(format, fill)
        }
        if let numberFormat { format_set_num_format(format, numberFormat) }
        if wrap { format_set_text_wrap(format) }
        if alignTop { format_set_align(format, UInt8(LXW_ALIGN_VERTICAL_TOP.rawValue)) }
        switch horizontal {
        case .left: format_set_align(format, UInt8(LXW_ALIGN_LEFT.rawValue))
        case .right: format_set_align(format, UInt8(LXW_ALIGN_RIGHT.rawValue))
        case nil: break
        }
        if let bottomBorder {
            format_set_bottom(format, UInt8(LXW_BORDER_THIN.rawValue))
            format_set_bottom_color(format, bottomBorder)
        }
        if let topBorder {
            format_set_top(format, UInt8(LXW_BORDER_THICK.rawValue))
            format_set_top_color(format, topBorder)
        }
    }

    /// The style with the number format the shared styles give `cell` (a percentage's, a date's).
    func withNumberFormat(for cell: Cell) -> XLSXStyle {
        var style = self
        style.numberFormat = XLSXStyle.defaultNumberFormat(for: cell)
        return style
    }

    /// The number formats the shared styles give each kind of cell, for a style that names none.
    static func defaultNumberFormat(for cell: Cell) -> String? {
        switch cell {
        case .percent(let value) where value.isFinite: percentFormat(places: NumberText.percentPlaces(value))
        case .points: pointsFormat
        case .date: "yyyy-mm-dd"
        case .dateTime: "yyyy-mm-dd hh:mm"
        default: nil
        }
    }

    /// A percentage that is the value itself (45.2 reads "45.2%"), with `places` decimals.
    static func percentFormat(places: Int) -> String { "0." + String(repeating: "0", count: max(1, places)) + "\"%\"" }
    static let pointsFormat = "+0.0\" pts\";-0.0\" pts\";0.0\" pts\""
}

extension XLSXStyle {
    /// Which edge of its cell a value stands against.
    public enum Horizontal: Hashable, Sendable {
        case left, right
    }
}
