import Exporters

/// The report workbook's own looks beyond the shared styles: the stat cards (a tint of the
/// card's colour, its colour as a thick line on top, the figure in that colour darkened until
/// it reads at 4.5:1 on the tint) and the urgent follow-ups. Every text colour here is listed by
/// `textPairs`, which the contrast test checks.
package enum WorkbookLook {
    /// The card's fill: its colour mixed with white, 10 % of it.
    static let cardTint = 0.10
    /// Card labels, and the change and scope lines under the figure.
    static let cardLabel: UInt32 = 0x1F2937, cardNote: UInt32 = 0x4B5563

    package static func hex(_ color: PDFColor) -> UInt32 {
        func byte(_ channel: Double) -> UInt32 { UInt32((min(1, max(0, channel)) * 255).rounded()) }
        return byte(color.red) << 16 | byte(color.green) << 8 | byte(color.blue)
    }

    package static func hex(_ color: RGBColor) -> UInt32 {
        UInt32(color.red) << 16 | UInt32(color.green) << 8 | UInt32(color.blue)
    }

    /// The four rows of a card: its label, its figure, its change, what it counts.
    struct Card {
        let label, value, change, scope: XLSXStyle
    }

    static func fill(of color: RGBColor) -> UInt32 { hex(PDFColor(hex(color)).tint(cardTint)) }

    /// The figure's colour: the card's own, darkened until it reads on the card's fill.
    static func figure(of color: RGBColor) -> UInt32 {
        let fill = PDFColor(self.fill(of: color))
        var figure = hex(PDFColor(hex(color)).readable(on: fill))
        // Rounded to whole bytes the colour may fall a hair short: darken it a step more until it reads.
        while PDFColor(figure).contrast(with: fill) < PDFColor.minimumContrast, figure != 0 {
            func darker(_ shift: UInt32) -> UInt32 { (figure >> shift & 0xFF) * 49 / 50 << shift }
            figure = darker(16) | darker(8) | darker(0)
        }
        return figure
    }

    static func card(_ color: RGBColor) -> Card {
        let fill = fill(of: color)
        return Card(
            label: XLSXStyle(bold: true, size: 10, color: cardLabel, fill: fill, topBorder: hex(color)),
            value: XLSXStyle(bold: true, size: 20, color: figure(of: color), fill: fill, horizontal: .left),
            change: XLSXStyle(size: 9, color: cardNote, fill: fill, wrap: true, alignTop: true),
            scope: XLSXStyle(size: 9, color: cardNote, fill: fill, wrap: true, alignTop: true)
        )
    }

    /// A follow-up row's cells in its urgency's colour, bold (nil: the plain look).
    static func urgent(_ urgency: ReportText.FollowUpTable.Urgency) -> XLSXStyle? {
        urgency.color.map { XLSXStyle(bold: true, color: hex($0)) }
    }

    /// Every text colour the workbook writes on a fill of its own, with that fill: each card's
    /// label, figure and notes on its tint, and the urgent follow-ups on white.
    package static func textPairs(_ palette: OutputPalette) -> [(name: String, text: UInt32, fill: UInt32)] {
        var pairs: [(String, UInt32, UInt32)] = []
        for name in OutputPalette.names.first(where: { $0.group == "cards" })?.names ?? [] {
            let color = palette.card(name)
            let card = card(color)
            for (part, style) in [
                ("label", card.label), ("figure", card.value), ("change", card.change), ("scope", card.scope),
            ] {
                pairs.append(("card \(name) \(part)", style.color ?? 0, style.fill ?? 0xFFFFFF))
            }
        }
        for urgency in [ReportText.FollowUpTable.Urgency.urgent, .soon] {
            pairs.append(("follow-up \(urgency)", urgent(urgency)?.color ?? 0, 0xFFFFFF))
        }
        return pairs
    }
}
