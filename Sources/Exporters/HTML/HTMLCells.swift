import Foundation

/// The pieces of an html page that a template repeats: stat cards, notes, a table's columns
/// and a row's cells, as a page's data (`HTMLValue`: items, lists, texts and flags). Every
/// value is text to escape; colours are CSS custom properties (`HTMLColors`). Each item
/// holds every key its kind may have, `false` when absent, so that a Mustache section of a
/// missing key never finds a key of an enclosing one.
public enum HTMLCells {
    /// Stat cards: `label`, `value`, `note` and `change` (or false), `style`.
    public static func cards(_ cards: [PDFCard]) -> [HTMLValue] {
        cards.map { card in
            .item([
                .label: .text(HTMLText.shown(card.label)), .value: .text(HTMLText.shown(card.value)),
                .note: .text(or: card.note.map(HTMLText.shown)),
                // Two lines where the pdf breaks it ("+4", "on Nov 9 – Nov 15"): a template keeps the
                // break with `white-space: pre-line`, or reads it as a space.
                .change: .text(or: card.change.map(HTMLText.shown)),
                .style: .text(HTMLColors.cardStyle(card.color)),
            ])
        }
    }

    /// A note: `text`, `muted` (the pdf's default grey), `tone` (a colour's style) or false.
    public static func note(_ text: String, color: PDFColor?) -> HTMLItem {
        let muted = color == nil || color == .muted
        let plain = muted || color == .text
        return [
            .text: .text(HTMLText.shown(text)), .muted: .flag(muted),
            .tone: plain ? false : .text(HTMLColors.style(HTMLColors.tone(color ?? .text))),
        ]
    }

    /// A table's columns: `title` and `num` (aligned right).
    public static func columns(_ columns: [PDFTable.Column]) -> [HTMLValue] {
        columns.map { .item([.title: .text(HTMLText.shown($0.title)), .num: .flag($0.alignRight)]) }
    }

    /// A row: `cells`, the first a header of its row (`head`), each with `num` and `lines`.
    public static func row(_ cells: [PDFCell], columns: [PDFTable.Column]) -> HTMLItem {
        [
            .cells: .list(
                cells.enumerated().map { index, cell in
                    .item([
                        .head: .flag(index == 0), .num: .flag(index < columns.count && columns[index].alignRight),
                        .lines: .list(pieces(cell)),
                    ])
                }
            )
        ]
    }

    /// A cell's lines: one for a plain cell, one a detail for a stack, none for an empty cell.
    /// Each line has `text` and what sets it apart: `strong`, `muted`, `tone`, `href`, `badge`,
    /// `meter` (a bar's width, "75%") with `meter_style`, `mark` with `mark_label` and `mark_style`.
    static func pieces(_ cell: PDFCell) -> [HTMLValue] {
        switch cell {
        case .text(let text, let color, let bold):
            let muted = color == .muted
            let toned = color.map { !muted && $0 != .text } ?? false
            return [
                piece(
                    text,
                    strong: bold,
                    muted: muted,
                    tone: toned ? HTMLColors.style(HTMLColors.tone(color ?? .text)) : nil
                )
            ]
        case .badge(let text, let color):
            return [piece(text, badge: HTMLColors.badgeStyle(color))]
        case .bar(let fraction, let color, let label):
            let width = HTMLText.number(max(0, min(1, fraction)) * 100) + "%"
            let bar = (light: color, dark: HTMLColors.line(color).dark)
            return [piece(label, meter: (width, HTMLColors.style(bar)))]
        case .link(let text, let url):
            return [piece(text, href: safeLink(url))]
        case .stack(let cells):
            return cells.flatMap(pieces)
        case .empty:
            return []
        }
    }

    /// A link's address when it is one a page may hold: mailto:, tel:, https: or http:; nil for
    /// any other (javascript:, data:), whose text is then shown without a link. The address is
    /// checked scalar by scalar: a `"` with a combining mark after it is still a `"`.
    static func safeLink(_ url: String) -> String? {
        let lower = url.lowercased()
        guard ["mailto:", "tel:", "https://", "http://"].contains(where: { lower.hasPrefix($0) }),
            !url.unicodeScalars.contains(where: {
                $0.properties.isWhitespace || $0 == "\"" || $0 == "<" || $0 == ">" || $0.value < 0x20
            })
        else { return nil }
        return url
    }

    /// Puts a mark before the first line of a row's first cell (the schools' favourite star), in
    /// `color`, with the words a screen reader says for it (`mark_label`).
    public static func mark(_ row: inout HTMLItem, symbol: String, label: String, color: PDFColor) {
        guard case .list(var cells) = row[.cells], case .item(var first) = cells.first,
            case .list(var lines) = first[.lines]
        else { return }
        if lines.isEmpty { lines.append(piece("")) }
        guard case .item(var line) = lines[0] else { return }
        line[.mark] = .text(symbol)
        line[.markLabel] = .text(label)
        line[.markStyle] = .text(HTMLColors.style(HTMLColors.tone(color)))
        lines[0] = .item(line)
        first[.lines] = .list(lines)
        cells[0] = .item(first)
        row[.cells] = .list(cells)
    }

    static func piece(
        _ text: String,
        strong: Bool = false,
        muted: Bool = false,
        tone: String? = nil,
        href: String? = nil,
        badge: String? = nil,
        meter: (width: String, style: String)? = nil
    ) -> HTMLValue {
        .item([
            .text: .text(HTMLText.shown(text)), .strong: .flag(strong), .muted: .flag(muted), .tone: .text(or: tone),
            .href: .text(or: href), .badge: .text(or: badge), .meter: .text(or: meter?.width),
            .meterStyle: .text(or: meter?.style), .mark: false, .markLabel: false, .markStyle: false,
        ])
    }
}
