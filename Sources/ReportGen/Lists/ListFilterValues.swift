import Aggregation
import Core

/// The values given for a list's filters by the command line or a job file, turned into the
/// typed filters once, with usage errors that name the option (`UsageError.optionText`:
/// `--fit-min` on the command line, `fit-min` in a job file). One place, so that `export`
/// and `run` accept exactly the same things.
package struct ListFilterValues: Sendable {
    /// The sort: the typed sort from the command line, or its name from a job file.
    package var sort: Input?
    private var inputs: [ListFilterOption: Input] = [:]

    package init() {}

    /// A value given for a filter.
    package enum Input: Sendable {
        case text(String)
        case texts([String])
        case wholeNumber(Int)
        case number(Double)
        case flag(Bool)
        /// A value the command line's parser has already typed: a domain enum, or a list of them.
        case typed(any Sendable)
    }

    /// The typed filters as the table's entries set them.
    package struct Typed: Sendable {
        package var coaches = CoachFilters()
        package var schools = SchoolFilters()
        package var interactions = InteractionFilters()
        package var home: Coordinate?
    }

    /// The value given for `filter`, or nil to leave it unset.
    package subscript(filter: ListFilterOption) -> Input? {
        get { inputs[filter] }
        set { inputs[filter] = newValue }
    }

    /// The command line's values, as its parser typed them: each sets its filter, nil leaves it unset.
    package mutating func set(_ filter: ListFilterOption, _ value: String?) { self[filter] = value.map(Input.text) }
    package mutating func set(_ filter: ListFilterOption, _ value: Int?) { self[filter] = value.map(Input.wholeNumber) }
    package mutating func set(_ filter: ListFilterOption, _ value: Double?) { self[filter] = value.map(Input.number) }
    package mutating func set(_ filter: ListFilterOption, _ value: Bool) { self[filter] = .flag(value) }
    package mutating func set<E: DomainEnum & Sendable>(_ filter: ListFilterOption, _ value: E?) {
        self[filter] = value.map { .typed($0) }
    }
    package mutating func set(_ filter: ListFilterOption, texts: [String]) {
        self[filter] = texts.isEmpty ? nil : .texts(texts)
    }
    package mutating func set<E: DomainEnum & Sendable>(_ filter: ListFilterOption, _ values: [E]) {
        self[filter] = values.isEmpty ? nil : .typed(values)
    }

    /// Every filter given, applied in the table's order; the home location (not a filter of
    /// the rows but where distances start) only when asked for.
    private func typed(home: Bool = false) throws -> Typed {
        var typed = Typed()
        for filter in ListFilterOption.all where (filter == .home) == home {
            if let input = inputs[filter] { try filter.apply(filter.option, input, &typed) }
        }
        return typed
    }

    package func coaches() throws -> CoachFilters {
        var filters = try typed().coaches
        filters.sort = try Self.value(sort, default: .name, option: "--sort", noun: "a coaches sort")
        return filters
    }

    package func schools() throws -> SchoolFilters {
        var filters = try typed().schools
        filters.sort = try Self.value(sort, default: .name, option: "--sort", noun: "a schools sort")
        return filters
    }

    /// The interactions' filters; `range` is a preset or custom range given beside them.
    package func interactions(range: RangeSelection?) throws -> ListRequest.Filters {
        // `--days` with a range is refused before the days themselves are checked.
        if range != nil, let days = self[.days]?.wholeNumber { try ListRequest.Filters.refuseDays(days) }
        return try ListRequest.Filters.interactions(typed().interactions, range: nil).with(range: range)
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
    package func homeCoordinate() throws -> Coordinate? { try typed(home: true).home }

    /// A sort given typed or by name.
    private static func value<E: RawRepresentable & CaseIterable & Sendable>(
        _ input: Input?,
        default fallback: E,
        option: String,
        noun: String
    ) throws -> E where E.RawValue == String {
        switch input {
        case nil: fallback
        case .typed(let value as E)?: value
        case .text(let name)?: try OptionParsing.named(name, option: option, noun: noun)
        case let other?: preconditionFailure("\(option) was given a \(other), not a \(E.self)")
        }
    }
}

extension ListRequest.Filters {
    /// The interactions' filters with a range given beside them (`--preset`, `--from`/`--to`,
    /// or a job output's range): `--days` cannot be given with one.
    package func with(range: RangeSelection?) throws -> ListRequest.Filters {
        guard case .interactions(let filters, _) = self else { return self }
        if let days = filters.lastDays, range != nil { try Self.refuseDays(days) }
        return .interactions(filters, range: range)
    }

    static func refuseDays(_ days: Int) throws {
        throw UsageError(
            "\(ListFilterOption.days.option) \(days) cannot be combined with --preset or --from/--to; give one of them"
        )
    }
}

extension ListFilterValues.Input {
    var text: String? { if case .text(let value) = self { value } else { nil } }
    var wholeNumber: Int? { if case .wholeNumber(let value) = self { value } else { nil } }
    var number: Double? {
        switch self {
        case .number(let value): value
        case .wholeNumber(let value): Double(value)
        default: nil
        }
    }
    var flag: Bool { if case .flag(let value) = self { value } else { false } }

    /// A domain value: typed by the command line's parser, or its stored spelling.
    func domain<E: DomainEnum>(_ option: String, noun: String) throws -> E? {
        switch self {
        case .typed(let value as E): value
        case .text(let text): try OptionParsing.domainValue(text, option: option, noun: noun)
        default: preconditionFailure("\(option) was given a \(self), not a \(E.self)")
        }
    }

    /// School statuses: typed, or their names, each one of the six (`SchoolStatus.parse`).
    func statuses(_ option: String) throws -> [SchoolStatus] {
        switch self {
        case .typed(let values as [SchoolStatus]): values
        case .texts(let texts): try texts.map { try SchoolStatus.parse($0, option: option) }
        case .text(let text): [try SchoolStatus.parse(text, option: option)]
        default: preconditionFailure("\(option) was given a \(self), not a list of school statuses")
        }
    }

    /// A list of domain values: typed, or their stored spellings.
    func domains<E: DomainEnum>(_ option: String, noun: String) throws -> [E] {
        switch self {
        case .typed(let values as [E]): values
        case .texts(let texts): try texts.map { try OptionParsing.domainValue($0, option: option, noun: noun) }
        case .text(let text): [try OptionParsing.domainValue(text, option: option, noun: noun)]
        default: preconditionFailure("\(option) was given a \(self), not a list of \(E.self)")
        }
    }
}
