import Aggregation
import ArgumentParser

// The enumerated options take the domain's own types: swift-argument-parser then lists the
// accepted values in `help`, refuses any other value naming them, and offers them to the
// shell's completion (`report-batch --generate-completion-script bash|zsh|fish`). The raw
// strings stay in the one enum that decodes them.
extension CoachRole: ExpressibleByArgument {}
extension ResponsivenessLevel: ExpressibleByArgument {}
extension CoachSort: ExpressibleByArgument {}
extension Division: ExpressibleByArgument {}
extension SchoolSort: ExpressibleByArgument {}
extension InteractionType: ExpressibleByArgument {}
extension Direction: ExpressibleByArgument {}
extension Sentiment: ExpressibleByArgument {}
extension ReportPreset: ExpressibleByArgument {}

extension PriorityTier: ExpressibleByArgument {
    /// `a` reads as `A`: a tier is a letter, in either case.
    public init?(argument: String) {
        self.init(rawValue: argument.uppercased())
    }
}

/// A `--status` value: the help and the completions offer the six statuses; an older stored
/// value gets past the parser so that the filters' table refuses it in its own words (for
/// `interested`, naming `--favorites`; `SchoolStatus.parse`).
package struct StatusArgument: ExpressibleByArgument, Sendable {
    let text: String

    package init?(argument: String) {
        guard StoredSchoolStatus.decode(argument) != nil else { return nil }
        text = argument
    }

    package static var allValueStrings: [String] { SchoolStatus.allCases.map(\.rawValue) }
    package static var defaultCompletionKind: CompletionKind { .list(allValueStrings) }
}
