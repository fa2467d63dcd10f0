import Foundation

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
