import Aggregation
import Core

/// One filter of the lists, defined once in the table (ReportGen/Lists/ListFilterTable.swift): its name (the `export`
/// option without `--`, and the job file's key under `filters:`), the lists that have it, the kind of value it takes,
/// its help, and how its value sets the typed filters (Aggregation's `CoachFilters`, `SchoolFilters`,
/// `InteractionFilters`). The `export` commands give typed values (the argument parser reads enums itself), a job file
/// gives text or numbers; both go through `apply`, once. A new filter is its lines in the table, its field in
/// Aggregation, and the docs (docs/lists.md, docs/cli.md).
package struct ListFilterOption: Sendable, Hashable {
    package enum ValueKind: Sendable { case text, texts, wholeNumber, number, flag }

    /// The option without `--`, and the job file's key.
    package let name: String
    package let lists: Set<ListKind>
    package let kind: ValueKind
    private let helpText: @Sendable (ListKind) -> String
    /// Sets the filter's field from a value; a bad value is a usage error naming the option.
    let apply: @Sendable (_ option: String, ListFilterValues.Input, inout ListFilterValues.Typed) throws -> Void

    init(
        name: String,
        lists: Set<ListKind>,
        kind: ValueKind,
        helpText: @escaping @Sendable (ListKind) -> String,
        apply:
            @escaping @Sendable (_ option: String, ListFilterValues.Input, inout ListFilterValues.Typed) throws -> Void
    ) {
        self.name = name
        self.lists = lists
        self.kind = kind
        self.helpText = helpText
        self.apply = apply
    }

    package static func == (a: ListFilterOption, b: ListFilterOption) -> Bool { a.name == b.name }
    package func hash(into hasher: inout Hasher) { hasher.combine(name) }

    /// The option as typed on the command line, for messages.
    package var option: String { "--\(name)" }

    /// The help of the option (and of the job file's key, in docs/cli.md). The accepted
    /// values of an enumerated filter are listed by the argument parser from the domain type.
    package func help(for list: ListKind) -> String { helpText(list) }

    /// The filters one list accepts, in the table's order.
    package static func filters(for list: ListKind) -> [ListFilterOption] { all.filter { $0.lists.contains(list) } }

    /// The option names each list accepts (without `--`), for messages and job-file validation.
    package static func names(for list: ListKind) -> [String] { filters(for: list).map(\.name) }

    /// The filter of this name, if there is one.
    package static func named(_ name: String) -> ListFilterOption? { all.first { $0.name == name } }
}
