import Foundation

/// What a column of a pdf table does when the page is too narrow for every column's content.
public enum PDFColumnFit: Sendable {
    /// Narrows, its text ending in "…" (the default).
    case shrink
    /// Narrows to as little as half its content, the text wrapping onto a second line: for
    /// what identifies a row (a school's or a coach's name, a subject).
    case wrap
    /// Keeps the width of its widest content: what is useless cut (a phone number, an e-mail).
    case whole
}

/// Column widths from the cells' content: each column's natural width is that of its widest
/// cell or its title (at most its `maxWidth`); when they do not all fit, `whole` columns keep
/// theirs, `wrap` columns give up to half theirs and take two lines, `shrink` columns give the rest. The widths are
/// estimated from the characters (the same in the pass that counts pages and the one that
/// draws), with a little to spare; a text that still does not fit ends in "…" as always.
enum ColumnSizing {
    /// The width of a text at a size, in points, from Noto Sans's advance widths by class of
    /// character, rounded up: lowercase a little over half an em, capitals and digits more,
    /// spaces and stops less, East Asian wide characters, symbols (★) and emoji a whole em.
    /// At most the first `limit` characters count (a cell lays out no more than a line's worth).
    static func width(_ text: String, size: Double, bold: Bool = false, limit: Int = 200) -> Double {
        var ems = 0.0
        // Scalars straight from the string: this runs for every cell of a long list, so no copy is made.
        for scalar in text.unicodeScalars.prefix(limit) {
            switch scalar.value {
            case 0x0300...0x036F, 0x200B...0x200F, 0xFE00...0xFE0F: continue
            case 0x1100...0x115F, 0x2600...0x27BF, 0x2E80...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
                 0xFFE0...0xFFE6, 0x1F300...0x1FAFF, 0x20000...0x3FFFD: ems += 1
            case 0x61...0x7A: ems += bold ? 0.6 : 0.52         // a–z
            case 0x41...0x5A: ems += bold ? 0.72 : 0.65        // A–Z
            case 0x30...0x39: ems += bold ? 0.62 : 0.58        // 0–9
            case 0x20, 0x2E, 0x2C, 0x3A, 0x3B, 0x27, 0x7C, 0x21: ems += 0.28  // space . , : ; ' | !
            case 0x2D, 0x28, 0x29: ems += 0.34                 // - ( )
            case 0x40: ems += 0.9                              // @
            default: ems += bold ? 0.66 : 0.62
            }
        }
        return ems * size
    }

    /// How wide a cell's content is, padding not included.
    static func width(of cell: PDFCell) -> Double {
        switch cell {
        case .empty: 0
        case .text(let text, _, let bold): width(text, size: PageFlow.cellText, bold: bold)
        case .link(let text, _): width(text, size: PageFlow.cellText)
        // A badge is drawn in a bolder face than the estimate assumes: a tenth to spare.
        case .badge(let text, _): width(text, size: PageFlow.badgeText, bold: true) * 1.1 + 10
        case .bar(_, _, let label): PageFlow.barTrack + 4 + width(label, size: PageFlow.cellText)
        case .stack(let cells): cells.map(width(of:)).max() ?? 0
        }
    }

    /// What the rows of a table need: each column's widest content and the tallest stack.
    struct Extent {
        var widest: [Double] = []
        var stackLines = 1
    }

    /// The width a column needs for a text cell, padding included.
    static func columnWidth(forText text: String) -> Double {
        width(text, size: PageFlow.cellText) + 2 * PageFlow.cellPadding + 2
    }

    /// Takes one row into each column's widest content so far, and its stacks' lines.
    static func widen(_ extent: inout Extent, with row: [PDFCell]) {
        if extent.widest.count < row.count { extent.widest += Array(repeating: 0, count: row.count - extent.widest.count) }
        for (column, cell) in row.enumerated() {
            extent.widest[column] = max(extent.widest[column], width(of: cell))
            if case .stack(let cells) = cell { extent.stackLines = max(extent.stackLines, cells.count) }
        }
    }

    /// The widths of the columns and how many lines a row takes: 2 when a `wrap` column is
    /// narrower than its content, at least as many as the tallest stack.
    static func layout(_ columns: [PDFTable.Column], extent: Extent, total: Double) -> (widths: [Double], lines: Int) {
        let (widths, lines) = layout(columns, widest: extent.widest, total: total)
        return (widths, max(lines, extent.stackLines))
    }

    static func layout(_ columns: [PDFTable.Column], widest: [Double], total: Double) -> (widths: [Double], lines: Int) {
        let padding = columnWidth(forText: "")
        let title = columns.map { width($0.title, size: PageFlow.cellText, bold: true) + padding }
        let natural = columns.indices.map { index -> Double in
            let content = max(title[index], (widest.indices.contains(index) ? widest[index] : 0) + padding)
            return columns[index].maxWidth.map { min(content, max($0, title[index])) } ?? content
        }
        let sum = natural.reduce(0, +)
        if sum <= total {
            // Room to spare: every column grows in proportion.
            return (natural.map { $0 * total / max(sum, 1) }, 1)
        }
        // `whole` columns keep their width; the others share what is left.
        let whole = columns.indices.filter { columns[$0].fit == .whole }
        let others = columns.indices.filter { columns[$0].fit != .whole }
        var widths = natural
        let available = total - whole.map { natural[$0] }.reduce(0, +)
        let least = columns.indices.map { index -> Double in
            switch columns[index].fit {
            case .whole: natural[index]
            case .wrap: max(title[index], natural[index] / 2 + padding)
            case .shrink: max(title[index], min(natural[index], 44))
            }
        }
        // Then, if need be, `shrink` columns go down to their title (or 24 points).
        let tight = columns.indices.map { columns[$0].fit == .shrink ? min(least[$0], max(title[$0], 24)) : least[$0] }
        func share(from floor: [Double], towards ceiling: [Double]) {
            let room = available - others.map { floor[$0] }.reduce(0, +)
            let wanted = others.map { ceiling[$0] - floor[$0] }.reduce(0, +)
            for index in others { widths[index] = floor[index] + (wanted > 0 ? room * (ceiling[index] - floor[index]) / wanted : 0) }
        }
        if others.map({ least[$0] }).reduce(0, +) <= available {
            share(from: least, towards: natural)
        } else if others.map({ tight[$0] }).reduce(0, +) <= available {
            share(from: tight, towards: least)
        } else {
            // Too many columns for the page: `shrink` columns keep their titles' width, and the
            // `wrap` columns share the rest (their second line ends in "…"); when even that is too
            // little, all but the `whole` ones narrow alike.
            let wraps = others.filter { columns[$0].fit == .wrap }
            let shrinks = others.filter { columns[$0].fit == .shrink }
            let forWraps = available - shrinks.map { tight[$0] }.reduce(0, +)
            let wanted = wraps.map { least[$0] }.reduce(0, +)
            if !wraps.isEmpty, forWraps >= wanted / 2 {
                for index in shrinks { widths[index] = tight[index] }
                for index in wraps { widths[index] = least[index] * forWraps / wanted }
            } else if available > 0 {
                let floor = others.map { tight[$0] }.reduce(0, +)
                for index in others { widths[index] = tight[index] * available / floor }
            } else {
                widths = natural.map { $0 * total / sum }
            }
        }
        let wraps = columns.indices.contains { columns[$0].fit == .wrap && widths[$0] + 0.5 < natural[$0] }
        return (widths, wraps ? 2 : 1)
    }
}
