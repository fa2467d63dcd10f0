import CXlsxWriter
import Core
import Foundation

/// An xlsx workbook written through libxlsxwriter. It owns the C handle and releases it
/// exactly once: `close()` writes the file; dropping an unclosed workbook frees it
/// without writing. Every libxlsxwriter status is checked here and turned into an
/// `ExportError` carrying `lxw_strerror`'s text.
public final class XLSXWorkbook {
    public struct Properties: Sendable {
        public var title: String
        public var subject: String
        /// The creating program, e.g. "report-batch 0.1.0".
        public var creator: String
        /// The creation date written into the document, from the run's clock (never the library's).
        public var created: Date

        public init(title: String, subject: String, creator: String, created: Date) {
            self.title = title
            self.subject = subject
            self.creator = creator
            self.created = created
        }
    }

    /// Formats every sheet shares.
    struct Formats {
        let header, title, subtitle, note, wrappedNote, date, dateTime, percent, points, link,
            wrap: UnsafeMutablePointer<lxw_format>
        /// `0.00` to `0.000000`: a percentage that one decimal would round up to a whole number it
        /// is below (49.99 to "50.0") shows as many decimals as it takes (`Cell.percent`).
        let finerPercents: [UnsafeMutablePointer<lxw_format>]
    }

    private var handle: UnsafeMutablePointer<lxw_workbook>?
    private let path: String
    let formats: Formats
    private var sheets: [XLSXSheet] = []
    /// C strings that libxlsxwriter keeps pointers to until the workbook is closed.
    private var retainedStrings: [UnsafeMutablePointer<CChar>] = []
    /// One format per distinct `XLSXStyle`, made on first use; the workbook frees them.
    private var styleFormats: [XLSXStyle: UnsafeMutablePointer<lxw_format>] = [:]

    /// Creates a workbook that will be written to `path` on `close()`.
    /// - Parameter constantMemory: write rows straight to temporary files (for large lists);
    ///   rows must then be written in order.
    public init(path: String, properties: Properties, constantMemory: Bool, temporaryFolder: String? = nil) throws {
        // libxlsxwriter prints numbers with printf: keep a decimal point; CLibraryEnvironment.prepare
        // has set it before any thread
        _ = CLibraryEnvironment.numericLocale
        self.path = path
        var options = lxw_workbook_options()
        options.constant_memory = constantMemory ? 1 : 0
        options.use_zip64 = 1
        let tmp = temporaryFolder.map { strdup($0) } ?? nil
        defer { free(tmp) }
        options.tmpdir = tmp
        guard let workbook = workbook_new_opt(path, &options) else {
            throw ExportError.library(
                name: "libxlsxwriter",
                call: "workbook_new_opt",
                message: "could not create a workbook for '\(path)'"
            )
        }
        handle = workbook
        func format(_ configure: (UnsafeMutablePointer<lxw_format>) -> Void) throws -> UnsafeMutablePointer<lxw_format>
        {
            guard let format = workbook_add_format(workbook) else {
                lxw_workbook_free(workbook)
                throw ExportError.library(name: "libxlsxwriter", call: "workbook_add_format", message: "out of memory")
            }
            configure(format)
            return format
        }
        formats = Formats(
            header: try format {
                format_set_bold($0)
                format_set_bg_color($0, 0xE5E7EB)
                format_set_bottom($0, UInt8(LXW_BORDER_THIN.rawValue))
            },
            title: try format {
                format_set_bold($0)
                format_set_font_size($0, 16)
            },
            subtitle: try format { format_set_font_color($0, 0x4B5563) },
            note: try format {
                format_set_font_color($0, 0x6B7280)
                format_set_font_size($0, 9)
            },
            wrappedNote: try format {
                format_set_font_color($0, 0x6B7280)
                format_set_font_size($0, 9)
                format_set_text_wrap($0)
                format_set_align($0, UInt8(LXW_ALIGN_VERTICAL_TOP.rawValue))
            },
            date: try format { format_set_num_format($0, "yyyy-mm-dd") },
            dateTime: try format { format_set_num_format($0, "yyyy-mm-dd hh:mm") },
            // The value stays the percentage itself (45.2, as in csv and json); the format adds the sign.
            percent: try format { format_set_num_format($0, "0.0\"%\"") },
            points: try format { format_set_num_format($0, "+0.0\" pts\";-0.0\" pts\";0.0\" pts\"") },
            link: try format {
                format_set_font_color($0, 0x0563C1)
                format_set_underline($0, UInt8(LXW_UNDERLINE_SINGLE.rawValue))
            },
            wrap: try format { format_set_text_wrap($0) },
            finerPercents: try (2...NumberText.maximumPercentPlaces).map { places in
                try format { format_set_num_format($0, "0." + String(repeating: "0", count: places) + "\"%\"") }
            }
        )
        try setProperties(properties)
    }

    deinit {
        // An unclosed workbook (an error on the way) is freed without writing a file.
        if let handle { lxw_workbook_free(handle) }
        for string in retainedStrings { free(string) }
    }

    private func setProperties(_ properties: Properties) throws {
        var doc = lxw_doc_properties()
        doc.title = retain(properties.title)
        doc.subject = retain(properties.subject)
        doc.author = retain(properties.creator)
        doc.comments = retain("Created by \(properties.creator)")
        doc.created = time_t(properties.created.timeIntervalSince1970.rounded(.down))
        try check(workbook_set_properties(try open(), &doc), "workbook_set_properties")
    }

    /// Adds a worksheet; names are made valid for Excel (≤ 31 characters, none of `[]:*?/\`).
    public func addSheet(_ name: String) throws -> XLSXSheet {
        let valid = XLSXWorkbook.sheetName(name)
        guard let worksheet = workbook_add_worksheet(try open(), valid) else {
            throw ExportError.library(
                name: "libxlsxwriter",
                call: "workbook_add_worksheet",
                message: "could not add sheet '\(valid)'"
            )
        }
        let sheet = XLSXSheet(worksheet: worksheet, name: valid, workbook: self)
        sheets.append(sheet)
        return sheet
    }

    /// Adds a native chart of one series, placed on `sheet` at a cell. Every category is
    /// labelled, in the order of the table it is drawn from (a bar chart's categories run top
    /// to bottom, as the rows do); `pointColors`, when given, colours each bar by itself.
    public func addChart(
        _ kind: ChartKind,
        title: String,
        on sheet: XLSXSheet,
        categories: CellRange,
        values: CellRange,
        color: UInt32,
        pointColors: [UInt32] = [],
        at anchor: (row: Int, column: Int),
        size: (width: Int, height: Int),
        description: String? = nil
    ) throws {
        guard
            let chart = workbook_add_chart(
                try open(),
                UInt8(kind == .column ? LXW_CHART_COLUMN.rawValue : LXW_CHART_BAR.rawValue)
            )
        else {
            throw ExportError.library(
                name: "libxlsxwriter",
                call: "workbook_add_chart",
                message: "could not add a chart"
            )
        }
        guard let series = chart_add_series(chart, retain(categories.formula), retain(values.formula)) else {
            throw ExportError.library(
                name: "libxlsxwriter",
                call: "chart_add_series",
                message: "could not add a series to '\(title)'"
            )
        }
        var fill = lxw_chart_fill()
        fill.color = color
        chart_series_set_fill(series, &fill)
        if !pointColors.isEmpty {
            // libxlsxwriter copies the points: the fills and the array need to live only through the call.
            var fills = pointColors.map { color -> lxw_chart_fill in
                var fill = lxw_chart_fill()
                fill.color = color
                return fill
            }
            let status = fills.withUnsafeMutableBufferPointer { fills -> lxw_error in
                var points = (0..<fills.count).map {
                    lxw_chart_point(line: nil, fill: fills.baseAddress! + $0, pattern: nil)
                }
                return points.withUnsafeMutableBufferPointer { points -> lxw_error in
                    var list: [UnsafeMutablePointer<lxw_chart_point>?] =
                        (0..<points.count).map { points.baseAddress! + $0 } + [nil]
                    return chart_series_set_points(series, &list)
                }
            }
            try check(status, "chart_series_set_points")
        }
        // The category axis: a bar chart's is the vertical one, which libxlsxwriter calls y.
        let categoryAxis = kind == .bar ? chart.pointee.y_axis : chart.pointee.x_axis
        chart_axis_set_interval_unit(categoryAxis, 1)
        if kind == .bar { chart_axis_set_reverse(categoryAxis) }
        try setTitle(title, of: chart)
        chart_legend_set_position(chart, UInt8(LXW_CHART_LEGEND_NONE.rawValue))
        try insert(
            chart,
            on: sheet,
            at: anchor,
            size: size,
            description: description ?? "\(title): a \(kind == .column ? "column" : "bar") chart of the table beside it"
        )
    }

    /// chart_title_set_name would read a title starting with `=` as a formula; a title is
    /// always text, so the chart gets its own copy the way that function stores plain text
    /// (libxlsxwriter frees it with the chart).
    func setTitle(_ title: String, of chart: UnsafeMutablePointer<lxw_chart>) throws {
        guard let name = strdup(title) else {
            throw ExportError.library(
                name: "libxlsxwriter",
                call: "chart_title_set_name",
                message: "out of memory for the title '\(title)'"
            )
        }
        chart.pointee.title.name = name
    }

    /// Places a chart on a sheet at a cell, `size` in pixels, with its alternative text (the
    /// chart's description, which a screen reader says for it; libxlsxwriter copies it).
    func insert(
        _ chart: UnsafeMutablePointer<lxw_chart>,
        on sheet: XLSXSheet,
        at anchor: (row: Int, column: Int),
        size: (width: Int, height: Int),
        xOffset: Int = 0,
        description: String
    ) throws {
        var options = lxw_chart_options()
        options.x_offset = Int32(max(0, xOffset))
        options.x_scale = Double(size.width) / 480
        options.y_scale = Double(size.height) / 288
        let worksheet = try sheet.worksheet
        let status = description.withCString { text in
            options.description = UnsafeMutablePointer(mutating: text)
            defer { options.description = nil }
            return worksheet_insert_chart_opt(
                worksheet,
                lxw_row_t(anchor.row),
                lxw_col_t(anchor.column),
                chart,
                &options
            )
        }
        try check(status, "worksheet_insert_chart_opt")
    }

    public enum ChartKind: Sendable {
        case column
        case bar
    }

    /// Finishes every sheet and writes the file. Called once; the handle is gone afterwards.
    public func close() throws {
        let workbook = try open()
        for sheet in sheets { try sheet.finish() }
        for sheet in sheets { sheet.detach() }
        handle = nil
        errno = 0
        // libxlsxwriter creates the file here: inside the gate a stop waits for (WriteGate).
        let status = WriteGate.pass { workbook_close(workbook) }
        let systemError = errno
        for string in retainedStrings { free(string) }
        retainedStrings.removeAll()
        // Failures to create or fill the file are the output's fault (a full disk, a folder gone), not the library's.
        let fileErrors = [
            LXW_ERROR_CREATING_XLSX_FILE, LXW_ERROR_CREATING_TMPFILE, LXW_ERROR_READING_TMPFILE,
            LXW_ERROR_ZIP_FILE_OPERATION, LXW_ERROR_ZIP_FILE_ADD, LXW_ERROR_ZIP_CLOSE,
        ]
        if fileErrors.contains(status) {
            let reason =
                systemError != 0 ? String(cString: strerror(systemError)) : String(cString: lxw_strerror(status))
            throw ExportError.write(path: path, reason: reason)
        }
        try check(status, "workbook_close")
    }

    /// The format of `style`, made once per workbook.
    func format(for style: XLSXStyle) throws -> UnsafeMutablePointer<lxw_format> {
        if let made = styleFormats[style] { return made }
        guard let format = workbook_add_format(try open()) else {
            throw ExportError.library(name: "libxlsxwriter", call: "workbook_add_format", message: "out of memory")
        }
        style.configure(format)
        styleFormats[style] = format
        return format
    }

    /// Gives a name to a range of cells (`Coaches!ColumnTitle1`: a name of that sheet alone).
    public func defineName(_ name: String, range: CellRange) throws {
        try check(workbook_define_name(try open(), name, range.formula), "workbook_define_name")
    }

    /// Warnings of every sheet (text cut at Excel's cell limit, links written as text).
    public var warnings: [String] { sheets.flatMap(\.warnings) }

    func open() throws -> UnsafeMutablePointer<lxw_workbook> {
        guard let handle else {
            throw ExportError.library(
                name: "libxlsxwriter",
                call: "workbook",
                message: "the workbook for '\(path)' is already closed"
            )
        }
        return handle
    }

    /// A C copy of `text` that lives until the workbook is closed.
    func retain(_ text: String) -> UnsafeMutablePointer<CChar>? {
        guard let copy = strdup(text) else { return nil }
        retainedStrings.append(copy)
        return copy
    }

    func check(_ status: lxw_error, _ call: String) throws {
        guard status != LXW_NO_ERROR else { return }
        throw ExportError.library(name: "libxlsxwriter", call: call, message: String(cString: lxw_strerror(status)))
    }

    /// An Excel-valid sheet name: `[]:*?/\` replaced, at most 31 characters, never empty.
    public static func sheetName(_ name: String) -> String {
        let replaced = String(name.map { "[]:*?/\\".contains($0) ? "_" : $0 }).trimmingCharacters(
            in: CharacterSet(charactersIn: "'")
        )
        let cut = String(replaced.unicodeScalars.prefix(31).map(Character.init))
        return cut.isEmpty ? "Sheet" : cut
    }

}
