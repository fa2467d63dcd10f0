import Foundation
import Testing

@testable import Exporters

struct JSONWriterTests {
    /// Strings that need no escape are written whole, the others a character at a time: both
    /// give what Foundation's JSON parser reads back as the same string.
    @Test(arguments: [
        "plain", "Zoë Müller 田中 🏈", "quote \" and \\ back", "line\nbreak\ttab\r", "\u{01}\u{1F}",
        "separator \u{2028} and \u{2029}", "– en dash (E2 80 93)", "",
    ])
    func stringsReadBackAsWritten(text: String) throws {
        let json = JSONValue.object([("name", .string(text))]).serialized()
        let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: String]
        #expect(object?["name"] == text)
        #expect(!json.contains("\u{2028}") && !json.contains("\u{2029}"), "the line separators are escaped")
        #expect(!json.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" }, "no raw control character")
    }

    @Test func theFastPathWritesTheSameBytesAsTheEscapingOne() {
        #expect(JSONValue.string("Zoë").serialized() == "\"Zoë\"\n")
        #expect(JSONValue.string("a\u{2028}b\"c").serialized() == "\"a\\u2028b\\\"c\"\n")
        #expect(JSONValue.string("x\u{7}").serialized() == "\"x\\u0007\"\n")
    }
}
