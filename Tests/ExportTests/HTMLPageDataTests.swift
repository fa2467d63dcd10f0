import Foundation
import Testing

@testable import Exporters

/// A pdf document as an html page's data (Sources/Exporters/HTML): the same parts in the same
/// order, pairs marked, long tables folded, and the charts as svg that says what the pdf says.
struct HTMLPageDataTests {
    static let blue = PDFColor(0x1D4ED8), green = PDFColor(0x047857)

    static func document(_ blocks: [PDFBlock]) -> PDFDocument {
        PDFDocument(
            title: "Report",
            subject: "Report – Family",
            creator: "test",
            created: Date(timeIntervalSince1970: 0),
            footer: "Generated now",
            orientation: .portrait,
            blocks: blocks
        )
    }

    static func sections(_ data: HTMLPageData) -> [[String: Any]] { data.context["sections"] as? [[String: Any]] ?? [] }
    static func parts(_ section: [String: Any]) -> [[String: Any]] { section["parts"] as? [[String: Any]] ?? [] }

    /// A link is kept only with a scheme a page may follow and nothing that could end its
    /// attribute, scalar by scalar: a `"` with a combining mark after it is still a `"`.
    @Test func aLinkIsKeptOnlyWhenItCannotLeaveItsAttribute() {
        #expect(HTMLCells.safeLink("https://example.edu/camp") == "https://example.edu/camp")
        #expect(HTMLCells.safeLink("mailto:coach@example.edu") == "mailto:coach@example.edu")
        for url in [
            "javascript:alert(1)", "data:text/html,x", "https://x\"\u{301}/onmouseover=alert(1)", "https://x/\u{2003}a",
            "https://x\u{0}y", "https://x<y", "https://x>\u{338}", "https://x y",
        ] {
            #expect(HTMLCells.safeLink(url) == nil, "\(url.debugDescription)")
        }
    }

    @Test func theSectionsAreThePdfsInItsOrderWithPairsMarked() {
        let bars = PDFBlock.bars([PDFBar(label: "Email", value: 4, color: Self.blue)])
        let data = HTMLPageData(
            Self.document([
                .title("Report", lines: ["Family", "Nov 9 – Nov 15"]),
                .cards([
                    PDFCard(
                        label: "Schools",
                        value: "40",
                        color: Self.blue,
                        note: "on your list",
                        change: "+2\nsince Nov 8"
                    )
                ]),
                .note("What the cards count"),
                .section("This week"), .note("2 schools moved forward", color: .text), .subheading("Coaches who wrote"),
                .columns([.section("By Status"), bars], [.section("By Division"), bars, .section("By Size"), bars]),
                .section("Alone"), .note("No metrics recorded"),
            ])
        )
        #expect(data.context["title"] as? String == "Report")
        #expect(data.context["lines"] as? [String] == ["Family", "Nov 9 – Nov 15"])
        let cards = data.context["cards"] as? [[String: Any]] ?? []
        #expect(cards.count == 1 && cards[0]["change"] as? String == "+2\nsince Nov 8")
        #expect((data.context["notes"] as? [[String: Any]])?.first?["muted"] as? Bool == true)
        let sections = Self.sections(data)
        #expect(
            sections.map { $0["heading"] as? String } == ["This week", "By Status", "By Division", "By Size", "Alone"]
        )
        #expect(sections.map { $0["pair_open"] as? Bool } == [false, true, false, false, false])
        #expect(sections.map { $0["col_break"] as? Bool } == [false, false, true, false, false])
        #expect(sections.map { $0["pair_close"] as? Bool } == [false, false, false, true, false])
        // A note in the text's colour is plain text, neither muted nor toned.
        let note = Self.parts(sections[0])[0]["note"] as? [String: Any]
        #expect(note?["muted"] as? Bool == false && note?["tone"] as? Bool == false)
        #expect(Set(sections.compactMap { $0["id"] as? String }).count == 5)
    }

    @Test func aLongTableFoldsItsRestUnderTheWordsOfThePdf() throws {
        let rows = (1...13).map { [PDFCell.text("Coach \($0)", bold: true), .text(String($0))] }
        var options = HTMLPageData.Options(foldAfter: 10)
        options.missing = "none"
        let data = HTMLPageData(
            Self.document([
                .section("Follow-ups"), .subheading("Awaiting reply"),
                .table(PDFTable(columns: [.init("Coach"), .init("Days", alignRight: true)], rows: rows)),
                .subheading("New schools and offers"),
                .table(PDFTable(columns: [.init("New school")], rows: [[.text("A")]])),
                .table(PDFTable(columns: [.init("New offer")], rows: [[.text("B")]])),
            ]),
            options: options
        )
        let tables = Self.parts(Self.sections(data)[0]).compactMap { $0["table"] as? [String: Any] }
        #expect(tables.map { ($0["rows"] as? [Any])?.count } == [10, 3, 1, 1])
        #expect(tables.map { $0["details"] as? String } == [nil, "and 3 more", nil, nil])
        #expect(
            tables.map { $0["caption"] as? String } == [
                "Awaiting reply", "Awaiting reply (and 3 more)", "New schools and offers: New school",
                "New schools and offers: New offer",
            ]
        )
        let firstRow = try #require((tables[0]["rows"] as? [[String: Any]])?.first?["cells"] as? [[String: Any]])
        #expect(firstRow.map { $0["head"] as? Bool } == [true, false])
        #expect(firstRow.map { $0["num"] as? Bool } == [false, true])
    }

    @Test func aLineChartKeepsItsGapsAndSaysItsWords() throws {
        let chart = PDFLineChart(
            title: "Response rate <per> week",
            caption: "Response rate: 50% (week of Sep 1) to 25% (Sep 15), highest 50% (Sep 1).",
            labels: ["Sep 1", "Sep 8", "Sep 15"],
            series: [PDFLineChart.Series(name: "Rate & more", values: [50, nil, 25], color: Self.blue)],
            unit: "%",
            ceiling: 100
        )
        let svg = SVGLineChart.markup(chart, id: "c1")
        #expect(svg.hasPrefix("<svg class=\"chart line-chart\" viewBox=\"0 0 340 "))
        #expect(svg.contains("role=\"img\" aria-labelledby=\"c1-t c1-d\""))
        #expect(svg.contains("<title id=\"c1-t\">Response rate &lt;per&gt; week</title>"))
        #expect(svg.contains("<desc id=\"c1-d\">\(chart.caption)</desc>"))
        #expect(svg.contains(">Rate &amp; more</text>") && !svg.contains("<per>"))
        // A missing week is a gap: two points, each a path of its own (two moves, no line between).
        let path = try #require(svg.firstMatch(of: /<path d="([^"]*)"/)?.output.1)
        #expect(path.filter { $0 == "M" }.count == 2 && !path.contains("L"))
        #expect(svg.components(separatedBy: "<circle").count - 1 == 2)
        #expect(svg.contains(">25%</text>") && svg.contains(">100%</text>"))
        let data = HTMLPageData(Self.document([.section("The season"), .lineChart(chart)]))
        let part = try #require(Self.parts(Self.sections(data)[0]).first?["chart"] as? [String: Any])
        #expect(part["caption"] as? String == chart.caption && part["title_heading"] as? Bool == true)
        let numbers = try #require(part["numbers"] as? [String: Any])
        let values = (numbers["rows"] as? [[String: Any]])?.map {
            ($0["values"] as? [[String: String]])?.first?["text"]
        }
        #expect(values == ["50%", "none", "25%"])
    }

    @Test func barsSayThePdfsCaptionAndScaleToTheLargest() throws {
        let bars = [
            PDFBar(label: "Email", value: 4, color: Self.blue),
            PDFBar(label: "Phone <Call>", value: 1, color: Self.green),
            PDFBar(label: "Text", value: 0, color: Self.green),
        ]
        #expect(SVGBarChart.caption(bars) == "Email 4 Phone <Call> 1 Text 0")
        let svg = SVGBarChart.markup(bars, title: "Interactions by Type", id: "c2")
        #expect(svg.contains("<desc id=\"c2-d\">Email 4 Phone &lt;Call&gt; 1 Text 0</desc>"))
        #expect(svg.contains("width=\"100%\" height=\"10\"") && svg.contains("width=\"25%\" height=\"10\""))
        // A bar of 0 is its track alone.
        #expect(svg.components(separatedBy: "class=\"series\"").count - 1 == 2)
    }

    @Test func everyTextColourOfAPageReadsInBothSchemes() {
        let colors = [PDFColor(0xF59E0B), PDFColor(0x22C55E), PDFColor(0x0066FF), PDFColor(0xFFFF66), .white, .text]
        let pairs = HTMLColors.textPairs(colors)
        // Three grounds a scheme: the text, muted text and links on each, light and dark (18);
        // for each of the six colours its tone on each ground, its badge, its card's figure,
        // label and text, its line, light and dark (6 × 16); 6 + 6 × 12 names, a tone one for its grounds.
        #expect(pairs.count == 114)
        #expect(Set(pairs.map(\.name)).count == 78)
        // As a browser reads them: the hex the page writes.
        func written(_ color: PDFColor) -> PDFColor { PDFColor(UInt32(color.hex.dropFirst(), radix: 16) ?? 0) }
        for pair in pairs {
            let ratio = written(pair.text).contrast(with: written(pair.ground))
            #expect(ratio >= 4.5, "\(pair.name): \(pair.text.hex) on \(pair.ground.hex) is \(ratio):1")
        }
    }
}
