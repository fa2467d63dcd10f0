import BuiltInTemplates
import Core
import Exporters
import Foundation

/// The html pages' templates (docs/outputs.md, "html"; Templates/README.md, "The pages' data"):
/// `report.html.mustache` for the report and `list.html.mustache` for the three lists, built
/// in (Templates/, `BuiltInTemplate`), replaceable with `--templates DIR` and rendered by
/// PageTemplate alone. Whatever a template says, every value is escaped (`HTMLText.escape`): a
/// template that would insert one as it is (`{{{name}}}`, `{{&name}}`) other than `svg` (a chart
/// report-batch drew, its text escaped), that turns escaping off (`CONTENT_TYPE`) or changes the
/// delimiters is refused, and so is one without the Content-Security-Policy that forbids every
/// fetch, or one that PageTemplate does not take (a partial, a block, a transform).
package struct HTMLTemplates: Sendable {
    /// The templates made ready to render into bytes (`PageTemplate`, the pages' one renderer),
    /// the list's with its rows streamed.
    let reportPage: PageTemplate
    let listPage: PageTemplate

    package static let reportName = BuiltInTemplate.reportHTML.fileName, listName = BuiltInTemplate.listHTML.fileName
    package static let defaultReport = BuiltInTemplate.reportHTML.text
    package static let defaultList = BuiltInTemplate.listHTML.text

    /// The values a template may insert unescaped.
    static let rawKeys: Set<String> = ["svg"]
    /// What every page's head must say, so that it fetches nothing (docs/outputs.md, "html").
    package static let contentSecurityPolicy = "default-src 'none'; style-src 'unsafe-inline'; img-src data:"

    /// Parsed the first time a page is written, never by a command that writes none.
    private static let parsedBuiltIn = Result {
        try HTMLTemplates(report: (defaultReport, nil), list: (defaultList, nil))
    }

    package static func builtIn() throws -> HTMLTemplates { try parsedBuiltIn.get() }

    /// The templates of `folder`; a file it lacks keeps the built-in one.
    /// - Throws: `UsageError` naming the file and line of a template that does not parse or is refused.
    package static func load(from folder: String) throws -> HTMLTemplates {
        let report = try TemplatePair.source(reportName, in: folder, fallback: defaultReport)
        let list = try TemplatePair.source(listName, in: folder, fallback: defaultList)
        return try HTMLTemplates(report: (report.0, report.1), list: (list.0, list.1))
    }

    /// - Parameter report: the text and the name messages give it (nil: built in).
    private init(report: (String, String?), list: (String, String?)) throws {
        reportPage = try Self.page(report.0, name: report.1 ?? "built-in \(Self.reportName)")
        let listName = list.1 ?? "built-in \(Self.listName)"
        guard let streamed = try Self.page(list.0, name: listName).withRowsStreamed() else {
            throw UsageError(
                "\(listName): a list's page names rows only as one {{#rows}}…{{/rows}} section, where each row goes ({{rows}}, {{^rows}} or rows.… are not taken)"
            )
        }
        try Self.checkRows(streamed, name: listName)
        listPage = streamed
    }

    /// A page's template, refused unless every value it inserts is escaped and PageTemplate,
    /// the pages' one renderer, takes all of it (partials, blocks and transforms it does not).
    private static func page(_ text: String, name: String) throws -> PageTemplate {
        try checkSafe(text, name: name)
        // A syntax error is worded as every template's (swift-mustache's parser).
        _ = try TemplatePair.parse((text, name))
        do {
            return try PageTemplate.parse(text)
        } catch {
            let line = error.position.map { text[..<$0].utf8.count { $0 == 0x0A } + 1 }.map { ":\($0)" } ?? ""
            throw UsageError(
                "\(name)\(line): the html pages do not take \(error.what); a page's template has text, {{name}}, {{#section}}, {{^section}} and {{! comments }} (Templates/README.md)"
            )
        }
    }

    /// Refuses a template that could put a value into the page unescaped or fetch anything.
    static func checkSafe(_ text: String, name: String) throws {
        guard text.contains(contentSecurityPolicy) else {
            throw UsageError(
                "\(name): the page must keep its <meta http-equiv=\"Content-Security-Policy\" content=\"\(contentSecurityPolicy)\">, so that it fetches nothing"
            )
        }
        try checkEscaped(text, name: name, rawKeys: rawKeys)
    }

    /// Refuses an html template that could put a value in unescaped: `{{{name}}}` or `{{&name}}`
    /// but for `rawKeys`, a `CONTENT_TYPE` other than HTML, a change of delimiters (which would
    /// hide such a tag from this check). The pages', the e-mail's and the summary's.
    package static func checkEscaped(_ text: String, name: String, rawKeys: Set<String>) throws {
        for tag in tags(text) {
            let inner = tag.text.trimmingCharacters(in: .whitespaces)
            let place = "\(name):\(tag.line)"
            switch inner.first {
            case "{", "&":
                let key = inner.dropFirst().trimmingCharacters(in: CharacterSet(charactersIn: "{} "))
                guard rawKeys.contains(key) else {
                    let only =
                        rawKeys.contains("svg") ? " (only {{{svg}}}, a chart report-batch drew, goes in as it is)" : ""
                    let into = rawKeys.contains("svg") ? "the page" : "the html"
                    throw UsageError(
                        "\(place): {{{\(key)}}} would put a value into \(into) without escaping it; write {{\(key)}}\(only)"
                    )
                }
            case "%":
                let pragma = inner.dropFirst().replacingOccurrences(of: " ", with: "")
                guard pragma == "CONTENT_TYPE:HTML" else {
                    throw UsageError("\(place): an html template escapes every value; remove {{\(inner)}}")
                }
            case "=":
                throw UsageError("\(place): an html template keeps the delimiters {{ }}; remove {{\(inner)}}")
            default:
                break
            }
        }
    }

    /// The tags of a template (`{{…}}` and `{{{…}}}`) with the line each starts on.
    static func tags(_ text: String) -> [(text: String, line: Int)] {
        var found: [(String, Int)] = []
        var line = 1
        var rest = Substring(text)
        while let open = rest.range(of: "{{") {
            line += rest[..<open.lowerBound].count { $0 == "\n" }
            let triple = rest[open.upperBound...].first == "{"
            let closing = triple ? "}}}" : "}}"
            guard let close = rest[open.upperBound...].range(of: closing) else { break }
            let inner = String(rest[open.upperBound..<close.lowerBound])
            found.append((inner, line))
            line += inner.count { $0 == "\n" }
            rest = rest[close.upperBound...]
        }
        return found
    }

    /// A list template must have one `{{#rows}}…{{/rows}}` section where the rows go, reached
    /// once when there are rows (`ListHTML` streams them into it).
    private static func checkRows(_ template: PageTemplate, name: String) throws {
        let probe: HTMLItem = ListHTML.context(
            title: "",
            lines: [],
            cards: [],
            notes: [],
            heading: "",
            legend: nil,
            empty: nil,
            count: "",
            caption: "",
            columns: [],
            footer: ""
        )
        var page = probe
        page[.rows] = true
        var render = PageRender(page: page, capacity: 0)
        render.rows = { _, _ in }
        try template.render(into: &render)
        let calls = render.rowsReached
        guard calls == 1 else {
            throw UsageError(
                "\(name): a list's page needs one {{#rows}}…{{/rows}} section, where each row goes (it has \(calls == 0 ? "none" : "\(calls)"))"
            )
        }
    }
}
