import Aggregation

/// The colours of the outputs: the stat cards and the categories' badges and bars.
/// Anything a palette does not name keeps its built-in colour.
package struct OutputPalette: Sendable, Equatable {
    package var groups: [String: [String: RGBColor]] = [:]

    package init() {}

    /// Names a palette may still hold but nothing shows any more, by group: the statuses the app
    /// left in August 2026 (docs/data-model.md), so that a palette copied from an earlier
    /// Templates/ keeps working. Their colours are checked and not used.
    package static let formerNames: [String: [String]] = [
        "status": StoredSchoolStatus.allCases.map(\.rawValue).filter { SchoolStatus(rawValue: $0) == nil }
    ]

    /// The groups a palette may set, with their names and built-in colours.
    package static let builtIn: [(group: String, colors: [(String, RGBColor)])] = [
        (
            "cards",
            [
                ("schools", Palette.schoolsCard), ("coaches", Palette.coachesCard),
                ("interactions", Palette.interactionsCard),
                ("metrics", Palette.metricsCard), ("response_rate", Palette.responseRateCard),
            ]
        ),
        ("status", SchoolStatus.allCases.map { ($0.rawValue, $0.color) }),
        ("division", Division.allCases.map { ($0.rawValue, $0.color) }),
        ("interaction_type", InteractionType.allCases.map { ($0.rawValue, $0.color) }),
        ("direction", Direction.allCases.map { ($0.rawValue, $0.color) }),
        ("sentiment", Sentiment.allCases.map { ($0.rawValue, $0.color) }),
        ("role", CoachRole.allCases.map { ($0.rawValue, $0.color) }),
        ("responsiveness", ResponsivenessLevel.allCases.map { ($0.rawValue, $0.color) }),
        (
            "size",
            SizeCategory.allCases.map { ($0.rawValue.lowercased().replacingOccurrences(of: " ", with: "_"), $0.color) }
        ),
    ]

    package func color(_ group: String, _ name: String) -> RGBColor {
        if let color = groups[group]?[name] { return color }
        return OutputPalette.builtIn.first { $0.group == group }?.colors.first { $0.0 == name }?.1 ?? Palette.gray
    }

    package func card(_ name: String) -> RGBColor { color("cards", name) }
    package func status(_ value: SchoolStatus) -> RGBColor { color("status", value.rawValue) }
    package func division(_ value: Division) -> RGBColor { color("division", value.rawValue) }
    package func type(_ value: InteractionType) -> RGBColor { color("interaction_type", value.rawValue) }
    package func direction(_ value: Direction) -> RGBColor { color("direction", value.rawValue) }
    package func sentiment(_ value: Sentiment) -> RGBColor { color("sentiment", value.rawValue) }
    package func role(_ value: CoachRole) -> RGBColor { color("role", value.rawValue) }
    package func responsiveness(_ value: ResponsivenessLevel) -> RGBColor { color("responsiveness", value.rawValue) }
    package func size(_ value: SizeCategory) -> RGBColor {
        color("size", value.rawValue.lowercased().replacingOccurrences(of: " ", with: "_"))
    }

    /// Every colour, resolved, for comparing two palettes.
    package var resolved: [String] {
        OutputPalette.builtIn.flatMap { group in
            group.colors.map { "\(group.group).\($0.0)=\(color(group.group, $0.0).hexString)" }
        }
    }

    package static func == (lhs: OutputPalette, rhs: OutputPalette) -> Bool { lhs.resolved == rhs.resolved }
}
