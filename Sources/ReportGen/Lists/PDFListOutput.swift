import Aggregation
import Core
import Exporters
import Foundation

/// A pdf list being gathered: each row's cells go to a spool in the output's folder (a pdf
/// paginates with a total, so it is drawn once every row is known), and the rows themselves are
/// kept only when the spec's summary needs them. Memory does not grow with the rows.
final class PDFListOutput<Row>: TableOutput, RowOutput {
    let pending: AtomicFile.Pending?
    private let spec: ListPDFSpec<Row>
    private let family: FamilyUnit
    private let footer: String
    private let created: Date
    private let emptyMessage: () -> String
    private let rows: PDFRowSpool
    private var kept: [Row] = []
    private var result: PDFResult?

    init(
        path: String,
        spec: ListPDFSpec<Row>,
        family: FamilyUnit,
        footer: String,
        created: Date,
        emptyMessage: @escaping () -> String
    ) throws {
        let pending = try AtomicFile.Pending(path: path)
        self.pending = pending
        rows = try PDFRowSpool(folder: PathText.folder(of: pending.temporaryPath))
        self.spec = spec
        self.family = family
        self.footer = footer
        self.created = created
        self.emptyMessage = emptyMessage
    }

    func writeHeader(_ headers: [String]) throws {}
    func writeRow(_ cells: [Cell]) throws {}

    func add(_ row: Row) throws {
        if case .fromRows = spec.summary { kept.append(row) }
        try rows.append(spec.cells(row))
    }

    var warnings: [String] { result?.warnings ?? [] }

    func finish() throws -> WrittenFile {
        var document = PDFDocument(
            title: spec.title,
            subject: "\(spec.title) – \(family.displayName)",
            creator: ToolVersion.creator,
            created: created,
            footer: footer,
            orientation: .landscape
        )
        // The order on the family's line: the first page keeps room for another row.
        document.blocks.append(.title(spec.title, lines: [family.displayName + " · " + spec.sorted]))
        switch spec.summary {
        case .fromRows(let summary): document.blocks.append(contentsOf: summary(kept))
        case .fixed(let summary): document.blocks.append(contentsOf: summary())
        }
        document.blocks.append(.section(spec.title))
        if rows.count == 0 {
            document.blocks.append(.note(emptyMessage(), color: PDFColor(0x374151)))
        } else {
            document.blocks.append(.note(spec.legend, color: PDFColor(0x4B5563)))
            var table = PDFTable(columns: spec.columns, spool: rows)
            table.sizedByContent = true
            table.measuresContent = true
            document.blocks.append(.table(table))
        }
        let path = pending?.temporaryPath ?? ""
        let rendered = try PDFRenderer.render(document, to: path)
        result = rendered
        return WrittenFile(path: pending?.path ?? "-", format: "pdf", rows: rows.count, warnings: rendered.warnings)
    }
}
