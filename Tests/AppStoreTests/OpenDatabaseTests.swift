import Foundation
import Testing

@testable import AppStore

struct OpenDatabaseTests {
    /// The scan of a URI's scheme finds what the regular expression it replaces found.
    @Test(arguments: [
        "mysql://user@host/db", "postgresql:/host", "postgres:/", "C:/data/app.db", "a:b", "1ab:/x", "ab", "", ":/",
        "é:/x", "ab+.-c9:/x", "a_b:/x", "x:/\u{301}", "app.db", "./x:/y", "HTTP://X", "a:\u{0}/", "ab:",
    ])
    func aSchemeIsWhatTheRegularExpressionFound(location: String) {
        let expected = location.range(of: "^[A-Za-z][A-Za-z0-9+.-]*:/", options: .regularExpression).map {
            String(location[$0])
        }
        #expect(OpenDatabase.uriScheme(location).map(String.init) == expected)
    }
}
