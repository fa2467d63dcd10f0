import Aggregation
import AppStore
import ArgumentParser
import Batch
import Core
import Exporters
import ReportGen

/// `--templates DIR`: the user's copy of `Templates/`.
struct TemplateOptions: ParsableArguments {
    @Option(
        help:
            "A folder with your own copies of the files in Templates/ (list columns and labels, report title and sections, colours, run summary); a file it lacks keeps the built-in one."
    )
    var templates: String?

    func load() throws -> RunTemplates {
        try templates.map { try RunTemplates.load(from: $0) } ?? RunTemplates.builtIn()
    }

    /// The files' templates alone, for a command that writes no summary and no e-mail: the
    /// html pages' read and parsed only when it writes a page (`html`), as the built-in ones
    /// are parsed only when a page is written (HTMLTemplates).
    func loadOutput(html: Bool) throws -> OutputTemplates {
        try templates.map { try OutputTemplates.load(from: $0, html: html) } ?? OutputTemplates.builtIn
    }
}
