import Foundation

/// Column widths from the cells' content: each column's natural width is that of its widest
/// cell or its title (at most its `maxWidth`); when they do not all fit, `whole` columns keep
/// theirs, `grow` columns give up to all but their longest word and wrap as far as they need,
/// `wrap` columns give up to half theirs and take two lines, `shrink` columns give the rest. The widths are
/// estimated from the characters (the same in the pass that counts pages and the one that
/// draws), with a little to spare; a text that still does not fit ends in "…" as always.
enum ColumnSizing {
    /// The width of a text at a size, in points, from Noto Sans's advance widths by class of
    /// character, rounded up: lowercase a little over half an em, capitals and digits more,
    /// spaces and stops less, East Asian wide characters, symbols (★) and emoji a whole em.
    /// At most the first `limit` characters count (a cell lays out no more than a line's worth).
    static func width(_ text: String, size: Double, bold: Bool = false, limit: Int = 200) -> Double {
        measure(text, size: size, bold: bold, limit: limit).width
    }

    /// The width of a text and of its longest word (between spaces), in one pass over its characters.
    static func measure(
        _ text: String,
        size: Double,
        bold: Bool = false,
        limit: Int = 200
    ) -> (width: Double, word: Double) {
        var ems = 0.0
        var wordStart = 0.0
        var word = 0.0
        // Scalars straight from the string: this runs for every cell of a long list, so no copy is made.
        for scalar in text.unicodeScalars.prefix(limit) {
            switch scalar.value {
            case 0x0300...0x036F, 0x200B...0x200F, 0xFE00...0xFE0F: continue
            case 0x1100...0x115F, 0x2600...0x27BF, 0x2E80...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F,
                0xFF00...0xFF60,
                0xFFE0...0xFFE6, 0x1F300...0x1FAFF, 0x20000...0x3FFFD:
                ems += 1
            case 0x61...0x7A: ems += bold ? 0.6 : 0.52  // a–z
            case 0x41...0x5A: ems += bold ? 0.72 : 0.65  // A–Z
            case 0x30...0x39: ems += bold ? 0.62 : 0.58  // 0–9
            case 0x20, 0x09, 0x0A, 0x0D:  // a space, a tab or a line break ends a word
                word = max(word, ems - wordStart)
                ems += scalar.value == 0x20 ? 0.28 : (bold ? 0.66 : 0.62)
                wordStart = ems
            case 0x2E, 0x2C, 0x3A, 0x3B, 0x27, 0x7C, 0x21: ems += 0.28  // . , : ; ' | !
            case 0x2D, 0x28, 0x29: ems += 0.34  // - ( )
            case 0x40: ems += 0.9  // @
            default: ems += bold ? 0.66 : 0.62
            }
        }
        return (ems * size, max(word, ems - wordStart) * size)
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

    /// What the rows of a table need: each column's widest content, its longest word, and the
    /// tallest stack; and each column's widest cells by the estimate, for a table that measures
    /// them (`PDFTable.measuresContent`).
    struct Extent {
        var widest: [Double] = []
        var longestWord: [Double] = []
        var stackLines = 1
        var widestCells: [[Sample]] = []
        /// How many cells of each column are how wide by the estimate, in steps of `step` points:
        /// a `grow` column is first given the width of nine cells in ten.
        var histogram: [[UInt32]] = []
        static let step = 8.0
        static let buckets = 64
        /// Measured widths over estimated ones, by column, once a table's widest cells are measured.
        var scale: [Int: Double] = [:]

        /// The width at least nine in ten of a column's cells with content are within, by the estimate.
        func typical(_ column: Int) -> Double {
            guard histogram.indices.contains(column) else { return 0 }
            let scale = self.scale[column] ?? 1
            let counts = histogram[column]
            let total = counts.reduce(0, +)
            var seen: UInt32 = 0
            for (bucket, count) in counts.enumerated() {
                seen += count
                if Double(seen) >= Double(total) * 0.9 { return Double(bucket + 1) * Self.step * scale }
            }
            return Double(counts.count) * Self.step * scale
        }
    }

    /// A cell and its estimated width.
    struct Sample {
        let estimate: Double
        let cell: PDFCell
    }

    /// The least a `wrap` column is left before the `grow` columns give up their longest word:
    /// about a dozen characters a line at the cells' size.
    static let wrapFloor = 64.0

    /// How many of a column's widest cells (by the estimate) are kept to be measured: the
    /// estimate errs by character class, so the widest drawn is among the first few.
    static let sampledCells = 4

    /// A cell's padding around measured content, with half a point to spare (an estimate gets two).
    static let measuredPadding = 2 * PageFlow.cellPadding + 0.5

    /// The width a column needs for a text cell, padding included.
    static func columnWidth(forText text: String) -> Double {
        width(text, size: PageFlow.cellText) + 2 * PageFlow.cellPadding + 2
    }

    /// Takes one row into each column's widest content so far, and its stacks' lines.
    static func widen(_ extent: inout Extent, with row: [PDFCell]) {
        if extent.widest.count < row.count {
            extent.widest += Array(repeating: 0, count: row.count - extent.widest.count)
            extent.longestWord += Array(repeating: 0, count: row.count - extent.longestWord.count)
            extent.widestCells += Array(repeating: [], count: row.count - extent.widestCells.count)
            extent.histogram += Array(
                repeating: Array(repeating: 0, count: Extent.buckets),
                count: row.count - extent.histogram.count
            )
        }
        for (column, cell) in row.enumerated() {
            let whole: Double
            let word: Double
            switch cell {
            case .empty:
                continue
            case .text(let text, _, let bold):
                (whole, word) = measure(text, size: PageFlow.cellText, bold: bold)
                sample(cell, estimate: whole, into: &extent.widestCells[column])
            case .link(let text, _):
                (whole, word) = measure(text, size: PageFlow.cellText)
                sample(cell, estimate: whole, into: &extent.widestCells[column])
            case .badge(let text, _):
                let measured = measure(text, size: PageFlow.badgeText, bold: true)
                (whole, word) = (measured.width * 1.1 + 10, measured.word * 1.1 + 10)
                sample(cell, estimate: whole, into: &extent.widestCells[column])
            case .stack(let parts):
                extent.stackLines = max(extent.stackLines, parts.count)
                whole = width(of: cell)
                word = whole
                for part in parts { sample(part, estimate: width(of: part), into: &extent.widestCells[column]) }
            default:
                whole = width(of: cell)
                word = whole
                sample(cell, estimate: whole, into: &extent.widestCells[column])
            }
            extent.widest[column] = max(extent.widest[column], whole)
            extent.longestWord[column] = max(extent.longestWord[column], word)
            extent.histogram[column][min(Extent.buckets - 1, Int(whole / Extent.step))] += 1
        }
    }

    /// Keeps `cell` among a column's widest cells by the estimate, once per distinct text.
    private static func sample(_ cell: PDFCell, estimate: Double, into samples: inout [Sample]) {
        if samples.count == sampledCells, let last = samples.last, last.estimate >= estimate { return }
        guard !samples.contains(where: { $0.estimate == estimate && $0.cell.shownText == cell.shownText }) else {
            return
        }
        let index = samples.firstIndex { $0.estimate < estimate } ?? samples.count
        samples.insert(Sample(estimate: estimate, cell: cell), at: index)
        if samples.count > sampledCells { samples.removeLast() }
    }

    /// The widths of the columns and how many lines a row takes: 2 when a `wrap` column is
    /// narrower than its content, at least as many as the tallest stack (a `grow` column's rows
    /// are measured apart, `TablePlan`).
    static func layout(
        _ columns: [PDFTable.Column],
        extent: Extent,
        titles: [Double]? = nil,
        total: Double
    ) -> (widths: [Double], lines: Int) {
        let (widths, lines) = layout(
            columns,
            widest: extent.widest,
            longestWord: extent.longestWord,
            typical: extent.widest.indices.map { extent.typical($0) },
            titles: titles,
            total: total
        )
        return (widths, max(lines, extent.stackLines))
    }

    /// How many lines the header's titles take at these widths: 2 when a title is wider than its
    /// column (it wraps at its spaces rather than being cut), else 1.
    static func headerLines(_ columns: [PDFTable.Column], widths: [Double], titles: [Double]? = nil) -> Int {
        let padding = titles == nil ? columnWidth(forText: "") : measuredPadding
        let cramped = columns.indices.contains { index in
            (titles?[index] ?? width(columns[index].title, size: PageFlow.cellText, bold: true)) + padding > widths[
                index
            ] + 0.5
        }
        return cramped ? 2 : 1
    }

    /// The widths of the columns from each one's widest content and longest word (padding not
    /// included) and, when measured, its title's width (else estimated).
    static func layout(
        _ columns: [PDFTable.Column],
        widest: [Double],
        longestWord: [Double] = [],
        typical: [Double] = [],
        titles: [Double]? = nil,
        total: Double
    ) -> (widths: [Double], lines: Int) {
        let padding = titles == nil ? columnWidth(forText: "") : measuredPadding
        let title = columns.indices.map {
            (titles?[$0] ?? width(columns[$0].title, size: PageFlow.cellText, bold: true)) + padding
        }
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
            // Its longest word whole (a word longer than a third of the page breaks where it must).
            case .grow:
                max(
                    title[index],
                    min(
                        natural[index],
                        (longestWord.indices.contains(index) ? longestWord[index] : 0) + padding,
                        total / 3
                    )
                )
            }
        }
        // A `grow` column is first given room for nine cells in ten on one line, then for all.
        let usual = columns.indices.map { index -> Double in
            guard columns[index].fit == .grow, typical.indices.contains(index) else { return least[index] }
            return min(natural[index], max(least[index], typical[index] + padding))
        }
        // Else for nine in ten on two lines (the longer of a text's two lines is over half of it).
        let twoLines = columns.indices.map { index -> Double in
            guard columns[index].fit == .grow, typical.indices.contains(index) else { return least[index] }
            return min(usual[index], max(least[index], typical[index] * 0.6 + padding))
        }
        // Then, if need be, `shrink` columns go down to their title (or 24 points).
        let tight = columns.indices.map { columns[$0].fit == .shrink ? min(least[$0], max(title[$0], 24)) : least[$0] }
        func share(from floor: [Double], towards ceiling: [Double]) {
            let room = available - others.map { floor[$0] }.reduce(0, +)
            let wanted = others.map { ceiling[$0] - floor[$0] }.reduce(0, +)
            for index in others {
                widths[index] = floor[index] + (wanted > 0 ? room * (ceiling[index] - floor[index]) / wanted : 0)
            }
        }
        if others.map({ usual[$0] }).reduce(0, +) <= available {
            share(from: usual, towards: natural)
        } else if others.map({ twoLines[$0] }).reduce(0, +) <= available {
            share(from: twoLines, towards: usual)
        } else if others.map({ least[$0] }).reduce(0, +) <= available {
            share(from: least, towards: twoLines)
        } else if others.map({ tight[$0] }).reduce(0, +) <= available {
            share(from: tight, towards: least)
        } else {
            widths = crowded(columns, natural: natural, least: least, tight: tight, available: available, total: total)
        }
        let wraps = columns.indices.contains { columns[$0].fit == .wrap && widths[$0] + 0.5 < natural[$0] }
        return (widths, wraps ? 2 : 1)
    }

    /// The widths of a table with too many columns for the page: `shrink` columns keep their
    /// titles' width, `grow` columns their longest word (they are never cut), and the `wrap`
    /// columns share the rest in proportion (their second line ends in "…", titles wrap) as long
    /// as each gets half its least or `wrapFloor`; only when they cannot do `wrap` and `grow`
    /// columns share alike, and when even
    /// that is too little, all but the `whole` ones narrow alike. (Sharing alike as soon as the
    /// `wrap` columns got less than half their least let one very long school name, whose half
    /// is wider than the page can spare, narrow the coaches' names until every one was cut.)
    private static func crowded(
        _ columns: [PDFTable.Column],
        natural: [Double],
        least: [Double],
        tight: [Double],
        available: Double,
        total: Double
    ) -> [Double] {
        var widths = natural
        let others = columns.indices.filter { columns[$0].fit != .whole }
        let shrinks = others.filter { columns[$0].fit == .shrink }
        let grows = others.filter { columns[$0].fit == .grow }
        let wraps = others.filter { columns[$0].fit == .wrap }
        let forShrinks = shrinks.map { tight[$0] }.reduce(0, +)
        let forWraps = available - forShrinks - grows.map { least[$0] }.reduce(0, +)
        let wanted = wraps.map { least[$0] }.reduce(0, +)
        let shared = grows + wraps
        let forShared = available - forShrinks
        let wantedShared = shared.map { least[$0] }.reduce(0, +)
        // Each `wrap` column gets `least × forWraps / wanted`: enough when that is half its least,
        // or `wrapFloor` for the narrowest of them.
        let leastWrap = wraps.map { least[$0] }.min() ?? 0
        if !wraps.isEmpty, forWraps >= wanted / 2 || leastWrap * forWraps / max(wanted, 1) >= wrapFloor {
            for index in shrinks + grows { widths[index] = tight[index] }
            for index in wraps { widths[index] = least[index] * forWraps / wanted }
        } else if !shared.isEmpty, forShared >= wantedShared / 2 {
            for index in shrinks { widths[index] = tight[index] }
            for index in shared { widths[index] = least[index] * forShared / wantedShared }
        } else if available > 0 {
            let floor = others.map { tight[$0] }.reduce(0, +)
            for index in others { widths[index] = tight[index] * available / floor }
        } else {
            let sum = natural.reduce(0, +)
            return natural.map { $0 * total / sum }
        }
        return widths
    }
}

extension PDFCell {
    /// The text a cell shows (a bar's label; a stack's parts, one a line).
    var shownText: String {
        switch self {
        case .empty: ""
        case .text(let text, _, _), .link(let text, _), .badge(let text, _), .bar(_, _, let text): text
        case .stack(let parts): parts.map(\.shownText).joined(separator: "\n")
        }
    }
}
