import Aggregation
import Exporters

/// One column of a list export: its key (as `Templates/lists.yaml` names it), how a row
/// becomes its cell, and, once a template has chosen it, its header.
package struct ListColumn<Row>: Sendable {
    package let key: String
    package let cell: @Sendable (Row) -> Cell
    /// The label the template gives the column (`selected(by:)`); empty until then.
    package fileprivate(set) var header = ""

    package init(_ key: String, _ cell: @escaping @Sendable (Row) -> Cell) {
        self.key = key
        self.cell = cell
    }
}

extension Array {
    /// The columns a template names, in its order and with its labels.
    func selected<Row>(by template: [(key: String, label: String)]) -> [ListColumn<Row>]
    where Element == ListColumn<Row> {
        template.compactMap { entry in
            guard var column = first(where: { $0.key == entry.key }) else { return nil }
            column.header = entry.label
            return column
        }
    }
}
