import Foundation

/// Text of the data as an html page holds it (docs/outputs.md, "html"): cleaned as every
/// format cleans cell text, at most the pdf's 1,000 characters laid out, and escaped for an
/// element's text or an attribute in double quotes.
public enum HTMLText {
    /// The most characters of one value a page shows, as the pdf lays out (PDFCanvas); a
    /// longer one ends in "…".
    public static let maxCharacters = 1_000

    /// `text` cleaned of control characters (`CellText.clean`) and cut at `maxCharacters`.
    public static func shown(_ text: String) -> String {
        let clean = CellText.clean(text)
        guard clean.utf8.count > maxCharacters, clean.count > maxCharacters else { return clean }
        return String(clean.prefix(maxCharacters - 1)) + "…"
    }

    /// `text` with `&`, `<`, `>`, `"` and `'` as character references: safe as an element's
    /// text and as a quoted attribute's value. The one escaping of every html report-batch
    /// writes (the pages, the recap e-mail's html part, summary.html): on bytes, so that each of
    /// the five is escaped wherever it is, a `"` with a combining mark after it too (a character
    /// to Swift and to swift-mustache's own escaping, which leaves it and lets it end an attribute).
    public static func escape(_ text: String) -> String {
        guard text.utf8.contains(where: needsEscape) else { return text }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count + 16)
        appendEscaped(text, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends `text`'s bytes to `bytes`, escaped as `escape` does.
    public static func appendEscaped(_ text: String, to bytes: inout [UInt8]) {
        var text = text
        text.withUTF8 { utf8 in
            var from = 0
            for index in utf8.indices {
                let entity: StaticString
                switch utf8[index] {
                case 0x26: entity = "&amp;"
                case 0x3C: entity = "&lt;"
                case 0x3E: entity = "&gt;"
                case 0x22: entity = "&quot;"
                case 0x27: entity = "&#39;"
                default: continue
                }
                bytes.append(contentsOf: utf8[from..<index])
                entity.withUTF8Buffer { bytes.append(contentsOf: $0) }
                from = index + 1
            }
            bytes.append(contentsOf: utf8[from...])
        }
    }

    private static func needsEscape(_ byte: UInt8) -> Bool {
        byte == 0x26 || byte == 0x3C || byte == 0x3E || byte == 0x22 || byte == 0x27
    }

    /// A number for an svg attribute: at most two decimals, a point whatever the locale.
    static func number(_ value: Double) -> String {
        NumberText.shortest((value * 100).rounded() / 100)
    }
}
