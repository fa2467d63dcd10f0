import Foundation

/// A document of the pdf renderer (`PDFDocument`) as the data of an html page's template, so
/// that the page says what the pdf says, in its order (docs/outputs.md, "html"): the title
/// block, the cards and the notes before the first section, then each section with its parts
/// (notes, subheadings, tables, charts). What the pdf puts side by side (`PDFBlock.columns`)
/// is marked as a pair: its first section or part opens it (`pair_open`), the first of its
/// second column starts that column (`col_break`), its last closes it (`pair_close`).
public struct HTMLPageData {
    /// What a converter cannot know of a document's charts and long tables.
    public struct Options {
        /// Rows a table shows before the rest go under "and N more" (a details element); nil: every row shown.
        public var foldAfter: Int?
        /// The first column's title of a line chart's table of numbers ("Week of").
        public var lineCategory = "Label"
        /// The first column's title of a breakdown's table of numbers.
        public var barCategory = "Category"
        public var barValue = "Count"
        /// What the table of numbers says for a missing value.
        public var missing = "none"
        /// The summary of a chart's table of numbers.
        public var numbersLabel = "The numbers"

        public init(foldAfter: Int? = nil) {
            self.foldAfter = foldAfter
        }
    }

    /// The page's data (below); `context` is the same as swift-mustache's.
    public private(set) var page: HTMLItem = [:]
    public var context: [String: Any] { page.mustache }
    let options: Options
    private var cards: [HTMLValue] = []
    private var notes: [HTMLValue] = []
    private var sections: [HTMLItem] = []
    private(set) var heading: String?
    var parts: [HTMLItem] = []
    /// Ids on the page, numbered in order: sections `s1`…, tables `t1`…, charts `c1`….
    private var counters: [Character: Int] = [:]
    /// The subheading the next table is under, and the tables already under it (by part index,
    /// with their first column's title): tables under one subheading are told apart by it.
    var lastSubheading: String?
    var tablesUnder: [(parts: [Int], column: String)] = []

    /// The data of `document`: `title`, `page_title` (its subject), `lines` (the title block's
    /// lines), `cards`, `notes`, `sections` and `footer`.
    public init(_ document: PDFDocument, options: Options = Options()) {
        self.options = options
        for block in document.blocks { add(block) }
        closeSection()
        page[.pageTitle] = .text(HTMLText.shown(document.subject))
        page[.footer] = .text(HTMLText.shown(document.footer))
        page[.cards] = .list(cards)
        page[.hasCards] = .flag(!cards.isEmpty)
        page[.notes] = .list(notes)
        page[.sections] = .list(sections.map(HTMLValue.item))
    }

    mutating func next(_ kind: Character) -> String {
        counters[kind, default: 0] += 1
        return "\(kind)\(counters[kind] ?? 0)"
    }

    private mutating func add(_ block: PDFBlock) {
        switch block {
        case .title(let title, let lines):
            page[.title] = .text(HTMLText.shown(title))
            page[.lines] = .list(lines.map { .text(HTMLText.shown($0)) })
        case .section(let title):
            closeSection()
            heading = title
        case .cards(let list):
            if heading == nil {
                cards += HTMLCells.cards(list)
            } else {
                part(.cardList, .item([.cards: .list(HTMLCells.cards(list))]))
            }
        case .note(let text, let color):
            if heading == nil {
                notes.append(.item(HTMLCells.note(text, color: color)))
            } else {
                part(.note, .item(HTMLCells.note(text, color: color)))
            }
        case .subheading(let text):
            lastSubheading = text
            tablesUnder = []
            part(.subheading, .item([.text: .text(HTMLText.shown(text)), .id: .text(next("h"))]))
        case .bars(let bars):
            part(.chart, .item(barChart(bars)))
        case .lineChart(let chart):
            part(.chart, .item(lineChart(chart)))
        case .table(let table):
            addTable(table)
        case .together(let blocks):
            for block in blocks { add(block) }
        case .columns(let first, let second):
            addColumns(first, second)
        }
    }

    /// Two columns: sections side by side when the first starts with one (the breakdowns),
    /// else parts side by side in the section (two charts).
    private mutating func addColumns(_ first: [PDFBlock], _ second: [PDFBlock]) {
        let ofSections: Bool
        if case .section = first.first { ofSections = true } else { ofSections = false }
        if ofSections { closeSection() }
        let start = ofSections ? sections.count : parts.count
        for block in first { add(block) }
        if ofSections { closeSection() }
        let middle = ofSections ? sections.count : parts.count
        for block in second { add(block) }
        if ofSections { closeSection() }
        let end = ofSections ? sections.count : parts.count
        guard end > start else { return }
        func mark(_ index: Int, _ key: HTMLKey) {
            if ofSections { sections[index][key] = true } else { parts[index][key] = true }
        }
        mark(start, .pairOpen)
        if middle < end, middle > start { mark(middle, .colBreak) }
        mark(end - 1, .pairClose)
    }

    mutating func part(_ kind: HTMLKey, _ value: HTMLValue) {
        var part: HTMLItem = [
            .note: false, .subheading: false, .table: false, .chart: false, .cardList: false,
            .pairOpen: false, .colBreak: false, .pairClose: false,
        ]
        part[kind] = value
        parts.append(part)
    }

    /// The document's title as the page has it, "" before its title block.
    private var pageTitle: String {
        if case .text(let title) = page[.title] { return title }
        return ""
    }

    private mutating func closeSection() {
        // A table or chart before any section (the pdf's documents have none) is not lost: it
        // gets a section headed by the document's title.
        guard let heading = heading ?? (parts.isEmpty ? nil : pageTitle) else { return }
        sections.append([
            .id: .text(next("s")), .heading: .text(HTMLText.shown(heading)), .parts: .list(parts.map(HTMLValue.item)),
            .pairOpen: false, .colBreak: false, .pairClose: false,
        ])
        self.heading = nil
        parts = []
        lastSubheading = nil
        tablesUnder = []
    }
}
