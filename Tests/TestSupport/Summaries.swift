import Foundation

/// A run's summary files differ from run to run only in their measured "Duration" line
/// (docs/cli.md, "What a run does"): comparisons set it aside.
public enum Summaries {
    /// `data` without the lines that hold "Duration".
    public static func withoutDuration(_ data: Data) -> Data {
        Data(withoutDuration(String(decoding: data, as: UTF8.self)).utf8)
    }

    public static func withoutDuration(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.contains("Duration") }.joined(
            separator: "\n"
        )
    }

    /// A file's bytes for a comparison: a summary's without its Duration line.
    public static func comparable(_ path: String, _ data: Data) -> Data {
        (path as NSString).lastPathComponent.hasPrefix("summary.") ? withoutDuration(data) : data
    }
}
