import Foundation
import Testing

@testable import AppStore

/// The small JSON readers must agree with Foundation's parser on everything they accept,
/// and hand everything else (nil) back to it.
struct JSONStringArrayTests {
    @Test(arguments: [
        #"{}"#, #" { } "#, #"{"latitude": 46.78, "longitude": -71.27, "student_size": 43000}"#,
        #"{"a": "x\"y\\z\n", "b": true, "c": false, "d": null, "e": -0.5e-3, "f": 0, "g": 1E+2}"#,
        #"{"city": "Montréal", "zip": 12345, "zip": "dup"}"#, #"{"state":"QC","lat":45.5}"#,
    ])
    func flatObjectsReadAsFoundationReadsThem(text: String) throws {
        let ours = try #require(JSONFlatObject.parse(text))
        let foundation = try #require(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(Set(ours.keys) == Set(foundation.keys))
        for (key, value) in foundation {
            switch (ours[key], JSONMember(foundation: value)) {
            case (.string(let a)?, .string(let b)): #expect(a == b, "\(key)")
            case (.number(let a)?, .number(let b)): #expect(a == b, "\(key)")
            case (.bool(let a)?, .bool(let b)): #expect(a == b, "\(key)")
            case (.null?, .null): break
            default: Issue.record("member \(key) of \(text) reads differently")
            }
        }
    }

    /// Nested values, `\u` escapes and anything malformed go to Foundation, which words the error.
    @Test(arguments: [
        #"{"a": {"b": 1}}"#, #"{"a": [1]}"#, #"{"a": "\u00e9"}"#, #"{latitude: 3}"#, #"{"a": 01}"#, #"{"a": 1.}"#,
        #"{"a": .5}"#, #"{"a": 1e}"#, #"{"a": -}"#, #"{"a": tru}"#, #"{"a": 1,}"#, #"{"a": 1} x"#, #"[1]"#, "",
        #"{"a" 1}"#,
        "{\"a\": \"line\nbreak\"}",
        // Found by fuzzing (fuzz/corpus/json): a number past a double's range, which Foundation refuses.
        #"{"ustattlnsze": 25E515, "x": null, "x": true}"#, #"{"a": -1e400}"#,
    ])
    func everythingElseIsLeftToFoundation(text: String) {
        #expect(JSONFlatObject.parse(text) == nil)
    }

    /// String arrays: what the small reader accepts reads as Foundation reads it; the rest is left to Foundation.
    @Test(arguments: [#"[]"#, #" [ ] "#, #"["a"]"#, #"["a", "b\"c", "ü/\/"]"#, #"[ "x" , "y" ]"#])
    func stringArraysReadAsFoundationReadsThem(text: String) throws {
        let ours = try #require(JSONStringArray.parse(text))
        let foundation = try #require(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String])
        #expect(ours == foundation)
        #expect(JSONStringArray.isPlainArray(utf8: Array(text.utf8)[...]))
    }

    @Test(arguments: [#"[,]"#, #"["a",]"#, #"["a" "b"]"#, #"[1]"#, #"["\u00e9"]"#, #"["a"] x"#, #"{}"#, "", #"["a""#])
    func otherArraysAreLeftToFoundation(text: String) {
        #expect(JSONStringArray.parse(text) == nil)
        #expect(!JSONStringArray.isPlainArray(utf8: Array(text.utf8)[...]))
    }
}
