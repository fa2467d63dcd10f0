import CPangoCairo

/// The structure elements the renderer tags a pdf with (the PDF standard structure
/// types), written by cairo's cairo_tag_begin and cairo_tag_end: cairo builds the structure
/// tree and marks the content drawn inside the innermost open element. Content drawn while no
/// element with content is open (page footers, a table's header repeated on a later page) is
/// outside the tree, which a reader following the structure skips.
enum PDFStructure: Equatable {
    case document
    case heading(Int)
    case paragraph
    case list, listItem, label, listBody
    case table, tableRow, headerCell, tableCell
    case figure, caption
    case span

    /// The structure type's name, as cairo takes it.
    var name: String {
        switch self {
        case .document: "Document"
        case .heading(let level): "H\(max(1, min(6, level)))"
        case .paragraph: "P"
        case .list: "L"
        case .listItem: "LI"
        case .label: "Lbl"
        case .listBody: "LBody"
        case .table: "Table"
        case .tableRow: "TR"
        case .headerCell: "TH"
        case .tableCell: "TD"
        case .figure: "Figure"
        case .caption: "Caption"
        case .span: "Span"
        }
    }
}

extension PDFCanvas {
    /// Opens a structure element; cairo checks the nesting, and a wrong one is an error
    /// status on the context that the renderer checks when the drawing is done.
    func begin(_ element: PDFStructure) {
        cairo_tag_begin(cr, element.name, "")
    }

    func end(_ element: PDFStructure) {
        cairo_tag_end(cr, element.name)
    }

    /// Draws inside one structure element.
    func tagged(_ element: PDFStructure, _ draw: (PDFCanvas) -> Void) {
        begin(element)
        draw(self)
        end(element)
    }
}
