import Core
import Exporters
import Foundation

/// A list file being written row by row in one format. Several outputs can be fed from
/// one pass over the rows, so that streamed rows are read once for every format.
protocol TableOutput: AnyObject {
    func writeHeader(_ headers: [String]) throws
    func writeRow(_ cells: [Cell]) throws
    /// Completes the file under its temporary name and says what was written.
    func finish() throws -> WrittenFile
    var pending: AtomicFile.Pending? { get }
    /// Adds the list's summary figures (the interactions' analytics) where the format has room.
    func writeSummary(title: String, _ figures: [(String, Cell)]) throws
    /// Warnings about the file (text cut, links written as text).
    var warnings: [String] { get }
}

extension TableOutput {
    func writeSummary(title: String, _ figures: [(String, Cell)]) throws {}
    var warnings: [String] { [] }
}
