import Core
import Foundation
import Synchronization

/// File and folder names made from data: only `a–z`, `0–9` and `-`, so that no name can
/// leave the folder it is meant for (`../`, `/`, control characters and the like become `-`).
package enum Slug {
    /// `rivera-family-1cc52098`: the name folded to ASCII, then the first 8 characters of the id.
    package static func family(name: String?, id: String) -> String {
        let base = make(name ?? "", limit: 40)
        let idPart = make(id, limit: 8, keepLength: true)
        let parts = [base, idPart].filter { !$0.isEmpty }
        return parts.isEmpty ? "family" : parts.joined(separator: "-")
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

    /// Folds `text` to lower-case ASCII letters and digits joined by single dashes.
    package static func make(_ text: String, limit: Int = 60, keepLength: Bool = false) -> String {
        let folded = text.utf8.allSatisfy({ $0 < 0x80 }) ? text : latin(text)
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

    /// `text` transliterated to Latin without diacritics. The first call builds ICU's
    /// transliterator from its rules (about 140 ms for Han), later calls still take about
    /// 0.2 ms, and a batch names each family's files several times, so results are
    /// remembered; ASCII text never comes here.
    private static func latin(_ text: String) -> String {
        if let known = latinCache.withLock({ $0[text] }) { return known }
        let folded =
            text.applyingTransform(.toLatin, reverse: false)?
            .folding(options: [.diacriticInsensitive, .caseInsensitive, .widthInsensitive], locale: nil) ?? text
        latinCache.withLock { cache in
            if cache.count >= 4096 { cache.removeAll() }
            cache[text] = folded
        }
        return folded
    }

    private static let latinCache = Mutex<[String: String]>([:])
}

extension FamilyUnit {
    /// The family's part of file and folder names: the source's unique slug, else `Slug.family`.
    package var slug: String { fileSlug ?? Slug.family(name: familyName, id: id) }
}
