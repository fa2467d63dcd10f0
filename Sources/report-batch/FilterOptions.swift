import Aggregation
import ArgumentParser
import Rendering

// The `export` commands declare one stored option per list filter, because the argument
// parser needs a property for each; everything else about a filter comes from the one
// table, `ListFilterOption`: the option's help here, and its value, collected by name below.
// A test checks that each command's options are exactly the table's filters of its list.

extension ArgumentHelp {
    /// The help of a list filter, from the table.
    static func filter(_ filter: ListFilterOption, of list: ListKind) -> ArgumentHelp {
        ArgumentHelp(filter.help(for: list))
    }
}

extension ListFilterValues {
    /// The filter values of a parsed `export` command: each of its options whose name is a
    /// filter of `list` (the argument parser names `lastContactDays` `--last-contact-days`).
    init(list: ListKind, optionsOf command: some ParsableCommand) {
        let inputs = Mirror(reflecting: command).children.compactMap { child -> (String, Input?)? in
            guard let label = child.label, label.hasPrefix("_"), let option = child.value as? ParsedFilterOption else { return nil }
            return (Self.optionName(label.dropFirst()), option.filterInput)
        }
        self.init(list: list, inputs)
    }

    private static func optionName(_ property: Substring) -> String {
        property.reduce(into: "") { name, character in
            if character.isUppercase { name += "-" + character.lowercased() } else { name.append(character) }
        }
    }
}

/// A parsed option or flag whose value can be a filter's input.
private protocol ParsedFilterOption {
    var filterInput: ListFilterValues.Input? { get }
}

extension Option: ParsedFilterOption where Value: FilterOptionValue {
    fileprivate var filterInput: ListFilterValues.Input? { wrappedValue.filterInput }
}

extension Flag: ParsedFilterOption where Value == Bool {
    fileprivate var filterInput: ListFilterValues.Input? { .flag(wrappedValue) }
}

/// A value type an `export` filter option takes.
protocol FilterOptionValue {
    var filterInput: ListFilterValues.Input? { get }
}

extension Optional: FilterOptionValue where Wrapped: FilterOptionValue {
    var filterInput: ListFilterValues.Input? { self?.filterInput }
}

extension Array: FilterOptionValue where Element: FilterOptionValue {
    var filterInput: ListFilterValues.Input? { .texts(compactMap { if case .text(let value) = $0.filterInput { value } else { nil } }) }
}

extension String: FilterOptionValue { var filterInput: ListFilterValues.Input? { .text(self) } }
extension Int: FilterOptionValue { var filterInput: ListFilterValues.Input? { .wholeNumber(self) } }
extension Double: FilterOptionValue { var filterInput: ListFilterValues.Input? { .number(self) } }

/// A domain enum given as a filter: its stored spelling is the input.
protocol DomainFilterValue: FilterOptionValue, RawRepresentable<String> {}
extension DomainFilterValue {
    var filterInput: ListFilterValues.Input? { .text(rawValue) }
}

extension CoachRole: DomainFilterValue {}
extension ResponsivenessLevel: DomainFilterValue {}
extension Division: DomainFilterValue {}
extension SchoolStatus: DomainFilterValue {}
extension PriorityTier: DomainFilterValue {}
extension InteractionType: DomainFilterValue {}
extension Direction: DomainFilterValue {}
extension Sentiment: DomainFilterValue {}
