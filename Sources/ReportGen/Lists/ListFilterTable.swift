import Aggregation
import Core

// The lists' filters, the one table: each filter's entry (name, lists, kind of value, help,
// the field it sets; errors name the option as data) and its place in `all`. The command line
// declares each as an option of the `export` command's groups (Sources/report-batch/
// CoachFilterOptions.swift and its two siblings: swift-argument-parser declares an option as a
// stored property, and its `values` hands it over). A new filter is its entry and its place in
// `all` here, its option and its `values.set` line there, its field in Aggregation, and the docs.
extension ListFilterOption {
    /// Every filter, in the order the commands list them.
    package static let all: [ListFilterOption] = [
        search, role, lastContactDays, responsiveness,
        division, status, state, favorites, tier, fitMin, fitMax, maxDistance, home,
        type, direction, sentiment, days, loggedBy,
    ]

    package static let search = ListFilterOption(
        name: "search",
        lists: [.coaches, .schools, .interactions],
        kind: .text,
        helpText: { list in
            switch list {
            case .coaches:
                "Keep coaches whose first or last name, email, phone, notes, Twitter or Instagram contains this text (ignoring case and accents)."
            case .schools: "Keep schools whose name or location contains this text (ignoring case and accents)."
            case .interactions:
                "Keep interactions whose subject or content contains this text (ignoring case and accents)."
            }
        },
        apply: { _, input, typed in
            typed.coaches.search = input.text
            typed.schools.search = input.text
            typed.interactions.search = input.text
        }
    )

    // MARK: Coaches

    package static let role = coaches("role", .text, "Keep coaches of one role.") { option, input, filters in
        filters.role = try input.domain(option, noun: "a coach role")
    }
    package static let lastContactDays = coaches(
        "last-contact-days",
        .wholeNumber,
        "Keep coaches last contacted within the last N days, today included; never-contacted coaches are left out."
    ) { option, input, filters in
        filters.lastContactDays = try input.wholeNumber.map { try OptionParsing.days($0, option: option) }
    }
    package static let responsiveness = coaches(
        "responsiveness",
        .text,
        "Keep coaches of one responsiveness level: high is 75 or more, medium 50 to under 75, low under 50 or none."
    ) { option, input, filters in
        filters.responsiveness = try input.domain(option, noun: "a responsiveness level")
    }

    // MARK: Schools

    package static let division = schools("division", .text, "Keep schools of one division.") {
        option,
        input,
        filters in
        filters.division = try input.domain(option, noun: "a division")
    }
    package static let status = schools(
        "status",
        .texts,
        "Keep schools in this status; repeat the option for any of several."
    ) { option, input, filters in
        filters.statuses = try input.statuses(option)
    }
    package static let state = schools("state", .text, "Keep schools in this US state (two letters, any case).") {
        option,
        input,
        filters in
        guard let state = input.text else { return }
        guard state.count == 2, state.allSatisfy(\.isLetter) else {
            throw UsageError(
                "\(option: option) \(Quote.value(state)) is not a two-letter state code (e.g. TX)" as OptionText
            )
        }
        filters.state = state
    }
    package static let favorites = schools("favorites", .flag, "Keep only favorite schools.") {
        option,
        input,
        filters in
        filters.favoritesOnly = input.flag
    }
    package static let tier = schools("tier", .text, "Keep schools of one priority tier (a letter, either case).") {
        option,
        input,
        filters in
        if case .text(let letter) = input {
            filters.tier = try OptionParsing.domainValue(letter.uppercased(), option: option, noun: "a priority tier")
        } else {
            filters.tier = try input.domain(option, noun: "a priority tier")
        }
    }
    package static let fitMin = schools(
        "fit-min",
        .number,
        "Keep schools whose fit score is at least this (0–100); schools with no fit score are left out."
    ) { option, input, filters in
        filters.fitMin = try input.number.map { try OptionParsing.percent($0, option: option) }
    }
    package static let fitMax = schools(
        "fit-max",
        .number,
        "Keep schools whose fit score is at most this (0–100); schools with no fit score are left out."
    ) { option, input, filters in
        filters.fitMax = try input.number.map { try OptionParsing.percent($0, option: option) }
        // Checked here, after fit-min (the entry before), before any later filter's own check.
        if let low = filters.fitMin, let high = filters.fitMax, low > high {
            throw UsageError(
                "\(option: ListFilterOption.fitMin.option) \(low) is above \(option: option) \(high); no school could match"
                    as OptionText
            )
        }
    }
    package static let maxDistance = schools(
        "max-distance",
        .number,
        "Keep schools within this many miles of the home location; needs a home location."
    ) { option, input, filters in
        guard let miles = input.number else { return }
        guard miles.isFinite, miles >= 0 else {
            throw UsageError("\(option: option) \(miles) must be a number of miles, 0 or more" as OptionText)
        }
        filters.maxDistance = miles
    }
    package static let home = ListFilterOption(
        name: "home",
        lists: [.schools],
        kind: .text,
        helpText: { _ in
            "The home location as LAT,LON. Default: the viewer's location preference, else the family player's."
        },
        apply: { option, input, typed in
            typed.home = try input.text.map { try OptionParsing.coordinate($0, option: option) }
        }
    )

    // MARK: Interactions

    package static let type = interactions("type", .text, "Keep interactions of one type.") { option, input, filters in
        filters.type = try input.domain(option, noun: "an interaction type")
    }
    package static let direction = interactions("direction", .text, "Keep interactions of one direction.") {
        option,
        input,
        filters in
        filters.direction = try input.domain(option, noun: "a direction")
    }
    package static let sentiment = interactions(
        "sentiment",
        .text,
        "Keep interactions of one sentiment (an interaction with none matches none)."
    ) { option, input, filters in
        filters.sentiment = try input.domain(option, noun: "a sentiment")
    }
    package static let days = interactions(
        "days",
        .wholeNumber,
        "Keep interactions of the last N days, today included."
    ) { option, input, filters in
        filters.lastDays = try input.wholeNumber.map { try OptionParsing.days($0, option: option) }
    }
    package static let loggedBy = interactions(
        "logged-by",
        .text,
        "Keep interactions logged by this member (a user id); for a parent or the family view only."
    ) { option, input, filters in
        filters.loggedBy = input.text
    }

    // MARK: One list's filter

    private static func coaches(
        _ name: String,
        _ kind: ValueKind,
        _ help: String,
        _ set: @escaping @Sendable (_ option: String, ListFilterValues.Input, inout CoachFilters) throws -> Void
    ) -> ListFilterOption {
        ListFilterOption(
            name: name,
            lists: [.coaches],
            kind: kind,
            helpText: { _ in help },
            apply: { try set($0, $1, &$2.coaches) }
        )
    }

    private static func schools(
        _ name: String,
        _ kind: ValueKind,
        _ help: String,
        _ set: @escaping @Sendable (_ option: String, ListFilterValues.Input, inout SchoolFilters) throws -> Void
    ) -> ListFilterOption {
        ListFilterOption(
            name: name,
            lists: [.schools],
            kind: kind,
            helpText: { _ in help },
            apply: { try set($0, $1, &$2.schools) }
        )
    }

    private static func interactions(
        _ name: String,
        _ kind: ValueKind,
        _ help: String,
        _ set: @escaping @Sendable (_ option: String, ListFilterValues.Input, inout InteractionFilters) throws -> Void
    ) -> ListFilterOption {
        ListFilterOption(
            name: name,
            lists: [.interactions],
            kind: kind,
            helpText: { _ in help },
            apply: { try set($0, $1, &$2.interactions) }
        )
    }
}
