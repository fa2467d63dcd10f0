// Colours are presentation: the domain (Aggregation) has none.

/// The colours the outputs draw that follow from a figure or stand apart from any palette name
/// (the fit score's bands, the favourite's star, a line kept apart from another, an unknown
/// value's grey): Tailwind's 500 shades where a seed names a colour. The colours a palette
/// names are Templates/palette.yaml's (`OutputPalette`).
package enum Palette {
    package static let green = RGBColor(0x22C55E)
    package static let emerald = RGBColor(0x10B981)
    package static let purple = RGBColor(0xA855F7)
    package static let orange = RGBColor(0xF97316)
    package static let amber = RGBColor(0xF59E0B)
    package static let red = RGBColor(0xEF4444)
    package static let gray = RGBColor(0x6B7280)
    /// Tailwind's indigo-600: the lists' pdf cards that are none of the report's stat cards.
    package static let deepIndigo = RGBColor(0x4F46E5)
}
