/// Text from the data as a person sees it on a terminal, in a log or in a mail: control
/// characters (line breaks, carriage returns, escape sequences, NUL, C1 codes) escaped, so
/// that a family's name cannot forge a line of a cron mail or clear a terminal.
package enum Display {
    /// `text` on one line: `\n`, `\r`, `\t` and other control characters as escapes.
    package static func oneLine(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars { appendEscaped(scalar, to: &out) }
        return String(out)
    }

    /// Appends `scalar` to `out`, a control character (`isControl`) as its escape: `\n`, `\r`,
    /// `\t`, else `\u{HEX}`. The one escaping of text from data in what report-batch prints.
    package static func appendEscaped(_ scalar: Unicode.Scalar, to out: inout String.UnicodeScalarView) {
        switch scalar {
        case "\n": out.append(contentsOf: "\\n".unicodeScalars)
        case "\r": out.append(contentsOf: "\\r".unicodeScalars)
        case "\t": out.append(contentsOf: "\\t".unicodeScalars)
        default:
            if isControl(scalar) {
                out.append(contentsOf: "\\u{\(String(scalar.value, radix: 16))}".unicodeScalars)
            } else {
                out.append(scalar)
            }
        }
    }

    /// C0 controls, DEL and C1 controls; also the line and paragraph separators that some
    /// terminals and mail readers break lines at.
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.value == 0x2028 || scalar.value == 0x2029
    }
}
