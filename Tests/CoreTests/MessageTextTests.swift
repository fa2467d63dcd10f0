import Core
import Testing

/// Text from data in a message or on a terminal is escaped one way (issue 41, defect 3):
/// `MessageText.quoted` escapes every control character `Display.oneLine` does, the line and
/// paragraph separators included, and adds only the quotes and the escaped `'`.
struct MessageTextTests {
    @Test(arguments: [
        "plain", "two\nlines", "cr\rtab\t", "nul\u{0}esc\u{1B}[2J", "del\u{7F}c1\u{85}", "line\u{2028}para\u{2029}end",
        "Zoë 田中 🏈",
    ])
    func quotingEscapesWhatOneLineEscapes(text: String) {
        #expect(MessageText.quoted(text) == "'" + Display.oneLine(text) + "'")
    }

    @Test func aQuoteIsEscapedAndALongValueShortened() {
        #expect(MessageText.quoted("O'Brien") == "'O\\'Brien'")
        #expect(MessageText.quoted("abcdef", limit: 3) == "'abc…'")
        #expect(MessageText.quoted("a\u{2028}bc", limit: 2) == "'a\\u{2028}…'")
    }

    @Test func addressesAndNamesCompareTrimmedAndLowerCased() {
        #expect(" Coach@Example.COM\t".comparisonKey == "coach@example.com")
        #expect("Baseball".comparisonKey == " baseball ".comparisonKey)
        #expect("a b@x.com".comparisonKey == "a b@x.com")
    }
}
