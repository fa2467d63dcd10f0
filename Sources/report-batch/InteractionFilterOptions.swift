import Aggregation
import ArgumentParser
import ReportGen

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
