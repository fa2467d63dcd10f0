import Core
import Exporters
import Foundation

/// An output that is given the list's rows themselves (pdf, html: they draw their cells from
/// them, `ListPDFSpec`), rather than the columns' cells.
protocol RowOutput<Row>: TableOutput {
    associatedtype Row
    func add(_ row: Row) throws
}
