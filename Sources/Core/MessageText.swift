/// Text from files and data inside a one-line message: quoted, its quotes and control
/// characters escaped as `Display` escapes them (line breaks, tabs, C0 and C1 codes, the line
/// and paragraph separators), and shortened past `limit` scalars. The other layers' messages
/// use it too.
public enum MessageText {
    public static func quoted(_ text: String, limit: Int = .max) -> String {
        var out = String.UnicodeScalarView()
        out.append("'")
        for (count, scalar) in text.unicodeScalars.enumerated() {
            if count == limit {
                out.append("…")
                break
            }
            if scalar == "'" {
                out.append(contentsOf: "\\'".unicodeScalars)
            } else {
                Display.appendEscaped(scalar, to: &out)
            }
        }
        out.append("'")
        return String(out)
    }
}
