import Aggregation
import Core
import Exporters
import Foundation

/// A list as one web page (docs/outputs.md, "html"): what its pdf says (`ListPDFSpec`: the
/// title, the rows' order, the summary cards, the legend, the columns and cells with their
/// badges and bars) through `list.html.mustache`, every row in one table that scrolls in its
/// own box. The rows stream: each row's cells go to a spool as they come, and when the list
/// is complete the page is written around them, the template's `{{#rows}}…{{/rows}}` section
/// rendered once a row, so that memory does not grow with the rows.
final class HTMLListOutput<Row>: TableOutput, RowOutput {
    private var list: SpooledListRows<Row>
    private let kind: ListKind
    private let family: FamilyUnit
    private let footer: String
    private let templates: HTMLTemplates
    private let emptyMessage: () -> String

    init(
        path: String,
        spec: ListPDFSpec<Row>,
        kind: ListKind,
        family: FamilyUnit,
        footer: String,
        templates: HTMLTemplates,
        emptyMessage: @escaping () -> String
    ) throws {
        list = try SpooledListRows(path: path, spec: spec)
        self.kind = kind
        self.family = family
        self.footer = footer
        self.templates = templates
        self.emptyMessage = emptyMessage
    }

    var pending: AtomicFile.Pending? { list.pending }
    private var spec: ListPDFSpec<Row> { list.spec }

    func add(_ row: Row) throws { try list.add(row) }

    func finish() throws -> WrittenFile {
        let starred = spec.columns.first?.title == ListHTML.starColumn
        let columns = starred ? Array(spec.columns.dropFirst()) : spec.columns
        let path = pending?.temporaryPath ?? ""
        let sink = try ByteSink(path: path)
        var page = pageContext(columns: columns)
        let template = templates.listPage
        page[.rows] = true
        var render = PageRender(page: page)
        render.rows = { row, render in
            try self.list.cells.forEachRow { cells in
                try row.render(row: self.rowData(cells, columns: columns, starred: starred), into: &render)
                if render.bytes.count >= 1 << 16 {
                    try sink.write(render.bytes)
                    render.bytes.removeAll(keepingCapacity: true)
                }
            }
        }
        try template.render(into: &render)
        guard list.count == 0 || render.rowsReached == 1 else { throw Self.noRowsSection(path) }
        try sink.write(render.bytes)
        try sink.close()
        return WrittenFile(path: pending?.path ?? "-", format: ListFormat.html.rawValue, rows: list.count)
    }

    /// A row's data: its cells, the schools' star put before the school's name.
    private func rowData(_ cells: [PDFCell], columns: [PDFTable.Column], starred: Bool) -> HTMLItem {
        var data = HTMLCells.row(starred ? Array(cells.dropFirst()) : cells, columns: columns)
        if starred, case .text(let star, _, _) = cells.first, star == ListHTML.starColumn {
            HTMLCells.mark(&data, symbol: star, label: "Favorite", color: PDFColor(Palette.amber))
        }
        return data
    }

    private static func noRowsSection(_ path: String) -> ExportError {
        ExportError.write(path: path, reason: "the list's template has no single {{#rows}} section")
    }

    /// The page's data but the rows: the title block, the summary (cards and notes), the
    /// section's heading, the legend or the empty list's line, the table's caption and columns.
    private func pageContext(columns: [PDFTable.Column]) -> HTMLItem {
        var cards: [HTMLValue] = []
        var notes: [HTMLValue] = []
        for block in list.summary() {
            if case .cards(let list) = block { cards += HTMLCells.cards(list) }
            if case .note(let text, let color) = block { notes.append(.item(HTMLCells.note(text, color: color))) }
        }
        let count = list.count
        let noun = count == 1 ? kind.singular : kind.rawValue
        return ListHTML.context(
            title: spec.title,
            lines: [family.displayName + " · " + spec.sorted],
            cards: cards,
            notes: notes,
            heading: spec.title,
            legend: count == 0 ? nil : spec.legend,
            empty: count == 0 ? emptyMessage() : nil,
            count: "\(count) \(noun)",
            caption: "\(spec.title) – \(family.displayName)",
            columns: HTMLCells.columns(columns),
            footer: footer
        )
    }
}
