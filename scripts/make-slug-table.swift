// Prints Sources/Aggregation/Run/Slug+LatinTable.swift: what ICU's fold of the slugs
// (Slug.latinThroughICU in Sources/Aggregation/Run/Slug.swift) makes of each scalar of
// U+0080–U+024F and U+1E00–U+1EFF, as the slug keeps it.
// Run from the repository's root: swift scripts/make-slug-table.swift > Sources/Aggregation/Run/Slug+LatinTable.swift
// Tests/AggregationTests/SlugTableTests.swift holds the file to ICU's result, scalar by scalar and in context.
import Foundation

/// The fold of Slug.latinThroughICU, lower-cased as Slug.make lower-cases it.
func folded(_ text: String) -> String {
    let latin = text.applyingTransform(.toLatin, reverse: false) ?? text
    return latin.folding(options: [.diacriticInsensitive, .caseInsensitive, .widthInsensitive], locale: nil)
        .lowercased()
}

/// The scalar's entry: its letters and digits, a `-` for each run of anything else, `.` for nothing.
func entry(_ value: UInt32) -> String {
    var out = ""
    for scalar in folded(String(Unicode.Scalar(value)!)).unicodeScalars {
        if ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) {
            out.unicodeScalars.append(scalar)
        } else if !out.hasSuffix("-") {
            out += "-"
        }
    }
    return out.isEmpty ? "." : out
}

func rows(_ range: ClosedRange<UInt32>) -> String {
    stride(from: range.lowerBound, through: range.upperBound, by: 16).map { start in
        "        \(String(start, radix: 16, uppercase: true).leftPadded) "
            + (start..<start + 16).map(entry).joined(separator: " ")
    }.joined(separator: "\n")
}

extension String {
    var leftPadded: String { String(repeating: "0", count: max(0, 4 - count)) + self }
}

print(
    """
    // Made by scripts/make-slug-table.swift from ICU's transliteration and Foundation's fold;
    // Tests/AggregationTests/SlugTableTests.swift holds it to them. Do not edit by hand.

    extension Slug {
        /// What the slug's fold (`latinThroughICU`, lower-cased) makes of each scalar of
        /// U+0080–U+024F (Latin-1 Supplement, Latin Extended-A and -B): a line per 16 scalars,
        /// the first one's number, then each scalar's letters and digits, `-` where it leaves
        /// something that is neither (a word break), `.` where it leaves nothing.
        static let latinRows = \"\"\"
    \(rows(0x80...0x24F))
            \"\"\"

        /// The same for U+1E00–U+1EFF (Latin Extended Additional).
        static let latinAdditionalRows = \"\"\"
    \(rows(0x1E00...0x1EFF))
            \"\"\"
    }
    """
)
