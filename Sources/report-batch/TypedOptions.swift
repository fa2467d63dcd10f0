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
extension SchoolStatus: ExpressibleByArgument {}
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
