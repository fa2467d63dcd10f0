import Foundation
import TestSupport
import Testing

@testable import Exporters

/// The pdf's line charts (PDFLineChart.swift), drawn and read back: a missing value is a gap
/// in the line (the page's pixels where the line would run are white), never a 0; the words,
/// the axis and the end values are text; the chart is an H3 and a Figure with its Caption.
@Suite(.tags(.pythonReader))
struct PDFLineChartTests {
    static let blue = PDFColor(0x1D4ED8)

    /// A page holding one chart of three weeks, rendered at 72 dpi (a pixel a point).
    func render(_ values: [Double?], in folder: TemporaryFolder) throws -> String {
        let chart = PDFLineChart(
            title: "Response rate per week",
            caption: "Response rate: 2.5 in the first and last weeks.",
            labels: ["Sep 1", "Sep 8", "Sep 15"],
            series: [.init(name: "Rate", values: values, color: Self.blue)]
        )
        let document = PDFDocument(
            title: "Chart",
            subject: "Chart",
            creator: "report-batch test",
            created: Date(timeIntervalSince1970: 0),
            footer: "Generated",
            orientation: .portrait,
            blocks: [.lineChart(chart)]
        )
        let path = folder.file("chart-\(values.map { $0.map { "\($0)" } ?? "nil" }.joined(separator: "_")).pdf")
        _ = try PDFRenderer.render(document, to: path)
        return path
    }

    /// The colour of the page's pixel at (x, y) points, as "r,g,b".
    func pixel(_ path: String, x: Int, y: Int) throws -> String {
        let png = path + "-page"
        _ = try ReportBatchProcess.tool("pdftoppm", ["-r", "72", "-singlefile", "-png", path, png])
        let script =
            "from PIL import Image; import sys; print(','.join(map(str, Image.open(sys.argv[1]).convert('RGB').getpixel((\(x), \(y))))))"
        return try ReportBatchProcess.tool("python3", ["-c", script, png + ".png"]).stdout.trimmingCharacters(
            in: .whitespacesAndNewlines
        )
    }

    @Test func aMissingValueIsAGapNotAZero() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        // The chart's plot starts under its title (16), its one-line caption (13), the legend's
        // line and gaps (27), 56 points below its top (36), and 34 right of its left (36); it is
        // 84 high over an axis of 0–4 and 462 wide in three slots: the middle week's point is at
        // x = 70 + 154 × 1.5 = 301, a value of 2.5 at y = 92 + 84 × (1 − 2.5 / 4) = 123.5.
        let whole = try pixel(try render([2.5, 2.5, 2.5], in: folder), x: 301, y: 123)
        let gap = try pixel(try render([2.5, nil, 2.5], in: folder), x: 301, y: 123)
        let zero = try render([2.5, 0, 2.5], in: folder)
        #expect(whole != "255,255,255", "the line runs through the middle week: \(whole)")
        #expect(gap == "255,255,255", "a missing week leaves a gap: \(gap)")
        // Halfway between the first point (x 147) and a 0 in the middle, the line is at y ≈ 149.75.
        #expect(try pixel(zero, x: 224, y: 150) != "255,255,255", "a 0 is drawn down to the axis")
        #expect(try pixel(try render([2.5, nil, 2.5], in: folder), x: 224, y: 150) == "255,255,255")
    }

    @Test func theChartIsTextAHeadingAndAFigureWithItsCaption() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = try render([1, nil, 2.5], in: folder)
        let text = try ReportBatchProcess.tool("pdftotext", [path, "-"]).stdout
        for words in [
            "Response rate per week", "Response rate: 2.5 in the first and last weeks.", "Rate", "Sep 1", "Sep 15", "0",
            "4", "2.5",
        ] {
            #expect(text.contains(words), "\(words) in \(text)")
        }
        let tree = try ReportBatchProcess.tool("pdfinfo", ["-struct-text", path]).stdout
        let types = tree.split(separator: "\n").compactMap { $0.split(separator: " ").first.map(String.init) }.filter {
            $0.first?.isUppercase == true
        }
        let figure = try #require(types.firstIndex(of: "Figure"))
        #expect(types[..<figure].contains("H3"))
        #expect(types[figure + 1] == "Caption" && types[(figure + 2)...].prefix(2) == ["P", "P"], "\(types)")
    }

    /// Two charts side by side, one with a caption of four lines and one of one line: their
    /// legends and plots start at the same height, so the weeks under both read as one row.
    @Test func chartsSideBySideHaveTheirPlotsLevel() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let long = PDFLineChart(
            title: "Interactions per week",
            caption: String(repeating: "Outbound: 15 in the first week to 77 in the last. ", count: 4),
            labels: ["Aug 31", "Sep 7", "Sep 14"],
            series: [.init(name: "Outbound", values: [15, 40, 77], color: Self.blue)]
        )
        let short = PDFLineChart(
            title: "Response rate per week",
            caption: "Response rate: 0% to 14.5%.",
            labels: ["Oct 5", "Oct 12", "Oct 19"],
            series: [.init(name: "Rate", values: [0, 7, 14.5], color: Self.blue)],
            unit: "%",
            ceiling: 100
        )
        let document = PDFDocument(
            title: "Charts",
            subject: "Charts",
            creator: "report-batch test",
            created: Date(timeIntervalSince1970: 0),
            footer: "Generated",
            orientation: .portrait,
            blocks: [.columns([.lineChart(long)], [.lineChart(short)])]
        )
        let path = folder.file("columns.pdf")
        _ = try PDFRenderer.render(document, to: path)
        let boxes = try ReportBatchProcess.tool("pdftotext", ["-bbox", path, "-"]).stdout
        func top(of word: String) throws -> Double {
            let match = try #require(boxes.firstMatch(of: try Regex("yMin=\"([0-9.]+)\"[^>]*>\(word)<")), "\(word)")
            return try #require(Double(match.output[1].substring ?? ""))
        }
        // The legends' names on one line, and the weeks under the two plots on one line.
        #expect(abs(try top(of: "Rate") - top(of: "Outbound")) < 0.5)
        #expect(abs(try top(of: "Sep") - top(of: "Oct")) < 0.5)
    }

    @Test func endValuesMoveApartAndStayAboveTheAxis() {
        func spread(_ ys: [Double]) -> [Double] {
            PDFLineChart.spread(ys.map { (y: $0, text: "1", color: Self.blue) }, bottom: 105).map(\.y)
        }
        #expect(spread([100, 100, 100]) == [83, 94, 105])
        #expect(spread([90, 50]) == [50, 90])
    }
}
