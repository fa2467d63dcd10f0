import Foundation

/// The formats a list renders to.
package enum ListFormat: String, CaseIterable, Sendable {
    case csv
    case xlsx
    case pdf
    /// One self-contained web page (docs/outputs.md, "html").
    case html

    /// Parses a comma-separated `--format` list.
    package static func parseList(_ text: String, option: String = "--format") throws -> [ListFormat] {
        try FormatList.parse(text, option: option)
    }
}
