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
    /// text and as a quoted attribute's value.
    public static func escape(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x22 || $0 == 0x27 }) else {
            return text
        }
        var out = ""
        out.reserveCapacity(text.utf8.count + 16)
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.append(character)
            }
        }
        return out
    }

    /// A number for an svg attribute: at most two decimals, a point whatever the locale.
    static func number(_ value: Double) -> String {
        NumberText.shortest((value * 100).rounded() / 100)
    }
}
