import BuiltInTemplates
import Core
import Foundation

/// What users may change without touching code (docs/cli.md "Templates"): the list columns and
/// their labels, the report's title and section order, the colour palette, and the html pages'
/// templates (`HTMLTemplates`; the run summary's and the e-mail's templates are `RunTemplates`,
/// Batch/RunTemplates.swift). The built-in values are Templates/'s lists.yaml, report.yaml and
/// palette.yaml as the binary embeds them, each read when first used by the same reader as a
/// user's copy (`BuiltInValues`); with
/// `--templates DIR`, each file of the folder replaces what it sets.
package struct OutputTemplates: Sendable {
    /// A list's columns: keys in order, with their headers.
    package typealias Columns = [(key: String, label: String)]
    /// The report's title and its sections in order, with their headings.
    struct Headings {
        var title = ""
        var sections: [(section: ReportSection, title: String)] = []
    }

    // What a user's file set; nil: the built-in file's, read when first used.
    private var ownColumns: [ListKind: Columns]?
    private var ownHeadings: Headings?
    private var ownPalette: OutputPalette?
    /// The html pages' templates of `--templates DIR`; nil: the built-in ones.
    package var html: HTMLTemplates?

    /// The built-in templates: Templates/'s, each file read only when a command first uses it.
    package static let builtIn = OutputTemplates()

    package var listColumns: [ListKind: Columns] {
        get { ownColumns ?? BuiltInValues.columns }
        set { ownColumns = newValue }
    }
    package var reportTitle: String {
        get { headings.title }
        set { headings.title = newValue }
    }
    package var reportSections: [(section: ReportSection, title: String)] {
        get { headings.sections }
        set { headings.sections = newValue }
    }
    package var palette: OutputPalette {
        get { ownPalette ?? BuiltInValues.palette }
        set { ownPalette = newValue }
    }
    var headings: Headings {
        get { ownHeadings ?? BuiltInValues.headings }
        set { ownHeadings = newValue }
    }

    /// The html pages' templates: the folder's, else the built-in ones.
    package func htmlTemplates() throws -> HTMLTemplates { try html ?? HTMLTemplates.builtIn() }

    /// The files of the templates this type reads, in the order they are read.
    static let files: [BuiltInTemplate] = [.lists, .report, .palette]

    /// The templates of a folder; each file missing from it keeps its built-in part. The html
    /// pages' are read only with `html` (a command that writes no page does not parse them).
    /// - Throws: `UsageError` naming file and line for a template that does not parse or
    ///   names an unknown column, section or colour; `InputError` for a file that cannot be read.
    package static func load(from folder: String, html: Bool = true) throws -> OutputTemplates {
        try TemplatePair.checkFolder(folder)
        var templates = builtIn
        if html { templates.html = try HTMLTemplates.load(from: folder) }
        for file in files {
            let path = (folder as NSString).appendingPathComponent(file.fileName)
            guard FileManager.default.fileExists(atPath: path) else { continue }
            try InputError.checkReadableFile(path, kind: .template)
            guard let data = FileManager.default.contents(atPath: path) else {
                throw InputError.unreadable(path: path, reason: "it could not be read", kind: .template)
            }
            try templates.read(Array(data), file, path: path)
        }
        return templates
    }
}
