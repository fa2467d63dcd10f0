import BuiltInTemplates
import Core
import Yams

/// Reading one of the YAML templates into `OutputTemplates`: the built-in file (`BuiltInValues`)
/// and a user's copy alike. A list or the report's sections are replaced as a whole; a palette sets the colours it
/// names and keeps the others.
extension OutputTemplates {
    /// Reads `bytes`, the text of `file`, known in messages as `path`, over what is set now.
    /// - Throws: `UsageError` naming `path` (and the line, where there is one).
    mutating func read(_ bytes: [UInt8], _ file: BuiltInTemplate, path: String) throws {
        let document = try YAMLNodeReader.Document(bytes, path: path)
        switch file {
        case .lists: try Self.readLists(document, &listColumns)
        case .report: try Self.readReport(document, &headings)
        case .palette: try Self.readPalette(document, &palette)
        case .reportHTML, .listHTML, .emailText, .emailHTML, .summaryText, .summaryHTML:
            preconditionFailure("\(file.fileName) is a Mustache template, not one of OutputTemplates.files")
        }
    }

    static func readLists(_ document: YAMLNodeReader.Document, _ columns: inout [ListKind: Columns]) throws {
        let reader = document.reader
        for (key, value) in try reader.mapping(document.root, "the lists", allowed: ListKind.allCases.map(\.rawValue)) {
            guard let kind = ListKind(rawValue: key) else { continue }
            columns[kind] = try labelledList(value, reader: reader, context: key, allowed: ListColumns.keys(kind))
        }
    }

    static func readReport(_ document: YAMLNodeReader.Document, _ headings: inout Headings) throws {
        let reader = document.reader
        for (key, value) in try reader.mapping(document.root, "the report", allowed: ["title", "sections"]) {
            if key == "title" {
                headings.title = try reader.string(value, key)
            } else {
                let allowed = ReportSection.allCases.map(\.rawValue)
                headings.sections = try labelledList(value, reader: reader, context: key, allowed: allowed)
                    .compactMap { entry in ReportSection(rawValue: entry.key).map { ($0, entry.label) } }
            }
        }
    }

    static func readPalette(_ document: YAMLNodeReader.Document, _ palette: inout OutputPalette) throws {
        let (root, reader) = (document.root, document.reader)
        let groups = OutputPalette.names
        for (group, value) in try reader.mapping(root, "the palette", allowed: groups.map(\.group)) {
            let names = groups.first { $0.group == group }?.names ?? []
            let former = OutputPalette.formerNames[group] ?? []
            for (name, colorNode) in try reader.mapping(value, "'\(group)'", allowed: names + former) {
                let text = try reader.string(colorNode, name)
                guard let color = RGBColor(hexString: text) else {
                    throw reader.fail(colorNode, "'\(name)' must be a colour like \"#0066FF\"")
                }
                if !former.contains(name) { palette.groups[group, default: [:]][name] = color }
            }
        }
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
