import Aggregation

/// The colours of the outputs: the stat cards and the categories' badges and bars. The built-in
/// colours are Templates/palette.yaml's (`OutputTemplates.builtIn`); a user's palette changes
/// any of them and keeps the rest.
package struct OutputPalette: Sendable, Equatable {
    package var groups: [String: [String: RGBColor]] = [:]

    /// A palette that sets nothing, for a file to be read into (`BuiltInValues`).
    init() {}

    /// The built-in palette: Templates/palette.yaml as the binary embeds it.
    package static var builtIn: OutputPalette { OutputTemplates.builtIn.palette }

    /// The names a palette may set, by group: the cards and the domain's values, as the file
    /// spells them. The built-in palette gives each a colour (OutputTemplatesTests).
    package static let names: [(group: String, names: [String])] = [
        ("cards", ["schools", "coaches", "interactions", "metrics", "response_rate"]),
        ("status", SchoolStatus.allCases.map(\.rawValue)),
        ("division", Division.allCases.map(\.rawValue)),
        ("interaction_type", InteractionType.allCases.map(\.rawValue)),
        ("direction", Direction.allCases.map(\.rawValue)),
        ("sentiment", Sentiment.allCases.map(\.rawValue)),
        ("role", CoachRole.allCases.map(\.rawValue)),
        ("responsiveness", ResponsivenessLevel.allCases.map(\.rawValue)),
        ("size", SizeCategory.allCases.map(sizeName)),
    ]

    /// Names a palette may still hold but nothing shows any more, by group: the statuses the app
    /// left in August 2026 (docs/data-model.md), so that a palette copied from an earlier
    /// Templates/ keeps working. Their colours are checked and not used.
    package static let formerNames: [String: [String]] = [
        "status": StoredSchoolStatus.allCases.map(\.rawValue).filter { SchoolStatus(rawValue: $0) == nil }
    ]

    /// A colour the palette sets; grey for a name it does not (the built-in one sets every name).
    package func color(_ group: String, _ name: String) -> RGBColor { groups[group]?[name] ?? Palette.gray }

    package func card(_ name: String) -> RGBColor { color("cards", name) }
    package func status(_ value: SchoolStatus) -> RGBColor { color("status", value.rawValue) }
    package func division(_ value: Division) -> RGBColor { color("division", value.rawValue) }
    package func type(_ value: InteractionType) -> RGBColor { color("interaction_type", value.rawValue) }
    package func direction(_ value: Direction) -> RGBColor { color("direction", value.rawValue) }
    package func sentiment(_ value: Sentiment) -> RGBColor { color("sentiment", value.rawValue) }
    package func role(_ value: CoachRole) -> RGBColor { color("role", value.rawValue) }
    package func responsiveness(_ value: ResponsivenessLevel) -> RGBColor { color("responsiveness", value.rawValue) }
    package func size(_ value: SizeCategory) -> RGBColor { color("size", Self.sizeName(value)) }

    /// A size's name in the palette: "Very Small" is `very_small`.
    private static func sizeName(_ value: SizeCategory) -> String {
        value.rawValue.lowercased().replacingOccurrences(of: " ", with: "_")
    }

    /// Every colour a palette may set, resolved, for comparing two palettes.
    package var resolved: [String] {
        Self.names.flatMap { group in
            group.names.map { "\(group.group).\($0)=\(color(group.group, $0).hexString)" }
        }
    }

    package static func == (lhs: OutputPalette, rhs: OutputPalette) -> Bool { lhs.resolved == rhs.resolved }
}
