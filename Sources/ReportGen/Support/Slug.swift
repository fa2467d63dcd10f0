import Foundation

/// File and folder names made from data: only `a–z`, `0–9` and `-`, so that no name can
/// leave the folder it is meant for (`../`, `/`, control characters and the like become `-`).
public enum Slug {
    /// `rivera-family-1cc52098`: the name folded to ASCII, then the first 8 characters of the id.
    public static func family(name: String?, id: String) -> String {
        let base = make(name ?? "", limit: 40)
        let idPart = make(id, limit: 8, keepLength: true)
        let parts = [base, idPart].filter { !$0.isEmpty }
        return parts.isEmpty ? "family" : parts.joined(separator: "-")
    }

    /// Folds `text` to lower-case ASCII letters and digits joined by single dashes.
    public static func make(_ text: String, limit: Int = 60, keepLength: Bool = false) -> String {
        // Transliteration builds an ICU transliterator on every call; ASCII needs none.
        let folded = text.utf8.allSatisfy({ $0 < 0x80 }) ? text
            : text.applyingTransform(.toLatin, reverse: false)?
                .folding(options: [.diacriticInsensitive, .caseInsensitive, .widthInsensitive], locale: nil) ?? text
        var out = ""
        var pendingDash = false
        for scalar in folded.lowercased().unicodeScalars {
            let isWordCharacter = ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar)
            if isWordCharacter {
                if pendingDash, !out.isEmpty { out.append("-") }
                pendingDash = false
                out.unicodeScalars.append(scalar)
                if out.count >= limit { break }
            } else {
                pendingDash = true
            }
        }
        while out.hasSuffix("-") { out.removeLast() }
        return out
    }
}
