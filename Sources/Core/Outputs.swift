import Foundation

// The vocabulary every layer shares: the formats a file is written in, where outputs go, and
// what a step wrote.

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

/// Where outputs go: files in a folder, or standard output for a single text format.
package enum OutputTarget: Hashable, Sendable {
    case folder(String)
    case standardOutput

    /// `-` is standard output; anything else a folder.
    package init(option: String) {
        self = option == "-" ? .standardOutput : .folder(option)
    }
}

/// A file an output step wrote.
package struct WrittenFile: Hashable, Sendable {
    package let path: String
    package let format: String
    /// Data rows, where the format has rows (csv, xlsx).
    package let rows: Int?
    /// What the reader should know about the file (text cut, links written as text).
    package var warnings: [String] = []

    /// The file's size and checksum are taken once, when a manifest hashes it, not here.
    package init(path: String, format: String, rows: Int?, warnings: [String] = []) {
        self.path = path
        self.format = format
        self.rows = rows
        self.warnings = warnings
    }
}

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

/// Parsing of comma-separated format lists, shared by reports and lists.
package enum FormatList {
    package static func parse<Format: RawRepresentable & CaseIterable & Equatable>(
        _ text: String,
        option: String
    ) throws -> [Format] where Format.RawValue == String {
        var formats: [Format] = []
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            let name = part.trimmingCharacters(in: .whitespaces).lowercased()
            guard let format = Format(rawValue: name) else {
                let accepted = Format.allCases.map(\.rawValue).joined(separator: ", ")
                throw UsageError(
                    "\(option: option) \(Quote.value(String(part))) is not a format; use one or more of: \(accepted)"
                        as OptionText
                )
            }
            if !formats.contains(format) { formats.append(format) }
        }
        return formats
    }
}
