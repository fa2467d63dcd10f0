import Aggregation
import Testing

struct SlugTests {
    @Test(arguments: [
        ("Rivera Family", "1cc52098-ced2", "rivera-family-1cc52098"),
        ("../../etc", "../../etc", "etc-etc"),
        ("田中 Tanaka Family 🏈", "07af1ad4", "tian-zhong-tanaka-family-07af1ad4"),
        ("", "", "family"),
        ("\u{0007}..\u{0000}", "ctrl\u{1}id", "ctrl-id"),
    ])
    func slugsNeverLeaveTheirFolder(name: String, id: String, slug: String) {
        let made = Slug.family(name: name, id: id)
        #expect(made == slug)
        #expect(made.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") })
    }
}
