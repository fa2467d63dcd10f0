import Foundation
import TestSupport

extension TemporaryFolder {
    /// The names directly inside `folder`, sorted; none when it is missing.
    func contents(of folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
    }

    /// The text of the file `name` in the folder, or nil when there is none.
    func text(_ name: String) -> String? { try? String(contentsOfFile: file(name), encoding: .utf8) }
}
