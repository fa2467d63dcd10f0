import Foundation

/// Where outputs go: files in a folder, or standard output for a single text format.
package enum OutputTarget: Hashable, Sendable {
    case folder(String)
    case standardOutput

    /// `-` is standard output; anything else a folder.
    package init(option: String) {
        self = option == "-" ? .standardOutput : .folder(option)
    }
}
