import Aggregation
import ArgumentParser
import ReportGen

// The `export` commands' filter options: each is a filter of the one table
// (Sources/ReportGen/Lists/ListFilterTable.swift), its help taken from there, its value handed
// over through `values`.

extension ArgumentHelp {
    /// The help of a list filter, from the table.
    package static func filter(_ filter: ListFilterOption, of list: ListKind) -> ArgumentHelp {
        ArgumentHelp(filter.help(for: list))
    }
}

/// `export coaches`' filters, as the argument parser types them.
package struct CoachFilterOptions: ParsableArguments {
    @Option(help: .filter(.search, of: .coaches)) var search: String?
    @Option(help: .filter(.role, of: .coaches)) var role: CoachRole?
    @Option(help: .filter(.lastContactDays, of: .coaches)) var lastContactDays: Int?
    @Option(help: .filter(.responsiveness, of: .coaches)) var responsiveness: ResponsivenessLevel?

    package init() {}

    package var values: ListFilterValues {
        var values = ListFilterValues()
        values.set(.search, search)
        values.set(.role, role)
        values.set(.lastContactDays, lastContactDays)
        values.set(.responsiveness, responsiveness)
        return values
    }
}
