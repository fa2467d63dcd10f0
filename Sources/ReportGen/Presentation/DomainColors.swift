import Aggregation

// The colours of the domain's values: presentation, kept out of Aggregation (which knows no
// looks). They are the built-in palette; Templates/palette.yaml may change each one.

extension SizeCategory {
    package var color: RGBColor {
        switch self {
        case .verySmall: Palette.indigo
        case .small: Palette.blue
        case .medium: Palette.green
        case .large: Palette.orange
        case .veryLarge: Palette.purple
        }
    }
}

/// The fit score's badge colour: ≥ 70 emerald, 50–69 orange, < 50 red.
package enum FitBand {
    package static func color(_ score: Double) -> RGBColor {
        score >= 70 ? Palette.emerald : score >= 50 ? Palette.orange : Palette.red
    }
}

extension SchoolStatus {
    /// Badge colour of the schools comparison (docs/lists.md): the app's badge palette.
    package var color: RGBColor {
        switch self {
        case .researching: Palette.slate
        case .contacted: Palette.blue
        case .visiting: Palette.orange
        case .offerReceived, .committed: Palette.emerald
        case .notPursuing: Palette.red
        }
    }
}

extension CoachRole {
    /// Badge colour of the coaches list.
    package var color: RGBColor {
        switch self {
        case .head: Palette.purple
        case .assistant: Palette.blue
        case .recruiting: Palette.green
        }
    }
}

extension ResponsivenessLevel {
    package var color: RGBColor {
        switch self {
        case .high: Palette.emerald
        case .medium: Palette.amber
        case .low: Palette.red
        }
    }
}

extension InteractionType {
    /// The icon colour of the interactions page; the app's later types get their own.
    package var color: RGBColor {
        switch self {
        case .email: Palette.blue
        case .phoneCall: Palette.purple
        case .text: Palette.green
        case .inPersonVisit: Palette.orange
        case .virtualMeeting: Palette.indigo
        case .camp: Palette.amber
        case .showcase: Palette.pink
        case .tweet: Palette.cyan
        case .dm: RGBColor(0x7C3AED)
        case .game: Palette.red
        case .unofficialVisit: Palette.emerald
        case .officialVisit: RGBColor(0x0066FF)
        case .other: Palette.gray
        }
    }
}

extension Direction {
    package var color: RGBColor {
        switch self {
        case .outbound: Palette.blue
        case .inbound: Palette.emerald
        }
    }
}

extension Sentiment {
    package var color: RGBColor {
        switch self {
        case .veryPositive: Palette.emerald
        case .positive: Palette.blue
        case .neutral: Palette.slate
        case .negative: Palette.red
        }
    }
}

extension Division {
    /// Badge colour of the schools comparison (docs/lists.md).
    package var color: RGBColor {
        switch self {
        case .d1: Palette.blue
        case .d2: Palette.green
        case .d3: Palette.purple
        case .naia: Palette.orange
        case .juco: Palette.gray
        }
    }
}
