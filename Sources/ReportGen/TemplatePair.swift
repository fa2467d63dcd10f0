import Core
import Foundation
import Mustache

/// A text and an HTML template rendered with Mustache: the run summary's and the recap
/// e-mail's. The defaults are the files of `Templates/`, built in; `--templates DIR` uses
/// the files of a copy. A template that does not parse is an error naming file and line.
package struct TemplatePair: Sendable {
    let textTemplate: MustacheTemplate
    let htmlTemplate: MustacheTemplate

    /// A template's text and the name messages give it: the folder's file, or the built-in text
    /// when the folder has none.
    package static func source(_ name: String, in folder: String, fallback: String) throws -> (String, String) {
        try checkFolder(folder)
        let path = (folder as NSString).appendingPathComponent(name)
        guard FileManager.default.fileExists(atPath: path) else { return (fallback, "built-in \(name)") }
        try InputError.checkReadableFile(path, kind: .template)
        guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8)
        else {
            throw InputError.unreadable(path: path, reason: "not UTF-8 text", kind: .template)
        }
        return (text, path)
    }

    /// Refuses a `--templates` folder that does not exist or is a file.
    package static func checkFolder(_ folder: String) throws {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder) else {
            throw InputError.missing(path: folder, kind: .templates)
        }
        guard isFolder.boolValue else {
            throw UsageError("--templates \(Quote.path(folder)) is a file; give the folder that holds the templates")
        }
    }

    /// The templates named `names` in `folder`, each missing file (or every one, with no
    /// folder) replaced by its built-in text, which messages name "built-in NAME".
    package init(names: (text: String, html: String), builtIn: (text: String, html: String), folder: String?) throws {
        guard let folder else {
            try self.init(
                text: (builtIn.text, "built-in \(names.text)"),
                html: (builtIn.html, "built-in \(names.html)")
            )
            return
        }
        try self.init(
            text: try Self.source(names.text, in: folder, fallback: builtIn.text),
            html: try Self.source(names.html, in: folder, fallback: builtIn.html)
        )
    }

    /// Renders a template with a context of dictionaries, arrays and values.
    package func renderText(_ context: [String: Any]) -> String { textTemplate.render(context) }
    package func renderHTML(_ context: [String: Any]) -> String { htmlTemplate.render(context) }

    /// How deep sections may nest in a template, and how large a template may be: the Mustache
    /// parser and renderer recurse once per level, and a template nested thousands deep would
    /// overflow the stack. The shipped templates nest 2 deep.
    package static let maxNesting = 64
    package static let maxBytes = 1 << 20

    /// Checks a template's size and the depth of its sections (`{{#…}}`, `{{^…}}`, `{{$…}}`,
    /// `{{<…}}`), following `{{=… …=}}` delimiter changes, before the parser sees it.
    package static func checkNesting(_ text: String, name: String) throws {
        guard text.utf8.count <= maxBytes else {
            throw UsageError("\(name): the template is \(text.utf8.count) bytes; at most \(maxBytes) are allowed")
        }
        let bytes = Array(text.utf8)
        var open = Array("{{".utf8)
        var close = Array("}}".utf8)
        var depth = 0
        var line = 1
        var index = 0
        func matches(_ token: [UInt8], at position: Int) -> Bool {
            position + token.count <= bytes.count && Array(bytes[position..<position + token.count]) == token
        }
        while index < bytes.count {
            if bytes[index] == 0x0A { line += 1 }
            guard matches(open, at: index) else {
                index += 1
                continue
            }
            let start = index + open.count
            var end = start
            while end < bytes.count, !matches(close, at: end) {
                if bytes[end] == 0x0A { line += 1 }
                end += 1
            }
            guard end < bytes.count else { break }  // unclosed: the parser says so
            let tag = bytes[start..<end]
            switch tag.first {
            case UInt8(ascii: "#"), UInt8(ascii: "^"), UInt8(ascii: "$"), UInt8(ascii: "<"):
                depth += 1
                if depth > maxNesting {
                    throw UsageError("\(name):\(line): the template nests sections more than \(maxNesting) deep")
                }
            case UInt8(ascii: "/"):
                depth = max(0, depth - 1)
            case UInt8(ascii: "="):
                // {{=<% %>=}}: new delimiters, separated by white space.
                let inner = String(
                    decoding: tag.dropFirst().dropLast(tag.last == UInt8(ascii: "=") ? 1 : 0),
                    as: UTF8.self
                )
                let parts = inner.split(whereSeparator: \.isWhitespace)
                if parts.count == 2 {
                    open = Array(parts[0].utf8)
                    close = Array(parts[1].utf8)
                }
            default:
                break
            }
            index = end + close.count
        }
    }

    package init(text: (String, String), html: (String, String)) throws {
        textTemplate = try Self.parse(text)
        htmlTemplate = try Self.parse(html, asHTML: true)
    }

    /// A template's text, parsed; `source` is the text and the name messages give it. An html
    /// template (`asHTML`) escapes every value with `HTMLText.escape`, from its start whatever it
    /// says, and is refused where it would insert a value as it is (`HTMLTemplates.checkEscaped`).
    /// - Throws: `UsageError` naming the file and line of a template that does not parse, nests
    ///   too deep or would insert a value unescaped.
    package static func parse(_ source: (String, String), asHTML: Bool = false) throws -> MustacheTemplate {
        try checkNesting(source.0, name: source.1)
        HTMLEscaping.registered
        if asHTML { try HTMLTemplates.checkEscaped(source.0, name: source.1, rawKeys: []) }
        let text = asHTML ? HTMLEscaping.pragmaLine + source.0 : source.0
        do {
            return try MustacheTemplate(string: text)
        } catch let error as MustacheTemplate.ParserError {
            let line = error.context.lineNumber - (asHTML ? 1 : 0)
            throw UsageError(
                "\(source.1):\(line): the template does not parse (\(error.error)) near \(Quote.value(error.context.line.trimmingCharacters(in: .whitespaces), limit: 40))"
            )
        }
    }
}
