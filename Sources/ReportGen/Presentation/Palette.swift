// Colours are presentation: the domain (Aggregation) has none.

/// The palette of the page specifications (Tailwind's 500 shades where a seed names a colour).
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

    /// The report's stat cards (docs/report.md §3).
    package static let schoolsCard = RGBColor(0x0066FF)
    package static let coachesCard = RGBColor(0x9333EA)
    package static let interactionsCard = RGBColor(0x00CC66)
    package static let metricsCard = RGBColor(0xFF6B00)
    package static let responseRateCard = RGBColor(0x4F46E5)
}
