import Core
import Exporters
import Foundation
import TestSupport
import Testing

/// The generic xlsx writer: typed cells, limits, links, determinism, golden parts.
@Suite(.tags(.pythonReader))
struct XLSXWorkbookTests {
    let created = Date(timeIntervalSince1970: 1_795_413_600)  // 2026-11-23T06:00:00Z

    func sample(at path: String, longText: Int = 10) throws -> [String] {
        let workbook = try XLSXWorkbook(
            path: path,
            properties: .init(
                title: "Coaches",
                subject: "Coaches – Rivera Family",
                creator: "report-batch test",
                created: created
            ),
            constantMemory: true
        )
        let sheet = try workbook.addSheet("Coaches: [A/B]*?")
        try sheet.writeHeader(["Name", "Score (%)", "Count", "Day", "When", "Favorite", "Email", "Notes"])
        try sheet.writeRow(
            [
                .text("José Núñez"), .percent(74.99), .integer(12), .date(ExportDate(year: 2026, month: 2, day: 3)),
                .dateTime(ExportDateTime(date: ExportDate(year: 2026, month: 2, day: 3), hour: 14, minute: 15)),
                .bool(true), .link(text: "jose@example.edu", url: "mailto:jose@example.edu"), .text("=1+1"),
            ],
            row: 1
        )
        try sheet.writeRow(
            [
                .text("田中 🏈\u{0007}\u{0085}"), .empty, .number(-3.25), .empty, .empty, .bool(false),
                .link(text: "long", url: "https://example.edu/" + String(repeating: "x", count: 300)),
                .text(String(repeating: "é", count: longText)),
            ],
            row: 2
        )
        try workbook.close()
        return workbook.warnings
    }

    @Test func theXMLPartsMatchTheRecordedOnes() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.file("sample.xlsx")
        let warnings = try sample(at: path)
        #expect(
            warnings == [
                "sheet 'Coaches_ _A_B___': 1 link written as plain text (Excel allows 65,530 links per sheet and 255 characters per link)"
            ]
        )
        try Golden.assertXLSXParts(path, matches: Golden.folder("sample.xlsx"))
    }

    @Test func twoWorkbooksWithTheSameClockAreByteIdentical() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        _ = try sample(at: folder.file("a.xlsx"))
        _ = try sample(at: folder.file("b.xlsx"))
        #expect(
            try Data(contentsOf: URL(fileURLWithPath: folder.file("a.xlsx")))
                == Data(contentsOf: URL(fileURLWithPath: folder.file("b.xlsx")))
        )
    }

    @Test func openpyxlReadsTypedCells() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.file("sample.xlsx")
        let warnings = try sample(at: path, longText: 40_000)
        #expect(
            warnings.contains(
                "sheet 'Coaches_ _A_B___': 1 cell longer than Excel's limit of 32,767 characters cut with \"…\""
            )
        )
        let script = """
            import openpyxl, sys, datetime
            wb = openpyxl.load_workbook(sys.argv[1])
            ws = wb.worksheets[0]
            assert ws.title == 'Coaches_ _A_B___', ws.title
            assert ws.freeze_panes == 'A2' and ws.auto_filter.ref == 'A1:H3', (ws.freeze_panes, ws.auto_filter.ref)
            r = [c.value for c in ws[2]]
            assert r[0] == 'José Núñez' and r[1] == 74.99 and r[2] == 12, r
            assert ws['B2'].number_format == '0.00"%"', ws['B2'].number_format  # 74.99 as "74.99%", not "75.0%" across the level boundary
            assert r[3] == datetime.datetime(2026, 2, 3) and ws['D2'].is_date and ws['D2'].number_format == 'yyyy-mm-dd'
            assert r[4] == datetime.datetime(2026, 2, 3, 14, 15) and ws['E2'].number_format == 'yyyy-mm-dd hh:mm'
            assert r[5] is True and ws['F3'].value is False
            assert ws['G2'].hyperlink.target == 'mailto:jose@example.edu', ws['G2'].hyperlink
            assert ws['G3'].hyperlink is None and ws['G3'].value == 'long'
            assert r[7] == '=1+1' and ws['H2'].data_type == 's', ws['H2'].data_type
            assert ws['A3'].value == '田中 🏈', repr(ws['A3'].value)
            assert ws['C3'].value == -3.25 and ws['B3'].value is None
            long = ws['H3'].value
            assert len(long) == 32767 and long.endswith('…'), len(long)
            assert wb.properties.title == 'Coaches' and wb.properties.subject == 'Coaches – Rivera Family'
            assert wb.properties.creator == 'report-batch test'
            assert wb.properties.created == datetime.datetime(2026, 11, 23, 6, 0), wb.properties.created
            print('ok')
            """
        let check = try ReportBatchProcess.tool("python3", ["-c", script, path])
        #expect(check.stdout == "ok\n", "\(check.stderr)")
    }

    /// A chart title is text even when it starts with `=` (a user's section title, say):
    /// libxlsxwriter's own setter would have made it a formula.
    @Test func aChartTitleStartingWithEqualsIsText() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.file("chart.xlsx")
        let workbook = try XLSXWorkbook(
            path: path,
            properties: .init(title: "t", subject: "s", creator: "c", created: created),
            constantMemory: false
        )
        let sheet = try workbook.addSheet("Summary")
        try sheet.writeRow([.text("A"), .integer(1)], row: 0)
        try sheet.writeRow([.text("B"), .integer(2)], row: 1)
        for (index, title) in ["=SUM(B1:B2)", "Plain & <title>"].enumerated() {
            try workbook.addChart(
                .column,
                title: title,
                on: sheet,
                categories: CellRange(sheet: "Summary", firstRow: 0, firstColumn: 0, lastRow: 1, lastColumn: 0),
                values: CellRange(sheet: "Summary", firstRow: 0, firstColumn: 1, lastRow: 1, lastColumn: 1),
                color: 0x3B82F6,
                at: (row: 3 + index * 16, column: 0),
                size: (width: 480, height: 288)
            )
        }
        try workbook.close()
        let parts = try Golden.parts(ofZip: path)
        let first = String(decoding: try #require(parts["xl/charts/chart1.xml"]), as: UTF8.self)
        #expect(first.contains("<a:t>=SUM(B1:B2)</a:t>"), "\(first)")
        #expect(!first.contains("<c:f>SUM(B1:B2)</c:f>"))
        let second = String(decoding: try #require(parts["xl/charts/chart2.xml"]), as: UTF8.self)
        #expect(second.contains("<a:t>Plain &amp; &lt;title&gt;</a:t>"))
    }

    /// A sheet used after its workbook closed, or after the workbook is gone, throws; it never
    /// reaches libxlsxwriter's freed worksheet.
    @Test func aSheetAfterItsWorkbookClosedThrows() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        var workbook: XLSXWorkbook? = try XLSXWorkbook(
            path: folder.file("closed.xlsx"),
            properties: .init(title: "t", subject: "s", creator: "c", created: created),
            constantMemory: false
        )
        let sheet = try #require(try workbook?.addSheet("One"))
        try sheet.writeRow([.text("before")], row: 0)
        try workbook?.close()
        #expect(throws: ExportError.self) { try sheet.writeRow([.text("after close")], row: 1) }
        #expect(throws: ExportError.self) { try sheet.setWidth(12, column: 0) }
        #expect(throws: ExportError.self) { try workbook?.addSheet("Two") }
        workbook = nil
        #expect(throws: ExportError.self) { try sheet.writeHeader(["after the workbook is gone"]) }

        // Never closed: freed without a file, and the sheet is unusable after.
        var unclosed: XLSXWorkbook? = try XLSXWorkbook(
            path: folder.file("unclosed.xlsx"),
            properties: .init(title: "t", subject: "s", creator: "c", created: created),
            constantMemory: true
        )
        let orphan = try #require(try unclosed?.addSheet("One"))
        unclosed = nil
        #expect(throws: ExportError.self) { try orphan.write(.integer(1), row: 0, column: 0) }
        #expect(!FileManager.default.fileExists(atPath: folder.file("unclosed.xlsx")))
    }

    @Test func sheetNames() {
        #expect(XLSXWorkbook.sheetName("Interactions") == "Interactions")
        #expect(XLSXWorkbook.sheetName("a/b\\c[d]e:f*g?h") == "a_b_c_d_e_f_g_h")
        #expect(XLSXWorkbook.sheetName(String(repeating: "x", count: 40)).count == 31)
        #expect(XLSXWorkbook.sheetName("''") == "Sheet")
    }

    @Test func aWorkbookThatCannotBeWrittenSaysWhy() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let workbook = try XLSXWorkbook(
            path: folder.file("missing/dir/x.xlsx"),
            properties: .init(title: "t", subject: "s", creator: "c", created: created),
            constantMemory: false
        )
        _ = try workbook.addSheet("S")
        let error = #expect(throws: ExportError.self) { try workbook.close() }
        // A folder that is not there is the output's fault: a write error (exit 73), in the system's words.
        #expect(
            error?.description == "cannot write '\(folder.file("missing/dir/x.xlsx"))': No such file or directory",
            "\(error?.description ?? "")"
        )
        // Closing twice is refused, never a crash.
        #expect(throws: ExportError.self) { try workbook.close() }
    }

    /// A titled sheet with its header on row 2, a custom style, a line chart with its words, a fit-to-page
    /// print setup and a hidden sheet, as openpyxl reads them.
    @Test func aTitledSheetALineChartAndPrintSettings() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.file("lines.xlsx")
        let workbook = try XLSXWorkbook(
            path: path,
            properties: .init(title: "T", subject: "S", creator: "report-batch test", created: created),
            constantMemory: false
        )
        let sheet = try workbook.addSheet("Weeks")
        try sheet.writeTitle("Weeks – Rivera Family")
        try sheet.writeHeader(["Week", "Out", "Rate"], row: 1)
        for week in 0..<3 {
            try sheet.writeRow(
                [.text("W\(week)"), .integer(week * 2), week == 1 ? .empty : .percent(Double(week) * 10)],
                row: week + 2
            )
        }
        try sheet.write(
            .percent(12.5),
            row: 6,
            column: 0,
            style: .custom(XLSXStyle(bold: true, size: 20, color: 0x1E3A8A, fill: 0xE0E7FF, topBorder: 0x3B82F6))
        )
        func range(_ column: Int) -> CellRange {
            CellRange(sheet: "Weeks", firstRow: 2, firstColumn: column, lastRow: 4, lastColumn: column)
        }
        try workbook.addLineChart(
            title: "=Out per week",
            on: sheet,
            categories: range(0),
            series: [
                .init(name: "Out", values: range(1), color: 0x3B82F6),
                .init(name: "Rate", values: range(2), color: 0x10B981),
            ],
            at: (8, 0),
            size: (400, 300),
            xOffset: 10,
            description: "Out per week: 0 in the first week, 4 in the last"
        )
        try sheet.setPrint(landscape: false, pagesWide: 1, pagesTall: 2, lastRow: 20, lastColumn: 6)
        let data = try workbook.addSheet("Data")
        try data.writeHeader(["a"])
        try data.hide()
        try workbook.close()
        let script = """
            import openpyxl, sys, zipfile
            wb = openpyxl.load_workbook(sys.argv[1])
            ws = wb['Weeks']
            assert ws['A1'].value == 'Weeks – Rivera Family' and ws['A1'].font.b
            assert ws.freeze_panes == 'A3' and ws.auto_filter.ref == 'A2:C5', (ws.freeze_panes, ws.auto_filter.ref)
            assert ws.print_title_rows in ('2:2', '$2:$2'), ws.print_title_rows
            assert 'ColumnTitle' in ws.defined_names, list(ws.defined_names)
            c = ws['A7']
            assert c.number_format == '0.0"%"' and c.font.b and c.font.sz == 20 and c.font.color.rgb.endswith('1E3A8A'), c.number_format
            assert c.fill.fgColor.rgb.endswith('E0E7FF') and c.border.top.style == 'thick'
            chart = ws._charts[0]
            assert chart.tagname == 'lineChart' and len(chart.series) == 2, chart.tagname
            assert ws.page_setup.orientation == 'portrait' and ws.sheet_properties.pageSetUpPr.fitToPage
            assert int(ws.page_setup.fitToWidth or 1) == 1 and int(ws.page_setup.fitToHeight or 1) == 2
            assert wb['Data'].sheet_state == 'hidden'
            z = zipfile.ZipFile(sys.argv[1])
            drawing = z.read('xl/drawings/drawing1.xml').decode()
            assert 'descr="Out per week: 0 in the first week, 4 in the last"' in drawing, drawing
            chart = z.read('xl/charts/chart1.xml').decode()
            # The title is text, never a formula; a blank value is a gap (the default), never a zero.
            assert '<a:t>=Out per week</a:t>' in chart and 'dispBlanksAs val="zero"' not in chart and 'dispBlanksAs val="span"' not in chart
            print('ok')
            """
        let check = try ReportBatchProcess.tool("python3", ["-c", script, path])
        #expect(check.stdout == "ok\n", "\(check.stderr)")
    }
}
