import Delivery
import ReportGen

/// Everything `--templates` changes for a run: the files' columns, titles and colours, the
/// run summary, and the recap e-mail (docs/cli.md "Templates").
package struct RunTemplates: Sendable {
    package var output: OutputTemplates
    package var summary: SummaryTemplates
    /// The recap e-mail's bodies (docs/delivery.md).
    package var email: EmailTemplates

    package static func builtIn() throws -> RunTemplates {
        RunTemplates(
            output: OutputTemplates.builtIn,
            summary: try SummaryTemplates.builtIn(),
            email: try EmailTemplates.builtIn()
        )
    }

    /// The templates of a folder; each file missing from it keeps its built-in part. The
    /// summary's are read first, then the e-mail's, then the lists', report's and palette's.
    package static func load(from folder: String) throws -> RunTemplates {
        let summary = try SummaryTemplates.load(from: folder)
        let email = try EmailTemplates.load(from: folder)
        return RunTemplates(output: try OutputTemplates.load(from: folder), summary: summary, email: email)
    }
}
