import Core
import Foundation
import Synchronization

/// File and folder names made from data: only `a–z`, `0–9` and `-`, so that no name can
/// leave the folder it is meant for (`../`, `/`, control characters and the like become `-`).
package enum Slug {
    /// `rivera-family-1cc52098`: the name folded to ASCII, then the first 8 characters of the id.
    package static func family(name: String?, id: String) -> String {
        let base = make(name ?? "", limit: 40)
        let idPart = idPart(id)
        let parts = [base, idPart].filter { !$0.isEmpty }
        return parts.isEmpty ? "family" : parts.joined(separator: "-")
    }

    /// The end of a family's slug made from its id: its first 8 letters and digits (and the
    /// dashes between them), as `make` folds them.
    package static func idPart(_ id: String) -> String {
        make(id, limit: 8)
    }

    /// Slugs for every family of a database, unique among them: each family's `family(name:id:)`,
    /// and for families that share one, that slug followed by `-` and 8 hex digits of the
    /// FNV-1a 64 hash of the id's UTF-8 bytes (its upper half), so that two families never
    /// write into one folder or one file name.
    package static func unique(_ families: [(id: String, name: String?)]) -> [String: String] {
        var byBase: [String: Set<String>] = [:]
        for family in families { byBase[Self.family(name: family.name, id: family.id), default: []].insert(family.id) }
        var slugs: [String: String] = [:]
        for family in families {
            let base = Self.family(name: family.name, id: family.id)
            slugs[family.id] = (byBase[base]?.count ?? 0) > 1 ? "\(base)-\(hash(family.id))" : base
        }
        return slugs
    }

    /// 8 lower-case hex digits: the upper half of the FNV-1a 64 hash of `text`'s UTF-8 bytes.
    static func hash(_ text: String) -> String {
        let hex = String(fnv1a64(text) >> 32, radix: 16)
        return String(repeating: "0", count: 8 - hex.count) + hex
    }

    /// The FNV-1a 64 hash of `text`'s UTF-8 bytes (offset basis 0xcbf29ce484222325, prime
    /// 0x100000001b3): simple enough that any tool can compute it, as shards do (`Shard`).
    package static func fnv1a64(_ text: String) -> UInt64 {
        var value: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            value ^= UInt64(byte)
            value = value &* 0x0000_0100_0000_01b3
        }
        return value
    }

    /// Folds `text` to lower-case ASCII letters and digits joined by single dashes, ending at
    /// the first letter or digit that brings it to `limit` characters or more. A text of Latin
    /// letters, with or without marks, is folded by `latinTable`; a text with a scalar of
    /// another script, through ICU (`latinThroughICU`): the same slug either way.
    package static func make(_ text: String, limit: Int = 60) -> String {
        let folded = text.utf8.allSatisfy({ $0 < 0x80 }) ? text : (foldedByTable(text) ?? latin(text))
        return words(folded, limit: limit)
    }

    /// `make` as every text that is not ASCII was folded before the table: through ICU. The
    /// table's tests hold `make` to it.
    package static func makeThroughICU(_ text: String, limit: Int = 60) -> String {
        words(text.utf8.allSatisfy({ $0 < 0x80 }) ? text : latinThroughICU(text), limit: limit)
    }

    /// The letters and digits of `folded`, lower-cased, joined by single dashes where anything
    /// else stood between them.
    private static func words(_ folded: String, limit: Int) -> String {
        var out = ""
        var pendingDash = false
        for scalar in folded.lowercased().unicodeScalars {
            let isWordCharacter = ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar)
            if isWordCharacter {
                if pendingDash, !out.isEmpty { out.append("-") }
                pendingDash = false
                out.unicodeScalars.append(scalar)
                // `out` is ASCII: its UTF-8 count is its count, without walking it.
                if out.utf8.count >= limit { break }
            } else {
                pendingDash = true
            }
        }
        while out.hasSuffix("-") { out.removeLast() }
        return out
    }

    /// `text` folded as `latinThroughICU` folds it, by `latinTable`, when every scalar of it is
    /// ASCII, Latin-1 Supplement, Latin Extended-A or -B (U+0080–U+024F) or Latin Extended
    /// Additional (U+1E00–U+1EFF); else nil. The table's entries are ICU's fold of each scalar
    /// alone, and the fold of these scalars depends on no neighbour (SlugTableTests).
    static func foldedByTable(_ text: String) -> String? {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0..<0x80: out.unicodeScalars.append(scalar)
            case 0x80...0x24F: out += latinTable.latin[Int(scalar.value - 0x80)]
            case 0x1E00...0x1EFF: out += latinTable.additional[Int(scalar.value - 0x1E00)]
            default: return nil
            }
        }
        return out
    }

    /// `latinRows` and `latinAdditionalRows` as one entry a scalar (`.` read as nothing), read
    /// on first use.
    static let latinTable = (
        latin: entries(latinRows, from: 0x80), additional: entries(latinAdditionalRows, from: 0x1E00)
    )

    /// The entries of `rows` (Slug+LatinTable.swift), in the order of the scalars from `first`;
    /// a line that does not start with the number of its first scalar stops the program, since
    /// the table is the program's own text.
    private static func entries(_ rows: String, from first: UInt32) -> [String] {
        var entries: [String] = []
        for line in rows.split(separator: "\n") {
            let fields = line.split(separator: " ")
            precondition(
                fields.count == 17 && UInt32(fields[0], radix: 16) == first + UInt32(entries.count),
                "Slug+LatinTable.swift: the line \(line) is out of place"
            )
            entries += fields.dropFirst().map { $0 == "." ? "" : String($0) }
        }
        return entries
    }

    /// `text` transliterated to Latin without diacritics, through ICU. The first call builds
    /// ICU's transliterator from its rules (about 140 ms for Han), later calls still take about
    /// 0.2 ms, and a batch names each family's files several times, so results are
    /// remembered; ASCII text and text `foldedByTable` folds never come here.
    private static func latin(_ text: String) -> String {
        if let known = latinCache.withLock({ $0[text] }) { return known }
        let folded = latinThroughICU(text)
        latinCache.withLock { cache in
            if cache.count >= 4096 { cache.removeAll() }
            cache[text] = folded
        }
        return folded
    }

    /// `text` transliterated to Latin by ICU ("Any-Latin"), then folded without diacritics,
    /// case or width: the slug's fold of any text, which `latinTable` gives for Latin letters.
    package static func latinThroughICU(_ text: String) -> String {
        text.applyingTransform(.toLatin, reverse: false)?
            .folding(options: [.diacriticInsensitive, .caseInsensitive, .widthInsensitive], locale: nil) ?? text
    }

    private static let latinCache = Mutex<[String: String]>([:])
}

extension FamilyUnit {
    /// The family's part of file and folder names: the source's unique slug, else `Slug.family`.
    package var slug: String { fileSlug ?? Slug.family(name: familyName, id: id) }
}
