// Colours that follow from a figure rather than from a palette name: presentation, kept out of
// Aggregation (which knows no looks).

/// The fit score's badge colour: ≥ 70 emerald, 50–69 orange, < 50 red.
package enum FitBand {
    package static func color(_ score: Double) -> RGBColor {
        score >= 70 ? Palette.emerald : score >= 50 ? Palette.orange : Palette.red
    }
}
