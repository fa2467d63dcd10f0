import Aggregation
import Core
import Foundation
import Yams

/// What users may change without touching code (docs/cli.md "Templates"): the list columns and
/// their labels, the report's title and section order, the colour palette, and the html pages'
/// templates (`HTMLTemplates`; the run summary's and the e-mail's templates are `RunTemplates`,
/// Batch/RunTemplates.swift). Built-in defaults live in code;
/// `Templates/` ships the same as files to copy; `--templates DIR` reads a copy, where a missing file keeps the
/// built-in one.
package struct OutputTemplates: Sendable {
    package var listColumns: [ListKind: [(key: String, label: String)]] = [:]
    package var reportTitle = ReportText.title
    package var reportSections: [(section: ReportSection, title: String)] = ReportSection.allCases.map {
        ($0, $0.defaultTitle)
    }
    package var palette = OutputPalette()
    /// The html pages' templates of `--templates DIR`; nil: the built-in ones.
    package var html: HTMLTemplates?

    /// The html pages' templates: the folder's, else the built-in ones.
    package func htmlTemplates() throws -> HTMLTemplates { try html ?? HTMLTemplates.builtIn() }

    package static func builtIn() throws -> OutputTemplates {
        var templates = OutputTemplates()
        for kind in ListKind.allCases {
            templates.listColumns[kind] = Array(zip(ListColumns.keys(kind), ListColumns.headers(kind))).map {
                (key: $0.0, label: $0.1)
            }
        }
        return templates
    }

    package static let listsFile = "lists.yaml", reportFile = "report.yaml", paletteFile = "palette.yaml"

    /// The templates of a folder; each file missing from it keeps its built-in part. The html
    /// pages' are read only with `html` (a command that writes no page does not parse them).
    /// - Throws: `UsageError` naming file and line for a template that does not parse or
    ///   names an unknown column, section or colour.
    package static func load(from folder: String, html: Bool = true) throws -> OutputTemplates {
        try TemplatePair.checkFolder(folder)
        var templates = try builtIn()
        if html { templates.html = try HTMLTemplates.load(from: folder) }
        func node(_ name: String) throws -> (Node, YAMLNodeReader)? {
            let path = (folder as NSString).appendingPathComponent(name)
            guard FileManager.default.fileExists(atPath: path) else { return nil }
            try InputError.checkReadableFile(path, kind: .template)
            guard let data = FileManager.default.contents(atPath: path) else {
                throw InputError.unreadable(path: path, reason: "it could not be read", kind: .template)
            }
            guard let text = String(data: data, encoding: .utf8) else { throw UsageError("\(path): not UTF-8 text") }
            do {
                guard let root = try Yams.compose(yaml: text) else { throw UsageError("\(path): the file is empty") }
                return (root, YAMLNodeReader(file: path))
            } catch let error as YamlError {
                throw UsageError("\(path): not valid YAML: \(YAMLNodeReader.describe(error))")
            }
        }
        if let (root, reader) = try node(listsFile) {
            for (key, value) in try reader.mapping(root, "the lists", allowed: ListKind.allCases.map(\.rawValue)) {
                let kind = ListKind(rawValue: key) ?? .coaches
                templates.listColumns[kind] = try labelledList(
                    value,
                    reader: reader,
                    context: key,
                    allowed: ListColumns.keys(kind)
                )
            }
        }
        if let (root, reader) = try node(reportFile) {
            for (key, value) in try reader.mapping(root, "the report", allowed: ["title", "sections"]) {
                if key == "title" {
                    templates.reportTitle = try reader.string(value, key)
                } else {
                    templates.reportSections = try labelledList(
                        value,
                        reader: reader,
                        context: key,
                        allowed: ReportSection.allCases.map(\.rawValue)
                    )
                    .map { (ReportSection(rawValue: $0.key) ?? .schoolsByStatus, $0.label) }
                }
            }
        }
        if let (root, reader) = try node(paletteFile) {
            for (group, value) in try reader.mapping(root, "the palette", allowed: OutputPalette.builtIn.map(\.group)) {
                let names = OutputPalette.builtIn.first { $0.group == group }?.colors.map(\.0) ?? []
                let former = OutputPalette.formerNames[group] ?? []
                for (name, colorNode) in try reader.mapping(value, "'\(group)'", allowed: names + former) {
                    let text = try reader.string(colorNode, name)
                    guard let color = RGBColor(hexString: text) else {
                        throw reader.fail(colorNode, "'\(name)' must be a colour like \"#0066FF\"")
                    }
                    if !former.contains(name) { templates.palette.groups[group, default: [:]][name] = color }
                }
            }
        }
        return templates
    }

    /// A list of `- key: Label` entries, each key one of `allowed`, none twice.
    private static func labelledList(
        _ node: Node,
        reader: YAMLNodeReader,
        context: String,
        allowed: [String]
    ) throws -> [(key: String, label: String)] {
        guard let sequence = node.sequence, !sequence.isEmpty else {
            throw reader.fail(node, "'\(context)' must be a list of '- key: Label' entries")
        }
        var seen = Set<String>()
        return try sequence.map { entry in
            let pairs = try reader.mapping(entry, "'\(context)'", allowed: allowed)
            guard pairs.count == 1, let pair = pairs.first else {
                throw reader.fail(entry, "each entry of '\(context)' is one '- key: Label'")
            }
            guard seen.insert(pair.key).inserted else {
                throw reader.fail(entry, "'\(pair.key)' appears twice in '\(context)'")
            }
            return (pair.key, try reader.string(pair.node, pair.key))
        }
    }
}
