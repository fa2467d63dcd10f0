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
