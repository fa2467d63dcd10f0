/// Shows a value from the data inside a one-line message: quoted, control characters
/// escaped, long values shortened.
package enum Quote {
    /// A path in a message: quoted and escaped like a value, never shortened.
    package static func path(_ path: String) -> String { value(path, limit: .max) }

    package static func value(_ text: String, limit: Int = 60) -> String {
        var out = "'"
        var count = 0
        for scalar in text.unicodeScalars {
            if count == limit {
                out += "…"
                break
            }
            switch scalar {
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "'": out += "\\'"
            default:
                if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) {
                    out += "\\u{\(String(scalar.value, radix: 16))}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
            count += 1
        }
        return out + "'"
    }
}
