// Colours are presentation: the domain (Aggregation) has none.

/// The colours of the page specifications that no palette name sets (Tailwind's 500 shades where a
/// seed names a colour); the named ones are Templates/palette.yaml's (`OutputPalette`).
package enum Palette {
    package static let blue = RGBColor(0x3B82F6)
    package static let green = RGBColor(0x22C55E)
    package static let emerald = RGBColor(0x10B981)
    package static let purple = RGBColor(0xA855F7)
    package static let orange = RGBColor(0xF97316)
    package static let amber = RGBColor(0xF59E0B)
    package static let yellow = RGBColor(0xEAB308)
    package static let red = RGBColor(0xEF4444)
    package static let gray = RGBColor(0x6B7280)
    package static let slate = RGBColor(0x64748B)
    package static let grayBlue = RGBColor(0x5B7083)
    package static let indigo = RGBColor(0x6366F1)
    package static let pink = RGBColor(0xEC4899)
    package static let cyan = RGBColor(0x06B6D4)
    /// Tailwind's indigo-600: the lists' pdf cards that are none of the report's stat cards.
    package static let deepIndigo = RGBColor(0x4F46E5)
}
