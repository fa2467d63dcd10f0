import Core
import Exporters
import Foundation

/// An output that is given the list's rows themselves (pdf, html: they draw their cells from
/// them, `ListPDFSpec`), rather than the columns' cells.
protocol RowOutput<Row>: TableOutput {
    associatedtype Row
    func add(_ row: Row) throws
}

extension RowOutput {
    /// A row output draws its cells from the rows (`add`), not from the columns' cells.
    func writeHeader(_ headers: [String]) throws {}
    func writeRow(_ cells: [Cell]) throws {}
}
