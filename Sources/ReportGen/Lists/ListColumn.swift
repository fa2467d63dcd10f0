import Aggregation
import Exporters

/// One column of a list export: its key (as `Templates/lists.yaml` names it), its header,
/// and how a row becomes its cell.
package struct ListColumn<Row>: Sendable {
    package let key: String
    package let header: String
    package let cell: @Sendable (Row) -> Cell

    package init(_ header: String, key: String? = nil, _ cell: @escaping @Sendable (Row) -> Cell) {
        self.header = header
        self.key =
            key
            ?? header.lowercased().replacingOccurrences(of: " (%)", with: "").replacingOccurrences(
                of: " (mi)",
                with: ""
            )
            .replacingOccurrences(of: " ", with: "_")
        self.cell = cell
    }

    /// The same column under another header.
    package func labelled(_ header: String) -> ListColumn {
        ListColumn(header, key: key, cell)
    }
}

extension Array {
    /// The columns a template names, in its order and with its labels; nil keeps them all.
    func selected<Row>(by template: [(key: String, label: String)]?) -> [ListColumn<Row>]
    where Element == ListColumn<Row> {
        guard let template else { return self }
        return template.compactMap { entry in first { $0.key == entry.key }?.labelled(entry.label) }
    }
}
