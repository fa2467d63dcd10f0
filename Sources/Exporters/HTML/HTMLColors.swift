import Foundation

/// The html page's colours, light and dark (docs/outputs.md, "html"): the page's own, and
/// those made from a colour of the palette for a badge, a card, a line of a chart or
/// coloured text, each as a pair of CSS custom properties that the page's stylesheet reads
/// (`--fg`/`--fgd`, `--bg`/`--bgd`), so that a template sets the looks and the colours stay
/// readable: every text colour 4.5:1 or more on what it is drawn on, in both schemes.
public enum HTMLColors {
    /// One scheme's colours of the page itself.
    public struct Scheme: Sendable {
        public let page: PDFColor
        /// A card's and a table header's ground, and every other table row's.
        public let surface: PDFColor
        public let stripe: PDFColor
        public let text: PDFColor
        public let muted: PDFColor
        public let link: PDFColor
        public let rule: PDFColor
    }

    public static let light = Scheme(
        page: .white,
        surface: PDFColor(0xF3F4F6),
        stripe: PDFColor(0xF9FAFB),
        text: PDFColor(0x111827),
        muted: PDFColor(0x4B5563),
        link: PDFColor(0x1D4ED8),
        rule: PDFColor(0xD1D5DB)
    )

    public static let dark = Scheme(
        page: PDFColor(0x111827),
        surface: PDFColor(0x1F2937),
        stripe: PDFColor(0x172033),
        text: PDFColor(0xF3F4F6),
        muted: PDFColor(0xC3C9D3),
        link: PDFColor(0x93C5FD),
        rule: PDFColor(0x4B5563)
    )

    /// The grounds coloured text may stand on in a scheme: the page, a table's stripe and header.
    static func grounds(_ scheme: Scheme) -> [PDFColor] { [scheme.page, scheme.stripe, scheme.surface] }

    /// Text in a colour (an urgent deadline's red, a move's green): readable on every ground.
    public static func tone(_ color: PDFColor) -> (light: PDFColor, dark: PDFColor) {
        (color.readable(onEach: grounds(light)), color.tint(0.55).readable(onEach: grounds(dark)))
    }

    /// A badge: the colour's tint as its ground and the colour darkened on it (the pdf's); in the
    /// dark the colour laid thinly over the page, and the colour lightened on it.
    public static func badge(
        _ color: PDFColor
    ) -> (fill: PDFColor, text: PDFColor, darkFill: PDFColor, darkText: PDFColor) {
        let fill = color.tint(PDFColor.badgeTint).written
        let darkFill = color.over(dark.page, amount: 0.3).written
        return (fill, color.badgeText.readable(onEach: [fill]), darkFill, color.tint(0.45).readable(onEach: [darkFill]))
    }

    /// A stat card: its tint with the figure in the colour (the pdf's), the label muted; in the
    /// dark the colour laid thinly over the card's ground.
    public static func card(
        _ color: PDFColor
    ) -> (
        fill: PDFColor, figure: PDFColor, label: PDFColor, darkFill: PDFColor, darkFigure: PDFColor, darkLabel: PDFColor
    ) {
        let fill = color.tint(0.08).written
        let darkFill = color.over(dark.surface, amount: 0.16).written
        return (
            fill, color.readable(onEach: [fill]), light.muted.readable(onEach: [fill]),
            darkFill, color.tint(0.5).readable(onEach: [darkFill]), dark.muted.readable(onEach: [darkFill])
        )
    }

    /// A line or bar of a chart, drawn on the page, with its values written in it.
    public static func line(_ color: PDFColor) -> (light: PDFColor, dark: PDFColor) {
        (color.readable(onEach: [light.page]), color.tint(0.6).readable(onEach: [dark.page]))
    }

    /// The CSS custom properties of a text colour: `--fg` and `--fgd` (dark).
    static func style(_ pair: (light: PDFColor, dark: PDFColor)) -> String {
        "--fg:\(pair.light.hex);--fgd:\(pair.dark.hex)"
    }

    /// The CSS custom properties of a badge: `--fg`, `--bg` and their dark `--fgd`, `--bgd`.
    static func badgeStyle(_ color: PDFColor) -> String {
        let badge = badge(color)
        return "--fg:\(badge.text.hex);--bg:\(badge.fill.hex);--fgd:\(badge.darkText.hex);--bgd:\(badge.darkFill.hex)"
    }

    /// The CSS custom properties of a card: its ground, figure and label, light and dark.
    static func cardStyle(_ color: PDFColor) -> String {
        let card = card(color)
        return "--bg:\(card.fill.hex);--fg:\(card.figure.hex);--lb:\(card.label.hex);--edge:\(color.hex);"
            + "--bgd:\(card.darkFill.hex);--fgd:\(card.darkFigure.hex);--lbd:\(card.darkLabel.hex)"
    }

    /// Every text colour of a page with `colors` against what it is drawn on, light and dark,
    /// named: what the contrast test checks (Tests/ReportGenTests/ContrastTests.swift).
    public static func textPairs(_ colors: [PDFColor]) -> [(name: String, text: PDFColor, ground: PDFColor)] {
        var pairs: [(String, PDFColor, PDFColor)] = []
        for (name, scheme) in [("light", light), ("dark", dark)] {
            for ground in grounds(scheme) {
                pairs += [
                    ("\(name) text", scheme.text, ground), ("\(name) muted", scheme.muted, ground),
                    ("\(name) link", scheme.link, ground),
                ]
            }
        }
        for color in colors {
            let tone = tone(color)
            for ground in grounds(light) { pairs.append(("tone \(color.hex)", tone.light, ground)) }
            for ground in grounds(dark) { pairs.append(("dark tone \(color.hex)", tone.dark, ground)) }
            let badge = badge(color)
            pairs += [
                ("badge \(color.hex)", badge.text, badge.fill),
                ("dark badge \(color.hex)", badge.darkText, badge.darkFill),
            ]
            let card = card(color)
            pairs += [
                ("card figure \(color.hex)", card.figure, card.fill),
                ("card label \(color.hex)", card.label, card.fill),
                ("card text \(color.hex)", light.text, card.fill),
                ("dark card figure \(color.hex)", card.darkFigure, card.darkFill),
                ("dark card label \(color.hex)", card.darkLabel, card.darkFill),
                ("dark card text \(color.hex)", dark.text, card.darkFill),
            ]
            let line = line(color)
            pairs += [("line \(color.hex)", line.light, light.page), ("dark line \(color.hex)", line.dark, dark.page)]
        }
        return pairs
    }
}
