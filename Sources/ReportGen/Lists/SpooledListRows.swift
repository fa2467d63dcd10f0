import Core
import Exporters

/// A list's rows for an output drawn once the list is complete (the pdf paginates with a total,
/// the html page says the count above the rows): each row's cells go to a spool beside the
/// output's temporary file, and the rows themselves are kept only when the spec's summary needs
/// them, so that memory does not grow with the rows.
struct SpooledListRows<Row> {
    let pending: AtomicFile.Pending
    let spec: ListPDFSpec<Row>
    /// Every row's cells, as `spec` draws them.
    let cells: PDFRowSpool
    private var kept: [Row] = []

    init(path: String, spec: ListPDFSpec<Row>) throws {
        pending = try AtomicFile.Pending(path: path)
        cells = try PDFRowSpool(folder: PathText.folder(of: pending.temporaryPath))
        self.spec = spec
    }

    var count: Int { cells.count }

    mutating func add(_ row: Row) throws {
        if case .fromRows = spec.summary { kept.append(row) }
        try cells.append(spec.cells(row))
    }

    /// The summary's blocks (cards and notes) of the rows added.
    func summary() -> [PDFBlock] {
        switch spec.summary {
        case .fromRows(let blocks): blocks(kept)
        case .fixed(let blocks): blocks()
        }
    }
}
