import Aggregation
import ReportCore

/// One filter of the lists, defined once: its name (the `export` option without `--`, and
/// the job file's key under `filters:`), the lists that have it, the kind of value it takes
/// and its help. The `export` commands take their options' help from here and hand their
/// values over by these names; the job file reads its keys from here; the typed filters
/// are made from these values in `ListFilterValues`, one line per filter.
package enum ListFilterOption: String, CaseIterable, Sendable {
    case search
    case role, lastContactDays = "last-contact-days", responsiveness
    case division, status, state, favorites, tier, fitMin = "fit-min", fitMax = "fit-max", maxDistance = "max-distance", home
    case type, direction, sentiment, days, loggedBy = "logged-by"

    package enum ValueKind: Sendable { case text, texts, wholeNumber, number, flag }

    package var name: String { rawValue }

    /// The option as typed on the command line, for messages.
    package var option: String { "--\(rawValue)" }

    package var lists: Set<ListKind> {
        switch self {
        case .search: [.coaches, .schools, .interactions]
        case .role, .lastContactDays, .responsiveness: [.coaches]
        case .division, .status, .state, .favorites, .tier, .fitMin, .fitMax, .maxDistance, .home: [.schools]
        case .type, .direction, .sentiment, .days, .loggedBy: [.interactions]
        }
    }

    package var kind: ValueKind {
        switch self {
        case .status: .texts
        case .lastContactDays, .days: .wholeNumber
        case .fitMin, .fitMax, .maxDistance: .number
        case .favorites: .flag
        default: .text
        }
    }

    /// The help of the option (and of the job file's key, in docs/cli.md). The accepted
    /// values of an enumerated filter are listed by the argument parser from the domain type.
    package func help(for list: ListKind) -> String {
        switch self {
        case .search:
            switch list {
            case .coaches: "Keep coaches whose first or last name, email, phone, notes, Twitter or Instagram contains this text (ignoring case and accents)."
            case .schools: "Keep schools whose name or location contains this text (ignoring case and accents)."
            case .interactions: "Keep interactions whose subject or content contains this text (ignoring case and accents)."
            }
        case .role: "Keep coaches of one role."
        case .lastContactDays: "Keep coaches last contacted within the last N days, today included; never-contacted coaches are left out."
        case .responsiveness: "Keep coaches of one responsiveness level: high is 75 or more, medium 50 to under 75, low under 50 or none."
        case .division: "Keep schools of one division."
        case .status: "Keep schools in this status; repeat the option for any of several."
        case .state: "Keep schools in this US state (two letters, any case)."
        case .favorites: "Keep only favorite schools."
        case .tier: "Keep schools of one priority tier (a letter, either case)."
        case .fitMin: "Keep schools whose fit score is at least this (0–100); schools with no fit score are left out."
        case .fitMax: "Keep schools whose fit score is at most this (0–100); schools with no fit score are left out."
        case .maxDistance: "Keep schools within this many miles of the home location; needs a home location."
        case .home: "The home location as LAT,LON. Default: the viewer's location preference, else the family player's."
        case .type: "Keep interactions of one type."
        case .direction: "Keep interactions of one direction."
        case .sentiment: "Keep interactions of one sentiment (an interaction with none matches none)."
        case .days: "Keep interactions of the last N days, today included."
        case .loggedBy: "Keep interactions logged by this member (a user id); for a parent or the family view only."
        }
    }

    /// The filters one list accepts, in declaration order.
    package static func filters(for list: ListKind) -> [ListFilterOption] { allCases.filter { $0.lists.contains(list) } }

    /// The option names each list accepts (without `--`), for messages and job-file validation.
    package static func names(for list: ListKind) -> [String] { filters(for: list).map(\.name) }
}

/// The raw values of a list's filters, as a user typed them on the command line or in a
/// job file, turned into the typed filters with usage errors that name the option.
/// One place, so that `export` and `run` accept exactly the same things.
package struct ListFilterValues: Sendable {
    package var sort: String?
    private var inputs: [ListFilterOption: Input] = [:]

    package init() {}

    /// A value given for a filter, by the command line or a job file.
    package enum Input: Sendable {
        case text(String)
        case texts([String])
        case wholeNumber(Int)
        case number(Double)
        case flag(Bool)
    }

    /// The value given for `filter`, or nil to leave it unset.
    package subscript(filter: ListFilterOption) -> Input? {
        get { inputs[filter] }
        set { inputs[filter] = newValue }
    }

    /// Values from named inputs; a name that is not a filter of `list` is ignored (callers
    /// take names from `ListFilterOption.filters(for:)`). A nil input leaves the filter unset.
    package init(list: ListKind, _ inputs: [(String, Input?)]) {
        for (name, input) in inputs {
            guard let filter = ListFilterOption(rawValue: name), filter.lists.contains(list) else { continue }
            self[filter] = input
        }
    }

    package func coaches() throws -> CoachFilters {
        var filters = CoachFilters()
        filters.search = self[.search]?.text
        filters.role = try self[.role]?.text.map { try OptionParsing.domainValue($0, option: ListFilterOption.role.option, noun: "a coach role") }
        filters.lastContactDays = try self[.lastContactDays]?.wholeNumber.map { try OptionParsing.days($0, option: ListFilterOption.lastContactDays.option) }
        filters.responsiveness = try self[.responsiveness]?.text.map { try OptionParsing.domainValue($0, option: ListFilterOption.responsiveness.option, noun: "a responsiveness level") }
        filters.sort = try OptionParsing.named(sort ?? "name", option: "--sort", noun: "a coaches sort")
        return filters
    }

    package func schools() throws -> SchoolFilters {
        var filters = SchoolFilters()
        filters.search = self[.search]?.text
        filters.division = try self[.division]?.text.map { try OptionParsing.domainValue($0, option: ListFilterOption.division.option, noun: "a division") }
        filters.statuses = try (self[.status]?.texts ?? []).map { try OptionParsing.domainValue($0, option: ListFilterOption.status.option, noun: "a school status") }
        if let state = self[.state]?.text {
            guard state.count == 2, state.allSatisfy(\.isLetter) else {
                throw UsageError("\(ListFilterOption.state.option) \(Quote.value(state)) is not a two-letter state code (e.g. TX)")
            }
            filters.state = state
        }
        filters.favoritesOnly = self[.favorites]?.flag ?? false
        filters.tier = try self[.tier]?.text.map { try OptionParsing.domainValue($0.uppercased(), option: ListFilterOption.tier.option, noun: "a priority tier") }
        filters.fitMin = try self[.fitMin]?.number.map { try OptionParsing.percent($0, option: ListFilterOption.fitMin.option) }
        filters.fitMax = try self[.fitMax]?.number.map { try OptionParsing.percent($0, option: ListFilterOption.fitMax.option) }
        if let low = filters.fitMin, let high = filters.fitMax, low > high {
            throw UsageError("\(ListFilterOption.fitMin.option) \(low) is above --fit-max \(high); no school could match")
        }
        if let maxDistance = self[.maxDistance]?.number {
            guard maxDistance.isFinite, maxDistance >= 0 else { throw UsageError("\(ListFilterOption.maxDistance.option) \(maxDistance) must be a number of miles, 0 or more") }
            filters.maxDistance = maxDistance
        }
        filters.sort = try OptionParsing.named(sort ?? "name", option: "--sort", noun: "a schools sort")
        return filters
    }

    /// The interactions' filters; `range` is a preset or custom range given beside them.
    package func interactions(range: RangeSelection?) throws -> ListRequest.Filters {
        var filters = InteractionFilters()
        filters.search = self[.search]?.text
        filters.type = try self[.type]?.text.map { try OptionParsing.domainValue($0, option: ListFilterOption.type.option, noun: "an interaction type") }
        filters.direction = try self[.direction]?.text.map { try OptionParsing.domainValue($0, option: ListFilterOption.direction.option, noun: "a direction") }
        filters.sentiment = try self[.sentiment]?.text.map { try OptionParsing.domainValue($0, option: ListFilterOption.sentiment.option, noun: "a sentiment") }
        if let days = self[.days]?.wholeNumber, range != nil {
            throw UsageError("\(ListFilterOption.days.option) \(days) cannot be combined with --preset or --from/--to; give one of them")
        }
        filters.lastDays = try self[.days]?.wholeNumber.map { try OptionParsing.days($0, option: ListFilterOption.days.option) }
        filters.loggedBy = self[.loggedBy]?.text
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
        try self[.home]?.text.map { try OptionParsing.coordinate($0, option: ListFilterOption.home.option) }
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
