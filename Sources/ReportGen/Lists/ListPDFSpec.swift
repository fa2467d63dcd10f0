import Aggregation
import Core
import Exporters
import Foundation

/// How a list looks on paper: its columns and cells, and the blocks above the table.
/// Built and used on the thread that writes the list (not Sendable: its closures read the
/// list's running counts).
struct ListPDFSpec<Row> {
    let title: String
    /// The line under the family's name that says the rows' order ("Sorted by date, newest first").
    let sorted: String
    let columns: [PDFTable.Column]
    let cells: (Row) -> [PDFCell]
    /// Blocks between the title and the table (a summary strip, a note).
    let summary: Summary
    /// What the columns' figures, badges and bars mean, under the section heading and above the table.
    let legend: String

    enum Summary {
        /// Computed from every row: the rows are kept until the table is drawn, so only a list
        /// bounded by a family's schools or coaches may use it.
        case fromRows(([Row]) -> [PDFBlock])
        /// Computed without the rows (from figures gathered as they streamed): nothing is kept.
        case fixed(() -> [PDFBlock])
    }
}
