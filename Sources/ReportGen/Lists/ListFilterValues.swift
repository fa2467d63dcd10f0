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

    /// A value given for a filter, by the command line or a job file.
    package enum Input: Sendable {
        case text(String)
        case texts([String])
        case wholeNumber(Int)
        case number(Double)
        case flag(Bool)
    }

    /// One filter of the lists: its name (the option without `--`, and the job file's key),
    /// the lists that have it, the kind of value it takes, and where that value goes. The
    /// job file's keys and their reading, and the check that every `export` command has
    /// exactly these options, all come from this one table.
    package struct Filter: Sendable {
        package enum ValueKind: Sendable { case text, texts, wholeNumber, number, flag }

        package let name: String
        package let lists: Set<ListKind>
        package let kind: ValueKind
        let set: @Sendable (inout ListFilterValues, Input) -> Void
    }

    package static let filters: [Filter] = [
        Filter(name: "search", lists: [.coaches, .schools, .interactions], kind: .text) { $0.search = $1.text },
        Filter(name: "role", lists: [.coaches], kind: .text) { $0.role = $1.text },
        Filter(name: "last-contact-days", lists: [.coaches], kind: .wholeNumber) { $0.lastContactDays = $1.wholeNumber },
        Filter(name: "responsiveness", lists: [.coaches], kind: .text) { $0.responsiveness = $1.text },
        Filter(name: "division", lists: [.schools], kind: .text) { $0.division = $1.text },
        Filter(name: "status", lists: [.schools], kind: .texts) { $0.statuses = $1.texts },
        Filter(name: "state", lists: [.schools], kind: .text) { $0.state = $1.text },
        Filter(name: "favorites", lists: [.schools], kind: .flag) { $0.favorites = $1.flag },
        Filter(name: "tier", lists: [.schools], kind: .text) { $0.tier = $1.text },
        Filter(name: "fit-min", lists: [.schools], kind: .number) { $0.fitMin = $1.number },
        Filter(name: "fit-max", lists: [.schools], kind: .number) { $0.fitMax = $1.number },
        Filter(name: "max-distance", lists: [.schools], kind: .number) { $0.maxDistance = $1.number },
        Filter(name: "home", lists: [.schools], kind: .text) { $0.home = $1.text },
        Filter(name: "type", lists: [.interactions], kind: .text) { $0.type = $1.text },
        Filter(name: "direction", lists: [.interactions], kind: .text) { $0.direction = $1.text },
        Filter(name: "sentiment", lists: [.interactions], kind: .text) { $0.sentiment = $1.text },
        Filter(name: "days", lists: [.interactions], kind: .wholeNumber) { $0.days = $1.wholeNumber },
        Filter(name: "logged-by", lists: [.interactions], kind: .text) { $0.loggedBy = $1.text },
    ]

    /// The filters one list accepts, in the table's order.
    package static func filters(for kind: ListKind) -> [Filter] { filters.filter { $0.lists.contains(kind) } }

    /// The option names each list accepts (without `--`), for messages and job-file validation.
    package static func names(for kind: ListKind) -> [String] { filters(for: kind).map(\.name) }

    /// Values from named inputs; a name that is not a filter of `kind` is ignored (callers
    /// take names from `filters(for:)`). A nil input leaves the filter unset.
    package init(kind: ListKind, _ inputs: [(String, Input?)]) {
        for (name, input) in inputs {
            guard let input, let filter = Self.filters(for: kind).first(where: { $0.name == name }) else { continue }
            filter.set(&self, input)
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

extension ListFilterValues.Input {
    var text: String? { if case .text(let value) = self { value } else { nil } }
    var texts: [String] {
        switch self {
        case .texts(let values): values
        case .text(let value): [value]
        default: []
        }
    }
    var wholeNumber: Int? { if case .wholeNumber(let value) = self { value } else { nil } }
    var number: Double? {
        switch self {
        case .number(let value): value
        case .wholeNumber(let value): Double(value)
        default: nil
        }
    }
    var flag: Bool { if case .flag(let value) = self { value } else { false } }
}
