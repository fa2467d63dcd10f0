import Aggregation
import ArgumentParser
import ReportGen

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
