import Aggregation
import Core
import Exporters
import Foundation

/// A pdf list: drawn once every row is known, since a pdf paginates with a total, from the rows
/// spooled as they come (`SpooledListRows`).
final class PDFListOutput<Row>: TableOutput, RowOutput {
    private var list: SpooledListRows<Row>
    private let family: FamilyUnit
    private let footer: String
    private let created: Date
    private let emptyMessage: () -> String
    private var result: PDFResult?

    init(
        path: String,
        spec: ListPDFSpec<Row>,
        family: FamilyUnit,
        footer: String,
        created: Date,
        emptyMessage: @escaping () -> String
    ) throws {
        list = try SpooledListRows(path: path, spec: spec)
        self.family = family
        self.footer = footer
        self.created = created
        self.emptyMessage = emptyMessage
    }

    var pending: AtomicFile.Pending? { list.pending }
    private var spec: ListPDFSpec<Row> { list.spec }

    func add(_ row: Row) throws { try list.add(row) }

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
        document.blocks.append(contentsOf: list.summary())
        document.blocks.append(.section(spec.title))
        if list.count == 0 {
            document.blocks.append(.note(emptyMessage(), color: PDFColor(0x374151)))
        } else {
            document.blocks.append(.note(spec.legend, color: PDFColor(0x4B5563)))
            var table = PDFTable(columns: spec.columns, spool: list.cells)
            table.sizedByContent = true
            table.measuresContent = true
            document.blocks.append(.table(table))
        }
        let path = pending?.temporaryPath ?? ""
        let rendered = try PDFRenderer.render(document, to: path)
        result = rendered
        return WrittenFile(path: pending?.path ?? "-", format: "pdf", rows: list.count, warnings: rendered.warnings)
    }
}
