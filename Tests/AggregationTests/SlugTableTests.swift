import Aggregation
import Foundation
import SeededRandom
import Testing

/// `Slug.make` folds Latin letters by its table (Slug+LatinTable.swift) and everything else
/// through ICU: these hold the table to ICU's result, so that every slug is the one the
/// transliterator alone made.
struct SlugTableTests {
    /// ASCII, Latin-1 Supplement, Latin Extended-A and -B, and Latin Extended Additional: the
    /// scalars the table folds.
    static let tableScalars: [Unicode.Scalar] = [0...0x24F, 0x1E00...0x1EFF].flatMap { range in
        range.compactMap { Unicode.Scalar(UInt32($0)) }
    }

    @Test func everyScalarOfTheTableFoldsAsICUFoldsIt() {
        var differing: [String] = []
        for scalar in Self.tableScalars {
            let alone = String(Character(scalar))
            for text in [alone, "a\(alone)b", "Z\(alone)\(alone)9", "\(alone) x"] {
                let byTable = Slug.make(text, limit: 1000)
                let byICU = Slug.makeThroughICU(text, limit: 1000)
                if byTable != byICU {
                    differing.append(
                        "U+\(String(scalar.value, radix: 16)) in \(text.debugDescription): \(byTable) ≠ \(byICU)"
                    )
                }
            }
        }
        #expect(differing.isEmpty, "\(differing.prefix(20))")
    }

    /// Every pair of the table's scalars, in both orders, folded in one text against ICU's fold of
    /// it: a scalar's fold depends on no neighbour, so a text of them is its scalars' entries.
    @Test func everyPairOfTheTableFoldsAsICUFoldsIt() {
        var differing: [String] = []
        for first in Self.tableScalars {
            var text = String.UnicodeScalarView()
            for second in Self.tableScalars {
                text.append(first)
                text.append(second)
            }
            let byTable = Slug.make(String(text), limit: .max)
            if byTable != Slug.makeThroughICU(String(text), limit: .max) {
                differing.append("U+\(String(first.value, radix: 16))")
            }
        }
        #expect(differing.isEmpty, "pairs with these scalars first fold otherwise: \(differing.prefix(20))")
    }

    /// Names of Latin letters with and without marks, other scripts, emoji, combining marks and
    /// decomposed (NFD) forms, mixed: the same slug as ICU's fold alone gives, at every limit
    /// the project uses.
    @Test(arguments: 0..<4)
    func mixedNamesFoldAsICUFoldsThem(seed: Int) {
        var random = SplitMix64(seed: UInt64(seed))
        var differing: [String] = []
        for _ in 0..<500 {
            let name = Self.randomName(&random)
            for limit in [8, 40, 60, 64, .max]
            where Slug.make(name, limit: limit) != Slug.makeThroughICU(name, limit: limit) {
                differing.append("\(name.debugDescription) at \(limit)")
            }
        }
        #expect(differing.isEmpty, "\(differing.prefix(20))")
    }

    /// Pieces of a name: words of one script or kind each, joined by spaces, dashes or nothing.
    static func randomName(_ random: inout SplitMix64) -> String {
        var name = ""
        for _ in 0..<random.int(1...5) {
            var word = ""
            let kind = random.int(0...9)
            for _ in 0..<random.int(1...8) {
                word.unicodeScalars.append(randomScalar(kind: kind, &random))
            }
            if kind == 9 { word = word.decomposedStringWithCanonicalMapping }
            name += word + random.pick([" ", "-", "", ", ", "\u{00A0}", "'"])
        }
        return name
    }

    private static func randomScalar(kind: Int, _ random: inout SplitMix64) -> Unicode.Scalar {
        let ranges: [ClosedRange<UInt32>] =
            switch kind {
            case 0: [0x41...0x5A, 0x61...0x7A, 0x30...0x39]  // ASCII letters and digits
            case 1, 9: [0xC0...0x24F, 0x1E00...0x1EFF, 0x61...0x7A]  // Latin with marks; 9 then decomposed
            case 2: [0x4E00...0x9FFF, 0x3040...0x30FF]  // Han, kana
            case 3: [0x400...0x4FF]  // Cyrillic
            case 4: [0x1F300...0x1F64F, 0x1F3C8...0x1F3C8, 0x2600...0x26FF]  // emoji, symbols
            case 5: [0x61...0x7A, 0x300...0x36F]  // letters with combining marks after them
            case 6: [0x370...0x3FF, 0x590...0x6FF]  // Greek, Hebrew, Arabic
            case 7: [0x0...0x7F, 0x80...0xBF]  // ASCII and Latin-1's controls and signs
            default: [0x0...0x24F, 0x1E00...0x1EFF, 0xFF01...0xFF5E]  // the table's scalars, full width
            }
        let range = random.pick(ranges)
        let value = range.lowerBound + UInt32(random.int(0...Int(range.upperBound - range.lowerBound)))
        return Unicode.Scalar(value) ?? "x"
    }

    @Test func aTextOutsideTheTableIsFoldedThroughICU() {
        #expect(Slug.make("田中 Tanaka Family 🏈") == "tian-zhong-tanaka-family")
        #expect(Slug.make("Nguyễn-Okafor Family, \"The Hawks\"") == "nguyen-okafor-family-the-hawks")
        #expect(Slug.make("Søren Łódź Straße") == "s-ren-odz-strasse")
        #expect(Slug.make("Иванов") == "ivanov")
        #expect(Slug.make("José") == Slug.make("Jose\u{301}"))
    }
}
