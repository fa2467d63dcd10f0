import CXlsxWriter
import Core
import Foundation

/// One worksheet of an `XLSXWorkbook`: typed cells (numbers as numbers, dates as dates,
/// links as links), a frozen and filtered header, and column widths fitted to the content.
///
/// The sheet reaches libxlsxwriter's worksheet only through `worksheet`, which throws once the
/// workbook is closed or gone: a sheet cannot write into freed memory, whatever its caller does.
public final class XLSXSheet {
    private var handle: UnsafeMutablePointer<lxw_worksheet>?
    public let name: String
    private weak var owner: XLSXWorkbook?
    /// Each column's fitted width in characters so far, by column; -1 for a column not fitted.
    private var widths: [Int] = []
    private var linkCount = 0
    private var cutCells = 0
    private var linksAsText = 0
    private var table: (header: Int, lastRow: Int, columns: Int)?
    /// Whether row 0 holds the sheet's title (`writeTitle`).
    private var titled = false

    /// Excel's limits (docs/outputs.md).
    public static let maxCellCharacters = 32_767
    public static let maxLinks = 65_530
    public static let maxLinkLength = 255
    /// Column widths are fitted to the content up to this many characters.
    public static let maxColumnWidth = 60

    init(worksheet: UnsafeMutablePointer<lxw_worksheet>, name: String, workbook: XLSXWorkbook) {
        handle = worksheet
        self.name = name
        owner = workbook
    }

    /// The C worksheet, while its workbook is open.
    var worksheet: UnsafeMutablePointer<lxw_worksheet> {
        get throws {
            guard let handle, owner != nil else { throw closedError }
            return handle
        }
    }

    /// The workbook, while it is open.
    private var workbook: XLSXWorkbook {
        get throws {
            guard handle != nil, let owner else { throw closedError }
            return owner
        }
    }

    private var closedError: ExportError {
        ExportError.library(
            name: "libxlsxwriter",
            call: "worksheet",
            message: "sheet '\(name)' belongs to a workbook that is already closed"
        )
    }

    /// Called by the workbook as it closes: from then on every use of the sheet throws.
    func detach() {
        handle = nil
    }

    /// Writes a bold header row at `row`, freezes the rows above and including it, and
    /// puts an autofilter over the table that follows (its extent is set when the sheet finishes).
    /// A header at the sheet's top, or under its title row (`writeTitle`), is also its print
    /// titles, the rows a spreadsheet program defines as the sheet's headers (_xlnm.Print_Titles)
    /// and prints on every page, and the sheet's `ColumnTitle` name, the row screen readers
    /// (JAWS's convention) announce as column headers.
    public func writeHeader(_ titles: [String], row: Int = 0) throws {
        for (column, title) in titles.enumerated() {
            try write(.text(title), row: row, column: column, style: .header)
        }
        if row == 0 || (titled && row == 1) {
            try workbook.check(
                worksheet_repeat_rows(try worksheet, lxw_row_t(row), lxw_row_t(row)),
                "worksheet_repeat_rows"
            )
        }
        if titled, row == 1, !titles.isEmpty {
            try workbook.defineName(
                "\(CellRange.quoted(name))!ColumnTitle",
                range: CellRange(sheet: name, firstRow: row, firstColumn: 0, lastRow: row, lastColumn: titles.count - 1)
            )
        }
        worksheet_freeze_panes(try worksheet, lxw_row_t(row + 1), 0)
        table = (row, row, titles.count)
    }

    /// Writes the sheet's title in its first cell, in the title style, so that the first thing a
    /// screen reader says on the sheet is what it holds; a header written next, on row 1, stays
    /// the sheet's header (`writeHeader`).
    public func writeTitle(_ title: String) throws {
        try write(.text(title), row: 0, column: 0, style: .title)
        titled = true
    }

    /// Writes one row of cells, starting at column 0.
    /// The cells at the columns of `styles` take that style (a number format of their own).
    public func writeRow(_ cells: [Cell], row: Int, styles: [Int: XLSXStyle] = [:]) throws {
        for (column, cell) in cells.enumerated() {
            if let style = styles[column] {
                try write(cell, row: row, column: column, style: .custom(style))
            } else {
                try write(cell, row: row, column: column)
            }
        }
        if let current = table, row > current.lastRow { table = (current.header, row, current.columns) }
    }

    /// Writes one cell. Empty cells are left blank; text is cleaned of control characters
    /// and cut at Excel's limit with "…".
    public func write(_ cell: Cell, row: Int, column: Int, style: Style = .plain) throws {
        let target = try self.target
        let formats = target.workbook.formats
        let format: UnsafeMutablePointer<lxw_format>? =
            switch style {
            case .plain: nil
            case .title: formats.title
            case .subtitle: formats.subtitle
            case .header: formats.header
            case .note: formats.note
            case .wrappedNote: formats.wrappedNote
            case .custom(let custom):
                try target.workbook.format(
                    for: custom.numberFormat == nil ? custom.withNumberFormat(for: cell) : custom
                )
            }
        // Wrapped text takes the column's width, it does not set it.
        if case .custom(let custom) = style, custom.wrap {
            return try write(cell, at: (row, column), format: format, fitsWidth: false, in: target)
        }
        try write(cell, at: (row, column), format: format, in: target)
    }

    /// The workbook and the C worksheet a cell is written through, found once a cell.
    private typealias Target = (workbook: XLSXWorkbook, worksheet: UnsafeMutablePointer<lxw_worksheet>)

    private var target: Target {
        get throws {
            guard let handle, let owner else { throw closedError }
            return (owner, handle)
        }
    }

    /// How a cell looks beyond its type.
    public enum Style: Sendable {
        case plain, title, subtitle, header
        /// Small gray text that runs on over empty cells to its right (a caption).
        case note
        /// Small gray text wrapped within its column (give the row its height).
        case wrappedNote
        /// A look of the caller's own (a card, a coloured cell).
        case custom(XLSXStyle)
    }

    /// How the sheet prints: on US Letter in landscape or portrait, the cells up to `lastRow` and
    /// `lastColumn`, scaled to fit `pagesWide` pages across and at most `pagesTall` down (0: as
    /// many as it takes). Excel and LibreOffice both honour the fit (and ignore manual page breaks with it).
    public func setPrint(landscape: Bool, pagesWide: Int, pagesTall: Int, lastRow: Int, lastColumn: Int) throws {
        let worksheet = try worksheet
        let workbook = try workbook
        worksheet_set_paper(worksheet, 1)
        if landscape { worksheet_set_landscape(worksheet) } else { worksheet_set_portrait(worksheet) }
        worksheet_fit_to_pages(worksheet, UInt16(max(0, pagesWide)), UInt16(max(0, pagesTall)))
        try workbook.check(
            worksheet_print_area(worksheet, 0, 0, lxw_row_t(lastRow), lxw_col_t(lastColumn)),
            "worksheet_print_area"
        )
    }

    /// Hides the sheet: spreadsheet programs neither show its tab nor print it until it is unhidden
    /// (the only "do not print" that both Excel and LibreOffice honour). Not for the first sheet.
    public func hide() throws {
        worksheet_hide(try worksheet)
    }

    /// Sets a row's height in points.
    public func setHeight(_ points: Double, row: Int) throws {
        try workbook.check(worksheet_set_row(try worksheet, lxw_row_t(row), points, nil), "worksheet_set_row")
    }

    /// Writes one cell in `format` (nil: the cell type's own) and notes its width for the
    /// column, unless it is a title's or a note's text, or `fitsWidth` is false.
    private func write(
        _ cell: Cell,
        at place: (row: Int, column: Int),
        format: UnsafeMutablePointer<lxw_format>?,
        fitsWidth: Bool = true,
        in target: Target
    ) throws {
        let formats = target.workbook.formats
        let column = place.column
        switch cell {
        case .empty:
            return
        case .text(let raw):
            try writeText(raw, at: place, format: format, fitsWidth: fitsWidth, in: target)
        case .integer(let value):
            note(width: Self.digits(value), column: column)
            try writeNumber(Double(value), at: place, format: format, in: target)
        case .number(let value):
            guard value.isFinite else { return }
            // At most 12 wide: a column already that wide needs no text of the number.
            if width(of: column) < 12 { note(width: min(12, NumberText.shortest(value).count), column: column) }
            try writeNumber(value, at: place, format: format, in: target)
        case .percent(let value):
            guard value.isFinite else { return }
            let places = NumberText.percentPlaces(value)
            let shown = places == 1 ? formats.percent : formats.finerPercents[places - 2]
            note(width: 6 + places, column: column)
            try writeNumber(value, at: place, format: format ?? shown, in: target)
        case .points(let value):
            guard value.isFinite else { return }
            note(width: 10, column: column)
            try writeNumber(value, at: place, format: format ?? formats.points, in: target)
        case .date(let date):
            let value = lxw_datetime(
                year: Int32(date.year),
                month: Int32(date.month),
                day: Int32(date.day),
                hour: 0,
                min: 0,
                sec: 0
            )
            try writeDateTime(value, width: 10, at: place, format: format ?? formats.date, in: target)
        case .dateTime(let dateTime):
            let value = lxw_datetime(
                year: Int32(dateTime.date.year),
                month: Int32(dateTime.date.month),
                day: Int32(dateTime.date.day),
                hour: Int32(dateTime.hour),
                min: Int32(dateTime.minute),
                sec: Double(dateTime.second)
            )
            try writeDateTime(value, width: 16, at: place, format: format ?? formats.dateTime, in: target)
        case .bool(let value):
            note(width: 5, column: column)
            try target.workbook.check(
                worksheet_write_boolean(
                    target.worksheet,
                    lxw_row_t(place.row),
                    lxw_col_t(column),
                    value ? 1 : 0,
                    format
                ),
                "worksheet_write_boolean"
            )
        case .link(let rawText, let url):
            try writeLink(rawText, url: url, at: place, format: format, in: target)
        }
    }

    /// The characters of `value` in decimal, its sign included (`String(value).count`).
    static func digits(_ value: Int) -> Int {
        var count = value < 0 ? 2 : 1
        var rest = value.magnitude
        while rest >= 10 {
            rest /= 10
            count += 1
        }
        return count
    }

    /// Writes a text cell, fitted to Excel's limit; a title's or a note's text (or one that
    /// does not fit the width) leaves the column's width alone.
    private func writeText(
        _ raw: String,
        at place: (row: Int, column: Int),
        format: UnsafeMutablePointer<lxw_format>?,
        fitsWidth: Bool,
        in target: Target
    ) throws {
        let formats = target.workbook.formats
        let text = fitted(raw)
        let isTitle =
            !fitsWidth || format == formats.title || format == formats.subtitle || format == formats.note
            || format == formats.wrappedNote
        if !isTitle { note(width: XLSXSheet.widestLine(text), column: place.column) }
        try target.workbook.check(
            worksheet_write_string(target.worksheet, lxw_row_t(place.row), lxw_col_t(place.column), text, format),
            "worksheet_write_string"
        )
    }

    /// Writes a number cell (its width noted by the caller).
    private func writeNumber(
        _ value: Double,
        at place: (row: Int, column: Int),
        format: UnsafeMutablePointer<lxw_format>?,
        in target: Target
    ) throws {
        try target.workbook.check(
            worksheet_write_number(target.worksheet, lxw_row_t(place.row), lxw_col_t(place.column), value, format),
            "worksheet_write_number"
        )
    }

    /// Writes a date or date-time cell `width` characters wide.
    private func writeDateTime(
        _ value: lxw_datetime,
        width: Int,
        at place: (row: Int, column: Int),
        format: UnsafeMutablePointer<lxw_format>?,
        in target: Target
    ) throws {
        var value = value
        note(width: width, column: place.column)
        try target.workbook.check(
            worksheet_write_datetime(target.worksheet, lxw_row_t(place.row), lxw_col_t(place.column), &value, format),
            "worksheet_write_datetime"
        )
    }

    /// Writes a link cell; past Excel's number of links a sheet may hold, or for a URL
    /// longer than a link may be, writes its text alone (counted for the warnings).
    private func writeLink(
        _ rawText: String,
        url: String,
        at place: (row: Int, column: Int),
        format: UnsafeMutablePointer<lxw_format>?,
        in target: Target
    ) throws {
        let text = fitted(rawText)
        guard linkCount < XLSXSheet.maxLinks, url.utf8.count <= XLSXSheet.maxLinkLength else {
            linksAsText += 1
            return try write(.text(text), at: place, format: format, in: target)
        }
        linkCount += 1
        note(width: XLSXSheet.widestLine(text), column: place.column)
        try target.workbook.check(
            worksheet_write_url_opt(
                target.worksheet,
                lxw_row_t(place.row),
                lxw_col_t(place.column),
                url,
                format ?? target.workbook.formats.link,
                text,
                nil
            ),
            "worksheet_write_url"
        )
    }

    /// Cleans control characters, makes line breaks the LF a spreadsheet cell uses (a CR
    /// would be stored as `_x000D_`, which readers show as such), and cuts text past Excel's
    /// cell limit, counting the cut.
    private func fitted(_ raw: String) -> String {
        var text = CellText.clean(raw)
        if text.utf8.contains(0x0D) {
            text = text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
        }
        // No more bytes than the limit means no more characters either (the usual case, without counting).
        guard text.utf8.count > XLSXSheet.maxCellCharacters else { return text }
        let scalars = text.unicodeScalars
        guard scalars.count > XLSXSheet.maxCellCharacters else { return text }
        cutCells += 1
        var cut = String.UnicodeScalarView()
        cut.append(contentsOf: scalars.prefix(XLSXSheet.maxCellCharacters - 1))
        cut.append("…")
        return String(cut)
    }

    /// The length of the longest line of `text` in Unicode scalars, for the column widths:
    /// counted on the UTF-8 bytes (every byte that does not continue a scalar), since
    /// counting user-perceived characters cost more than writing the cell. A width is an
    /// estimate anyway, and combining marks are rare in list text.
    static func widestLine(_ text: String) -> Int {
        var widest = 0
        var current = 0
        for byte in text.utf8 {
            if byte == 0x0A {
                widest = max(widest, current)
                current = 0
            } else if byte & 0xC0 != 0x80 {
                current += 1
            }
        }
        return max(widest, current)
    }

    /// The column's fitted width so far (0 when none).
    private func width(of column: Int) -> Int { column < widths.count ? max(0, widths[column]) : 0 }

    private func note(width: Int, column: Int) {
        if column >= widths.count { widths += repeatElement(-1, count: column + 1 - widths.count) }
        widths[column] = max(widths[column], 0, width)
    }

    /// Makes a column at least `characters` wide when it is fitted (a large figure, a card).
    public func reserveWidth(_ characters: Int, column: Int) {
        note(width: characters - 2, column: column)
    }

    /// Sets a column's width by hand (in characters).
    public func setWidth(_ width: Double, column: Int) throws {
        try workbook.check(
            worksheet_set_column(try worksheet, lxw_col_t(column), lxw_col_t(column), width, nil),
            "worksheet_set_column"
        )
        if column < widths.count { widths[column] = -1 }
    }

    /// The warnings of this sheet, one per kind.
    public var warnings: [String] {
        var result: [String] = []
        if cutCells > 0 {
            result.append(
                "sheet '\(name)': \(cutCells) cell\(cutCells == 1 ? "" : "s") longer than Excel's limit of 32,767 characters cut with \"…\""
            )
        }
        if linksAsText > 0 {
            result.append(
                "sheet '\(name)': \(linksAsText) link\(linksAsText == 1 ? "" : "s") written as plain text (Excel allows 65,530 links per sheet and 255 characters per link)"
            )
        }
        return result
    }

    /// Sets the fitted column widths and the autofilter's extent; called by the workbook on close.
    func finish() throws {
        let workbook = try workbook
        let worksheet = try worksheet
        for (column, width) in widths.enumerated() where width >= 0 {
            let fitted = Double(min(XLSXSheet.maxColumnWidth, max(8, width + 2)))
            try workbook.check(
                worksheet_set_column(worksheet, lxw_col_t(column), lxw_col_t(column), fitted, nil),
                "worksheet_set_column"
            )
        }
        if let table {
            try workbook.check(
                worksheet_autofilter(
                    worksheet,
                    lxw_row_t(table.header),
                    0,
                    lxw_row_t(table.lastRow),
                    lxw_col_t(max(0, table.columns - 1))
                ),
                "worksheet_autofilter"
            )
        }
    }
}
