/// The catalog's update: the entries PDFRewrite writes (/Lang, /ViewerPreferences) replace
/// any the catalog already has, so that a cairo that writes one of them gives no key twice
/// (a dictionary's keys are unique, ISO 32000-1 §7.3.7; a reader may take either value).
extension PDFRewrite {
    /// The keys `entries` sets.
    static let replacedKeys: Set<String> = ["/Lang", "/ViewerPreferences"]

    /// The catalog `dictionary` with its /Lang and /ViewerPreferences, if any, left out and
    /// `entries` added at its end; nil when the dictionary cannot be read entry by entry.
    static func updatedCatalog(_ dictionary: String) -> String? {
        guard let kept = PDFDictionaryText.removing(replacedKeys, from: dictionary) else { return nil }
        return String(kept.dropLast(2)).trimmingCharacters(in: .whitespacesAndNewlines) + " " + entries + " >>"
    }
}

/// Reads a pdf dictionary's text ("<< /Key value … >>") entry by entry, skipping each value
/// whole: strings with escapes and nested parentheses, hex strings, names, numbers,
/// references ("5 0 R"), arrays and dictionaries nested to a bounded depth.
enum PDFDictionaryText {
    static let maximumDepth = 32
    private static let delimiters = Array("()<>[]{}/%".utf8)

    /// `dictionary` without its top-level entries whose key is in `keys` (each with the white
    /// space before it), ending at its `>>`; nil when it is not a dictionary this reader can read
    /// or anything but white space follows it.
    static func removing(_ keys: Set<String>, from dictionary: String) -> String? {
        let bytes = Array(dictionary.utf8)
        guard bytes.starts(with: Array("<<".utf8)) else { return nil }
        var kept: [UInt8] = Array("<<".utf8)
        var index = 2
        while true {
            let entryStart = index
            index = skipSpace(bytes, from: index)
            if hasDictionaryEnd(bytes, at: index) {
                // The dictionary is the whole text: nothing but white space after its `>>`.
                guard skipSpace(bytes, from: index + 2) == bytes.count else { return nil }
                kept += bytes[entryStart..<index + 2]
                break
            }
            guard index < bytes.count, bytes[index] == UInt8(ascii: "/") else { return nil }
            let keyEnd = endOfToken(bytes, from: index + 1)
            let key = String(decoding: bytes[index..<keyEnd], as: UTF8.self)
            guard let valueEnd = endOfValue(bytes, from: skipSpace(bytes, from: keyEnd), depth: 1) else { return nil }
            if !keys.contains(key) { kept += bytes[entryStart..<valueEnd] }
            index = valueEnd
        }
        return String(decoding: kept, as: UTF8.self)
    }

    /// Where the value that starts at `start` ends; nil when it does not end, or nests too deep.
    static func endOfValue(_ bytes: [UInt8], from start: Int, depth: Int) -> Int? {
        guard start < bytes.count, depth <= maximumDepth else { return nil }
        switch bytes[start] {
        case UInt8(ascii: "("):
            return endOfLiteralString(bytes, from: start)
        case UInt8(ascii: "<") where start + 1 < bytes.count && bytes[start + 1] == UInt8(ascii: "<"):
            return endOfContainer(bytes, from: start + 2, depth: depth) { hasDictionaryEnd($0, at: $1) ? $1 + 2 : nil }
        case UInt8(ascii: "<"):
            return bytes[start...].firstIndex(of: UInt8(ascii: ">")).map { $0 + 1 }
        case UInt8(ascii: "["):
            return endOfContainer(bytes, from: start + 1, depth: depth) {
                $1 < $0.count && $0[$1] == UInt8(ascii: "]") ? $1 + 1 : nil
            }
        case UInt8(ascii: "/"):
            return endOfToken(bytes, from: start + 1)
        case UInt8(ascii: ")"), UInt8(ascii: ">"), UInt8(ascii: "]"), UInt8(ascii: "{"), UInt8(ascii: "}"):
            return nil
        default:
            return endOfNumberOrReference(bytes, from: start)
        }
    }

    /// The values inside an array or a dictionary, up to the end that `closing` recognises.
    private static func endOfContainer(
        _ bytes: [UInt8],
        from start: Int,
        depth: Int,
        closing: ([UInt8], Int) -> Int?
    ) -> Int? {
        var index = skipSpace(bytes, from: start)
        while index < bytes.count {
            if let end = closing(bytes, index) { return end }
            guard let valueEnd = endOfValue(bytes, from: index, depth: depth + 1) else { return nil }
            index = skipSpace(bytes, from: valueEnd)
        }
        return nil
    }

    /// A literal string: balanced parentheses, a backslash escaping the byte after it.
    private static func endOfLiteralString(_ bytes: [UInt8], from start: Int) -> Int? {
        var depth = 0
        var index = start
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\\"): index += 1
            case UInt8(ascii: "("): depth += 1
            case UInt8(ascii: ")"):
                depth -= 1
                if depth == 0 { return index + 1 }
            default: break
            }
            index += 1
        }
        return nil
    }

    /// A number, a keyword (true, false, null), or a reference "5 0 R" (three tokens).
    private static func endOfNumberOrReference(_ bytes: [UInt8], from start: Int) -> Int? {
        let end = endOfToken(bytes, from: start)
        guard end > start else { return nil }
        guard isInteger(bytes[start..<end]) else { return end }
        let generationStart = skipSpace(bytes, from: end)
        let generationEnd = endOfToken(bytes, from: generationStart)
        guard generationEnd > generationStart, isInteger(bytes[generationStart..<generationEnd]) else { return end }
        let keywordStart = skipSpace(bytes, from: generationEnd)
        let keywordEnd = endOfToken(bytes, from: keywordStart)
        return bytes[keywordStart..<keywordEnd].elementsEqual([UInt8(ascii: "R")]) ? keywordEnd : end
    }

    private static func isInteger(_ token: ArraySlice<UInt8>) -> Bool {
        !token.isEmpty && token.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
    }

    private static func hasDictionaryEnd(_ bytes: [UInt8], at index: Int) -> Bool {
        index + 1 < bytes.count && bytes[index] == UInt8(ascii: ">") && bytes[index + 1] == UInt8(ascii: ">")
    }

    /// The end of a regular token: the first white-space or delimiter byte from `start`.
    private static func endOfToken(_ bytes: [UInt8], from start: Int) -> Int {
        var index = start
        while index < bytes.count, !isSpace(bytes[index]), !delimiters.contains(bytes[index]) { index += 1 }
        return index
    }

    /// The first byte from `start` that is neither white space nor in a comment.
    private static func skipSpace(_ bytes: [UInt8], from start: Int) -> Int {
        var index = start
        while index < bytes.count {
            if isSpace(bytes[index]) {
                index += 1
            } else if bytes[index] == UInt8(ascii: "%") {
                while index < bytes.count, bytes[index] != 0x0A, bytes[index] != 0x0D { index += 1 }
            } else {
                break
            }
        }
        return index
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 || byte == 0x0C || byte == 0x00
    }
}
