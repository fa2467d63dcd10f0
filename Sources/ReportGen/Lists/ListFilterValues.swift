import Aggregation

/// The raw values of a list's filters, as a user typed them on the command line or in a
/// job file, turned into the typed filters with usage errors that name the option.
/// One place, so that `export` and `run` accept exactly the same things.
package struct ListFilterValues: Sendable {
    package var search: String?
    package var sort: String?
    // Coaches
    package var role: String?
    package var lastContactDays: Int?
    package var responsiveness: String?
    // Schools
    package var division: String?
    package var statuses: [String] = []
    package var state: String?
    package var favorites = false
    package var tier: String?
    package var fitMin: Double?
    package var fitMax: Double?
    package var maxDistance: Double?
    package var home: String?
    // Interactions
    package var type: String?
    package var direction: String?
    package var sentiment: String?
    package var days: Int?
    package var loggedBy: String?

    package init() {}

    /// The option names each list accepts (without `--`), for messages and job-file validation.
    package static func names(for kind: ListKind) -> [String] {
        switch kind {
        case .coaches: ["search", "role", "last-contact-days", "responsiveness"]
        case .schools: ["search", "division", "status", "state", "favorites", "tier", "fit-min", "fit-max", "max-distance", "home"]
        case .interactions: ["search", "type", "direction", "sentiment", "days", "logged-by"]
        }
    }

    package func coaches() throws -> CoachFilters {
        var filters = CoachFilters()
        filters.search = search
        filters.role = try role.map { try OptionParsing.domainValue($0, option: "--role", noun: "a coach role") }
        filters.lastContactDays = try lastContactDays.map { try OptionParsing.days($0, option: "--last-contact-days") }
        filters.responsiveness = try responsiveness.map { try OptionParsing.domainValue($0, option: "--responsiveness", noun: "a responsiveness level") }
        filters.sort = try OptionParsing.named(sort ?? "name", option: "--sort", noun: "a coaches sort")
        return filters
    }

    package func schools() throws -> SchoolFilters {
        var filters = SchoolFilters()
        filters.search = search
        filters.division = try division.map { try OptionParsing.domainValue($0, option: "--division", noun: "a division") }
        filters.statuses = try statuses.map { try OptionParsing.domainValue($0, option: "--status", noun: "a school status") }
        if let state {
            guard state.count == 2, state.allSatisfy(\.isLetter) else {
                throw UsageError("--state \(Quote.value(state)) is not a two-letter state code (e.g. TX)")
            }
            filters.state = state
        }
        filters.favoritesOnly = favorites
        filters.tier = try tier.map { try OptionParsing.domainValue($0.uppercased(), option: "--tier", noun: "a priority tier") }
        filters.fitMin = try fitMin.map { try OptionParsing.percent($0, option: "--fit-min") }
        filters.fitMax = try fitMax.map { try OptionParsing.percent($0, option: "--fit-max") }
        if let low = filters.fitMin, let high = filters.fitMax, low > high {
            throw UsageError("--fit-min \(low) is above --fit-max \(high); no school could match")
        }
        if let maxDistance {
            guard maxDistance.isFinite, maxDistance >= 0 else { throw UsageError("--max-distance \(maxDistance) must be a number of miles, 0 or more") }
            filters.maxDistance = maxDistance
        }
        filters.sort = try OptionParsing.named(sort ?? "name", option: "--sort", noun: "a schools sort")
        return filters
    }

    /// The interactions' filters; `range` is a preset or custom range given beside them.
    package func interactions(range: RangeSelection?) throws -> ListRequest.Filters {
        var filters = InteractionFilters()
        filters.search = search
        filters.type = try type.map { try OptionParsing.domainValue($0, option: "--type", noun: "an interaction type") }
        filters.direction = try direction.map { try OptionParsing.domainValue($0, option: "--direction", noun: "a direction") }
        filters.sentiment = try sentiment.map { try OptionParsing.domainValue($0, option: "--sentiment", noun: "a sentiment") }
        if let days, range != nil {
            throw UsageError("--days \(days) cannot be combined with --preset or --from/--to; give one of them")
        }
        filters.lastDays = try days.map { try OptionParsing.days($0, option: "--days") }
        filters.loggedBy = loggedBy
        return .interactions(filters, range: range)
    }

    /// The filters of one list.
    package func filters(for kind: ListKind, range: RangeSelection?) throws -> ListRequest.Filters {
        switch kind {
        case .coaches: .coaches(try coaches())
        case .schools: .schools(try schools())
        case .interactions: try interactions(range: range)
        }
    }

    /// `--home LAT,LON`, parsed.
    package func homeCoordinate() throws -> Coordinate? {
        try home.map { try OptionParsing.coordinate($0, option: "--home") }
    }
}
