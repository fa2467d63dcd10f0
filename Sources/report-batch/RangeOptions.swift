import Aggregation
import ArgumentParser
import ReportGen

/// A preset or custom date range (docs/report.md §1).
package struct RangeOptions: ParsableArguments {
    @Option(help: "A preset range, ending today (previous-week and previous-month end before it).")
    package var preset: ReportPreset?

    @Option(help: "The first day of a custom range (YYYY-MM-DD), with --to.")
    package var from: String?

    @Option(help: "The last day of a custom range (YYYY-MM-DD), with --from; the whole day is included.")
    package var to: String?

    package init() {}

    package var isGiven: Bool { preset != nil || from != nil || to != nil }

    package func selection(defaultPreset: ReportPreset = .standard) throws -> RangeSelection {
        try RangeSelection.parse(preset: preset?.rawValue, from: from, to: to, defaultPreset: defaultPreset)
    }
}
