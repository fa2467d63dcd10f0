import Foundation

/// The formats a report renders to.
package enum ReportFormat: String, CaseIterable, Sendable {
    case json
    case csv
    case xlsx
    case pdf
    /// One self-contained web page (docs/outputs.md, "html").
    case html

    /// What a report writes when no format is asked for: every format but html, which a
    /// job or `--format` asks for by name (docs/cli.md).
    package static let standard: [ReportFormat] = [.json, .csv, .xlsx, .pdf]

    /// Whether the format is text that can go to standard output.
    package var isText: Bool { self == .json || self == .csv }

    /// Parses a comma-separated `--format` list, keeping the order given and dropping repeats.
    /// - Throws: `UsageError` naming the bad value and the accepted ones.
    package static func parseList(_ text: String, option: String = "--format") throws -> [ReportFormat] {
        try FormatList.parse(text, option: option)
    }
}
