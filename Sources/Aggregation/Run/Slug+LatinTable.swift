// Made by scripts/make-slug-table.swift from ICU's transliteration and Foundation's fold;
// Tests/AggregationTests/SlugTableTests.swift holds it to them. Do not edit by hand.

extension Slug {
    /// What the slug's fold (`latinThroughICU`, lower-cased) makes of each scalar of
    /// U+0080–U+024F (Latin-1 Supplement, Latin Extended-A and -B): a line per 16 scalars,
    /// the first one's number, then each scalar's letters and digits, `-` where it leaves
    /// something that is neither (a word break), `.` where it leaves nothing.
    static let latinRows = """
        0080 - - - - - - - - - - - - - - - -
        0090 - - - - - - - - - - - - - - - -
        00A0 - - - - - - - - - - - - - - - -
        00B0 - - - - - - - - - - - - - - - -
        00C0 a a a a a a - c e e e e i i i i
        00D0 - n o o o o o - - u u u u y - ss
        00E0 a a a a a a - c e e e e i i i i
        00F0 - n o o o o o - - u u u u y - y
        0100 a a a a a a c c c c c c c c d d
        0110 - - e e e e e e e e e e g g g g
        0120 g g g g h h - - i i i i i i i i
        0130 i - - - j j k k - l l l l l l -
        0140 - - - n n n n n n -n - - o o o o
        0150 o o - - r r r r r r s s s s s s
        0160 s s t t t t - - u u u u u u u u
        0170 u u u u w w y y y z z z z z z s
        0180 - - - - - - - - - - - - - - - -
        0190 - - - - - - - - - - - - - - - -
        01A0 o o - - - - - - - - - - - - - u
        01B0 u - - - - - - - - - - - - - - -
        01C0 - - - - - - - - - - - - - a a i
        01D0 i o o u u u u u u u u u u - a a
        01E0 a a - - - - g g k k o o o o - -
        01F0 j - - - g g - - n n a a - - - -
        0200 a a a a e e e e i i i i o o o o
        0210 r r r r u u u u s s t t - - h h
        0220 - - - - - - a a e e o o o o o o
        0230 o o y y - - - - - - - - - - - -
        0240 - - - - - - - - - - - - - - - -
        """

    /// The same for U+1E00–U+1EFF (Latin Extended Additional).
    static let latinAdditionalRows = """
        1E00 a a b b b b b b c c d d d d d d
        1E10 d d d d e e e e e e e e e e f f
        1E20 g g h h h h h h h h h h i i i i
        1E30 k k k k k k l l l l l l l l m m
        1E40 m m m m n n n n n n n n o o o o
        1E50 o o o o p p p p r r r r r r r r
        1E60 s s s s s s s s s s t t t t t t
        1E70 t t u u u u u u u u u u v v v v
        1E80 w w w w w w w w w w x x x x y y
        1E90 z z z z z z h t w y a- s - - ss -
        1EA0 a a a a a a a a a a a a a a a a
        1EB0 a a a a a a a a e e e e e e e e
        1EC0 e e e e e e e e i i i i o o o o
        1ED0 o o o o o o o o o o o o o o o o
        1EE0 o o o o u u u u u u u u u u u u
        1EF0 u u y y y y y y y y - - - - - -
        """
}
