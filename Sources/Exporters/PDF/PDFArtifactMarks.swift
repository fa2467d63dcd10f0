/// Marks what a page draws outside every structure element as an artifact: cairo 1.16 leaves
/// it unmarked (it knows no "Artifact" tag), and the renderer draws outside the structure only
/// what is not content: page footers, a table's header drawn again on a later page, fills,
/// rules and the bars' tracks (docs/outputs.md, "Accessible pdfs").
///
/// Each run of operators between two of cairo's marked-content sequences that paints
/// something is wrapped in `/Artifact BMC … EMC`, from its first operator to its last painting
/// one (and the end of the text object that one is in). Inside a structure element's content,
/// cairo's empty `/Span << /ActualText … >> BDC EMC` at a line break is taken out: it draws
/// nothing, and poppler before 23.x ends the element's text at its EMC, so that
/// `pdfinfo -struct-text` read only the first line of a wrapped paragraph, caption or cell.
/// Nothing else changes: the other operators, their operands and cairo's marked content stay
/// byte for byte.
enum PDFArtifactMarks {
    /// The page's content with its unmarked runs marked, or nil when it cannot be done safely
    /// (an inline image, unbalanced marks, a mark inside a text object): the page stays as cairo wrote it.
    static func marked(_ content: [UInt8]) -> [UInt8]? {
        var scanner = ContentScanner(content)
        var runs = RunTracker()
        while let op = scanner.nextOperator() {
            guard runs.see(op, operands: content[op.start..<op.end]) else { return nil }
        }
        guard !scanner.failed, runs.finish() else { return nil }
        return apply(runs.edits, to: content)
    }

    private static let open = Array("/Artifact BMC\n".utf8)
    private static let close = Array("\nEMC".utf8)

    private static func apply(_ edits: [ContentEdit], to content: [UInt8]) -> [UInt8] {
        var output = [UInt8]()
        output.reserveCapacity(content.count + edits.count * (open.count + close.count))
        var copied = 0
        // In content order: a run is marked when the element after it opens, before that
        // element's removals, and the last run at the end.
        for edit in edits {
            output.append(contentsOf: content[copied..<edit.range.lowerBound])
            if case .artifact = edit.kind {
                output.append(contentsOf: open)
                output.append(contentsOf: content[edit.range])
                output.append(contentsOf: close)
            }
            copied = edit.range.upperBound
        }
        output.append(contentsOf: content[copied...])
        return output
    }
}

/// A change to a page's content: a run wrapped as an artifact, or an empty span taken out.
struct ContentEdit: Equatable {
    enum Kind { case artifact, removal }
    let kind: Kind
    let range: Range<Int>
}

/// An operator of a content stream: its name and where it and its operands lie.
struct ContentOperator: Equatable {
    /// The name's bytes in one number ("BT" is 0x4254): operators have one to three letters,
    /// and a longer word (not an operator the marks care about) is `ContentOperator.other`.
    let name: UInt32
    /// The first byte of its first operand (or of the operator when it has none).
    let start: Int
    /// Just past the operator.
    let end: Int

    static let other = UInt32.max

    static func name(_ bytes: some Collection<UInt8>) -> UInt32 {
        bytes.count > 4 ? other : bytes.reduce(0) { $0 << 8 | UInt32($1) }
    }

    static let beginMarked = name("BDC".utf8), beginMarkedPlain = name("BMC".utf8), endMarked = name("EMC".utf8)
    static let beginText = name("BT".utf8), endText = name("ET".utf8), beginImage = name("BI".utf8)
    /// Painting operators: paths filled or stroked, text shown, shadings, XObjects.
    static let painting = Set(
        ["f", "F", "f*", "S", "s", "B", "B*", "b", "b*", "Tj", "TJ", "'", "\"", "sh", "Do"].map { name($0.utf8) }
    )
}

/// Follows marked content and text objects, and collects the runs to mark.
///
/// A sequence with an /MCID is content of a structure element and ends a run; one without
/// (cairo's `/Span << /ActualText … >>` at a line break) is part of the run it is in, and
/// inside an element's content is taken out when it holds nothing. A run ends where it is
/// balanced again after its last painting operator: outside a text object and with every
/// sequence it opened closed, so that its marks cut neither.
private struct RunTracker {
    private(set) var edits: [ContentEdit] = []
    /// Where an element's inner sequence without an /MCID began, until an operator follows it.
    private var emptySpanStart: Int?
    /// The open sequences, inner last: whether each is a structure element's content.
    private var open: [Bool] = []
    private var elements = 0
    private var inText = false
    private var runStart: Int?
    private var runEnd: Int?
    /// Painted since the run was last balanced.
    private var painted = false

    mutating func see(_ op: ContentOperator, operands: ArraySlice<UInt8>) -> Bool {
        typealias Op = ContentOperator
        let opens = op.name == Op.beginMarked || op.name == Op.beginMarkedPlain
        if op.name == Op.beginImage || (op.name == Op.endMarked && open.isEmpty) { return false }
        defer { emptySpanStart = elements > 0 && opens && open.last == false ? op.start : nil }
        if let start = emptySpanStart, op.name == Op.endMarked, open.last == false, elements > 0 {
            edits.append(ContentEdit(kind: .removal, range: start..<op.end))
        }
        if opens, Self.hasMCID(operands) {
            // An element inside a sequence the run opened: the run cannot end here.
            if elements == 0 { guard open.isEmpty, closeRun() else { return false } }
            open.append(true)
            elements += 1
            return true
        }
        if op.name == Op.endMarked, open.last == true {
            open.removeLast()
            elements -= 1
            return true
        }
        // A run starts where nothing is open, so that its first mark cuts nothing.
        let outside = elements == 0
        if outside, runStart == nil, open.isEmpty, !inText { runStart = op.start }
        if opens { open.append(false) }
        if op.name == Op.endMarked { open.removeLast() }
        if op.name == Op.beginText { inText = true }
        if op.name == Op.endText { inText = false }
        guard outside else { return true }
        if Op.painting.contains(op.name) {
            guard runStart != nil else { return false }
            painted = true
        }
        if painted, !inText, open.isEmpty {
            runEnd = op.end
            painted = false
        }
        return true
    }

    private static let mcid = Array("/MCID".utf8)

    private static func hasMCID(_ operands: ArraySlice<UInt8>) -> Bool {
        guard operands.count >= mcid.count else { return false }
        var index = operands.startIndex
        while index + mcid.count <= operands.endIndex {
            if operands[index] == mcid[0], operands[index..<(index + mcid.count)].elementsEqual(mcid) { return true }
            index += 1
        }
        return false
    }

    /// Ends the current run, marking it if it painted.
    private mutating func closeRun() -> Bool {
        defer {
            runStart = nil
            runEnd = nil
        }
        guard !painted else { return false }
        guard let start = runStart, let end = runEnd else { return true }
        edits.append(ContentEdit(kind: .artifact, range: start..<end))
        return true
    }

    mutating func finish() -> Bool {
        open.isEmpty && !inText && closeRun()
    }
}

/// Reads a content stream's tokens (PDF 32000-1, 7.2 and 7.8.2) and returns its operators
/// one at a time. Strings, names, numbers, arrays and dictionaries are operands.
struct ContentScanner {
    private let bytes: [UInt8]
    private var index = 0
    /// Where the operands of the next operator start.
    private var operandStart: Int?
    /// A string or dictionary that does not end.
    private(set) var failed = false

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    mutating func nextOperator() -> ContentOperator? {
        while let start = skipSpace() {
            guard let (end, isOperator) = token(at: start) else {
                failed = true
                return nil
            }
            index = end
            if isOperator {
                defer { operandStart = nil }
                return ContentOperator(
                    name: ContentOperator.name(bytes[start..<end]),
                    start: operandStart ?? start,
                    end: end
                )
            }
            if operandStart == nil { operandStart = start }
        }
        return nil
    }

    /// Skips white space and comments; the next token's first byte, or nil at the end.
    private mutating func skipSpace() -> Int? {
        while index < bytes.count {
            switch bytes[index] {
            case 0, 9, 10, 12, 13, 32: index += 1
            case UInt8(ascii: "%"):
                while index < bytes.count, bytes[index] != 10, bytes[index] != 13 { index += 1 }
            default: return index
            }
        }
        return nil
    }

    private static func isDelimiter(_ byte: UInt8) -> Bool {
        switch byte {
        case 0, 9, 10, 12, 13, 32, UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "<"), UInt8(ascii: ">"),
            UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "/"),
            UInt8(ascii: "%"):
            true
        default: false
        }
    }

    /// The end of the token at `start`, and whether it is an operator; nil for a string that does not end.
    private func token(at start: Int) -> (Int, Bool)? {
        switch bytes[start] {
        case UInt8(ascii: "("): return literalStringEnd(from: start).map { ($0, false) }
        case UInt8(ascii: "<"):
            if start + 1 < bytes.count, bytes[start + 1] == UInt8(ascii: "<") { return (start + 2, false) }
            guard let close = bytes[start...].firstIndex(of: UInt8(ascii: ">")) else { return nil }
            return (close + 1, false)
        case UInt8(ascii: ">"):
            guard start + 1 < bytes.count, bytes[start + 1] == UInt8(ascii: ">") else { return nil }
            return (start + 2, false)
        case UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "{"), UInt8(ascii: "}"): return (start + 1, false)
        case UInt8(ascii: ")"): return nil
        default:
            var end = start + 1
            while end < bytes.count, !Self.isDelimiter(bytes[end]) { end += 1 }
            if bytes[start] == UInt8(ascii: "/") { return (end, false) }
            return (end, Self.isOperator(bytes[start..<end]))
        }
    }

    /// Numbers and the keywords true, false and null are operands; any other word is an operator.
    private static func isOperator(_ word: ArraySlice<UInt8>) -> Bool {
        guard let first = word.first else { return false }
        if first >= UInt8(ascii: "0") && first <= UInt8(ascii: "9") { return false }
        if first == UInt8(ascii: "+") || first == UInt8(ascii: "-") || first == UInt8(ascii: ".") { return false }
        return !(word.elementsEqual("true".utf8) || word.elementsEqual("false".utf8) || word.elementsEqual("null".utf8))
    }

    /// Just past the ")" that closes the literal string opening at `start`: parentheses nest,
    /// and a backslash escapes the byte after it.
    private func literalStringEnd(from start: Int) -> Int? {
        var depth = 0
        var position = start
        while position < bytes.count {
            switch bytes[position] {
            case UInt8(ascii: "\\"): position += 1
            case UInt8(ascii: "("): depth += 1
            case UInt8(ascii: ")"):
                depth -= 1
                if depth == 0 { return position + 1 }
            default: break
            }
            position += 1
        }
        return nil
    }
}
