import Exporters
import Foundation
import ReportGen
import Testing

/// Every text colour the outputs use reads at 4.5:1 or more against its background (WCAG 2.1
/// AA, relative luminance): the palette's colours as the pdfs draw them (badges, cards,
/// coloured cells), the xlsx styles, and the colours of the e-mail and summary templates.
struct ContrastTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static func pdfColor(_ color: RGBColor) -> PDFColor {
        PDFColor(UInt32(color.red) << 16 | UInt32(color.green) << 8 | UInt32(color.blue))
    }

    @Test func everyPaletteColourReadsAsABadgeACardAndCellText() {
        for (group, names) in OutputPalette.names {
            for name in names {
                let color = Self.pdfColor(OutputPalette.builtIn.color(group, name))
                let badge = color.tint(PDFColor.badgeTint)
                #expect(color.badgeText.contrast(with: badge) >= 4.5, "\(group).\(name) badge")
                let card = color.tint(0.08)
                #expect(color.readable(on: card).contrast(with: card) >= 4.5, "\(group).\(name) card figure")
                #expect(PDFColor.muted.readable(on: card).contrast(with: card) >= 4.5, "\(group).\(name) card label")
                for row in [PDFColor.white, .cardFill] {
                    #expect(color.readable(on: row).contrast(with: row) >= 4.5, "\(group).\(name) cell text")
                }
            }
        }
        #expect(PDFColor.text.readable(on: .headerFill).contrast(with: .headerFill) >= 4.5)
        #expect(PDFColor.link.contrast(with: .white) >= 4.5 && PDFColor.link.contrast(with: .cardFill) >= 4.5)
        // The footer's grey is drawn on white as it is.
        #expect(PDFColor.muted.contrast(with: .white) >= 4.5)
    }

    /// The season charts' lines (ReportPDFCharts): each end value is written in its line's
    /// colour on white, and a line is a graphic that must stand out from white and from the grid.
    @Test func everyChartLineReadsOnWhite() {
        #expect(ReportPDFCharts.lineColors.count >= 8)
        for color in ReportPDFCharts.lineColors {
            #expect(color.contrast(with: .white) >= 4.5, "\(color) is \(color.contrast(with: .white)):1 on white")
            #expect(color.readable(on: .white) == color, "drawn as it is, not darkened")
        }
        for color in [ReportPDFSeason.forward, ReportPDFSeason.back, ReportPDFSeason.out] {
            #expect(
                color.contrast(with: .white) >= 4.5 && color.contrast(with: .cardFill) >= 4.5,
                "\(color) as a move's text"
            )
        }
        // The chart's captions and axis labels are the muted grey on white.
        #expect(PDFColor.muted.contrast(with: .white) >= 4.5)
    }

    /// The html pages' colours (`HTMLColors`, docs/outputs.md "html"): every palette colour as a
    /// badge, a card, a chart's line and coloured text, and every other colour the report writes
    /// text in, light and dark, on each ground a page has; and the templates' stylesheets use the
    /// page colours that are checked (Chromium checks each rendered pair: HTMLRenderingTests).
    @Test func everyHTMLTextColourReadsInBothSchemes() throws {
        var colors = OutputPalette.names.flatMap { group in
            group.names.map { Self.pdfColor(OutputPalette.builtIn.color(group.group, $0)) }
        }
        colors += ReportPDFCharts.lineColors + [ReportPDFSeason.forward, ReportPDFSeason.back, ReportPDFSeason.out]
        // The follow-ups' red and amber, the left-out rows' brown, the lists' greys and the star's amber.
        colors += [0xDC2626, 0xD97706, 0x92400E, 0x374151, 0x4B5563, 0x6B7280, 0xF59E0B].map { PDFColor($0) }
        let pairs = HTMLColors.textPairs(colors)
        #expect(pairs.count > colors.count * 10)
        // As a browser reads them: the hex the page writes.
        func written(_ color: PDFColor) -> PDFColor { PDFColor(UInt32(color.hex.dropFirst(), radix: 16) ?? 0) }
        for pair in pairs {
            let ratio = written(pair.text).contrast(with: written(pair.ground))
            #expect(ratio >= 4.5, "\(pair.name): \(pair.text.hex) on \(pair.ground.hex) is \(ratio):1")
        }
        for template in [HTMLTemplates.defaultReport, HTMLTemplates.defaultList] {
            for (name, light, dark) in [
                ("page", HTMLColors.light.page, HTMLColors.dark.page),
                ("surface", HTMLColors.light.surface, HTMLColors.dark.surface),
                ("stripe", HTMLColors.light.stripe, HTMLColors.dark.stripe),
                ("text", HTMLColors.light.text, HTMLColors.dark.text),
                ("muted", HTMLColors.light.muted, HTMLColors.dark.muted),
                ("link", HTMLColors.light.link, HTMLColors.dark.link),
            ] {
                let values = template.matches(of: try Regex("--\(name): (#[0-9A-F]{6});")).map {
                    String(template[$0.range].dropFirst(name.count + 4).dropLast())
                }
                #expect(values == [light.hex, dark.hex], "--\(name) in the stylesheet: \(values)")
            }
        }
    }

    /// Hex colours written after `pattern` in the files under `folder` with `suffix`, each with its file.
    static func colours(
        in folder: String,
        suffix: String,
        pattern: Regex<(Substring, Substring)>
    ) throws -> [(file: String, hex: String)] {
        let url = root.appendingPathComponent(folder)
        let files =
            FileManager.default.enumerator(atPath: url.path)?.compactMap { $0 as? String }.filter {
                $0.hasSuffix(suffix)
            } ?? []
        return try files.flatMap { file in
            try String(contentsOf: url.appendingPathComponent(file), encoding: .utf8).matches(of: pattern).map {
                (file, String($0.output.1))
            }
        }
    }

    static func contrastOnWhite(_ hex: String) -> Double {
        PDFColor(UInt32(hex, radix: 16) ?? 0).contrast(with: .white)
    }

    @Test func everyTemplateTextColourReadsOnWhite() throws {
        // `color: #…` (not background-color) in the summary templates, all on white. The e-mail's
        // colours sit on backgrounds of their own, light and dark: RecapRenderingTests computes
        // each of its pairs.
        let found = try Self.colours(in: "Templates", suffix: ".mustache", pattern: /[";\s]color: #([0-9A-Fa-f]{6})/)
            .filter { !$0.file.hasPrefix("email.") }
        #expect(found.count >= 3)
        for (file, hex) in found {
            #expect(Self.contrastOnWhite(hex) >= 4.5, "\(file): #\(hex) is \(Self.contrastOnWhite(hex)):1 on white")
        }
    }

    @Test func everyXLSXFontColourReadsOnWhite() throws {
        let found = try Self.colours(
            in: "Sources/Exporters",
            suffix: ".swift",
            pattern: /format_set_font_color\(\$0, 0x([0-9A-Fa-f]{6})\)/
        )
        #expect(found.count >= 3)
        for (file, hex) in found {
            #expect(Self.contrastOnWhite(hex) >= 4.5, "\(file): #\(hex)")
        }
    }

    /// The report workbook's own looks: each card's label, figure, change and scope on the card's
    /// tint (for the built-in colours and a palette that sets a pale one), the urgent follow-ups on white.
    @Test func everyWorkbookTextReadsOnItsFill() {
        var pale = OutputPalette.builtIn
        pale.groups["cards", default: [:]]["interactions"] = RGBColor(0xFFFF66)
        pale.groups["cards", default: [:]]["metrics"] = RGBColor(0xFFFFFF)
        for palette in [OutputPalette.builtIn, pale] {
            let pairs = WorkbookLook.textPairs(palette)
            #expect(pairs.count == 5 * 4 + 2)
            for pair in pairs {
                let ratio = PDFColor(pair.text).contrast(with: PDFColor(pair.fill))
                #expect(
                    ratio >= 4.5,
                    "\(pair.name): #\(String(pair.text, radix: 16)) on #\(String(pair.fill, radix: 16)) is \(ratio):1"
                )
            }
        }
    }
}
