import Exporters
import Mustache

/// An html page's template made ready to render a page's data (`HTMLItem`) straight into bytes:
/// the same bytes as swift-mustache 2.1.1 (the version Package.swift pins with `exact:`; its
/// parser is the one PageTemplate+Parser.swift mirrors) renders from the same text and the same data as its
/// dictionaries (`HTMLValue.mustache`), without looking each key up through dynamic casts
/// (swift-mustache's lookups were about 9 ms of a report's 10; docs/internals.md, "The html pages").
/// It takes the Mustache a page's template uses: text, `{{name}}` (escaped), `{{{name}}}` and
/// `{{&name}}`, sections, inverted sections, comments and `{{% CONTENT_TYPE: HTML}}`; a
/// template with anything else (partials, blocks, transforms such as `count(rows)`) is refused
/// (HTMLTemplates): the pages have no other renderer.
struct PageTemplate: Sendable {
    enum Token: Sendable {
        case text([UInt8])
        case variable(Name)
        case raw(Name)
        case section(Name, PageTemplate)
        case inverted(Name, PageTemplate)
        /// A list page's `{{#rows}}` section (`withRowsStreamed`): the rows go there, each
        /// rendered through `row`, the section's text parsed on its own as swift-mustache's lambda
        /// receives it (ListHTML).
        case rows(section: PageTemplate, row: PageTemplate)
    }

    /// A tag's name: `.` (the current value), or keys looked up from the innermost value
    /// outwards (the first key; the rest inside what it found), or from the innermost value
    /// alone when the name starts with a dot. A key the data never has is nil.
    struct Name: Sendable {
        enum Scope: Sendable { case current, climbing, innermost }
        let scope: Scope
        let keys: [HTMLKey?]

        init(_ name: String) {
            let parts = name.split(separator: ".").map { HTMLKey(rawValue: String($0)) }
            if name == "." || (name.first != "." && parts.isEmpty) {
                scope = .current
            } else {
                scope = name.first == "." ? .innermost : .climbing
            }
            keys = parts
        }

        var isRows: Bool { scope == .climbing && keys.count == 1 && keys[0] == .rows }
    }

    let tokens: [Token]
    /// The template's text, as swift-mustache hands a section's to a lambda.
    let text: String

    init(_ tokens: [Token], text: String) {
        var merged: [Token] = []
        for token in tokens {
            if case .text(let next) = token, case .text(let previous) = merged.last {
                merged[merged.count - 1] = .text(previous + next)
            } else {
                merged.append(token)
            }
        }
        self.tokens = merged
        self.text = text
    }

    /// The template of `text`, or nil when it uses what PageTemplate does not render.
    static func compile(_ text: String) -> PageTemplate? { try? parse(text) }

    /// The template of `text`.
    /// - Throws: `Unsupported` saying what PageTemplate does not render, and where.
    static func parse(_ text: String) throws(Unsupported) -> PageTemplate {
        var parser = Cursor(text)
        return try parse(&parser, state: ParserState())
    }

    /// The template with each `{{#rows}}` section outside any other section's `rows` made a
    /// place for streamed rows; nil when `rows` is named any other way there ({{rows}},
    /// {{^rows}}, `rows.x`), which HTMLTemplates refuses.
    func withRowsStreamed() -> PageTemplate? {
        var tokens: [Token] = []
        for token in self.tokens {
            switch token {
            case .section(let name, let section) where name.isRows:
                guard let row = PageTemplate.compile(section.text) else { return nil }
                tokens.append(.rows(section: section, row: row))
            case .section(let name, let section), .inverted(let name, let section):
                guard name.keys.allSatisfy({ $0 != .rows }), let inner = section.withRowsStreamed() else { return nil }
                if case .section = token {
                    tokens.append(.section(name, inner))
                } else {
                    tokens.append(.inverted(name, inner))
                }
            case .variable(let name), .raw(let name):
                guard name.keys.allSatisfy({ $0 != .rows }) else { return nil }
                tokens.append(token)
            case .text, .rows:
                tokens.append(token)
            }
        }
        return PageTemplate(tokens, text: text)
    }
}

extension MustacheTemplate {
    /// What swift-mustache renders of a page's data (`HTMLValue.mustache`), as bytes: a page whose
    /// template `PageTemplate` does not take, and the bytes PageTemplate's are held to (tests).
    func renderBytes(_ page: HTMLItem) -> [UInt8] { Array(render(page.mustache).utf8) }
}
