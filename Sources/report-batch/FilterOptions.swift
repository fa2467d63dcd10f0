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

/// `export schools`' filters, as the argument parser types them.
package struct SchoolFilterOptions: ParsableArguments {
    @Option(help: .filter(.search, of: .schools)) var search: String?
    @Option(help: .filter(.division, of: .schools)) var division: Division?
    @Option(help: .filter(.status, of: .schools)) var status: [StatusArgument] = []
    @Option(help: .filter(.state, of: .schools)) var state: String?
    @Flag(help: .filter(.favorites, of: .schools)) var favorites = false
    @Option(help: .filter(.tier, of: .schools)) var tier: PriorityTier?
    @Option(help: .filter(.fitMin, of: .schools)) var fitMin: Double?
    @Option(help: .filter(.fitMax, of: .schools)) var fitMax: Double?
    @Option(help: .filter(.maxDistance, of: .schools)) var maxDistance: Double?
    @Option(help: .filter(.home, of: .schools)) package var home: String?

    package init() {}

    package var values: ListFilterValues {
        var values = ListFilterValues()
        values.set(.search, search)
        values.set(.division, division)
        values.set(.status, texts: status.map(\.text))
        values.set(.state, state)
        values.set(.favorites, favorites)
        values.set(.tier, tier)
        values.set(.fitMin, fitMin)
        values.set(.fitMax, fitMax)
        values.set(.maxDistance, maxDistance)
        values.set(.home, home)
        return values
    }
}

/// `export interactions`' filters, as the argument parser types them.
package struct InteractionFilterOptions: ParsableArguments {
    @Option(help: .filter(.search, of: .interactions)) var search: String?
    @Option(help: .filter(.type, of: .interactions)) var type: InteractionType?
    @Option(help: .filter(.direction, of: .interactions)) var direction: Direction?
    @Option(help: .filter(.sentiment, of: .interactions)) var sentiment: Sentiment?
    @Option(help: .filter(.days, of: .interactions)) var days: Int?
    /// `--preset`, `--from`, `--to`: not filters of the table, but given beside `--days`.
    @OptionGroup package var range: RangeOptions
    @Option(help: .filter(.loggedBy, of: .interactions)) var loggedBy: String?

    package init() {}

    package var values: ListFilterValues {
        var values = ListFilterValues()
        values.set(.search, search)
        values.set(.type, type)
        values.set(.direction, direction)
        values.set(.sentiment, sentiment)
        values.set(.days, days)
        values.set(.loggedBy, loggedBy)
        return values
    }
}
