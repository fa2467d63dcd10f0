// The parse below follows swift-mustache 2.1.1's (Template+Parser.swift of the package the build
// fetches; Copyright (c) the Hummingbird authors, Apache-2.0) step for step, the whitespace of
// standalone lines included, so that a template renders the same bytes through either; it
// stops at what PageTemplate does not render (partials, inheritance, transforms, delimiters),
// which HTMLTemplates refuses.

extension PageTemplate {
    /// Why a template is refused: a construct this parser does not take (`what`, at `position`
    /// of its text), or a syntax error (swift-mustache, which parsed the template first, words it).
    struct Unsupported: Error {
        var what = "this tag"
        var position: String.Index?
    }

    struct ParserState {
        var sectionName: String?
        var newLine = true
    }

    /// A cursor over a template's characters, as swift-mustache reads them.
    struct Cursor {
        let buffer: String
        var position: String.Index

        init(_ text: String) {
            buffer = text
            position = text.startIndex
        }

        var reachedEnd: Bool { position == buffer.endIndex }
        /// The current character, "\0" at the end.
        var current: Character { reachedEnd ? "\0" : buffer[position] }

        mutating func advance() { position = buffer.index(after: position) }
        mutating func retreat() { position = buffer.index(before: position) }

        @discardableResult mutating func read(while set: Set<Character>) -> Substring {
            let start = position
            while !reachedEnd, set.contains(buffer[position]) { advance() }
            return buffer[start..<position]
        }

        @discardableResult mutating func readWhitespace() -> Substring {
            let start = position
            while !reachedEnd, buffer[position].isWhitespace { advance() }
            return buffer[start..<position]
        }

        mutating func read(until set: Set<Character>) -> Substring {
            let start = position
            while !reachedEnd, !set.contains(buffer[position]) { advance() }
            return buffer[start..<position]
        }

        /// Reads `string` when the text goes on with it; fewer characters left than it has is an
        /// error, as swift-mustache's `read(string:)` throws then.
        mutating func read(string: String) throws(Unsupported) -> Bool {
            let count = string.count
            guard buffer.distance(from: position, to: buffer.endIndex) >= count else { throw Unsupported() }
            let end = buffer.index(position, offsetBy: count)
            guard buffer[position..<end] == string else { return false }
            position = end
            return true
        }

        mutating func read(_ character: Character) throws(Unsupported) -> Bool {
            guard !reachedEnd else { throw Unsupported() }
            guard buffer[position] == character else { return false }
            advance()
            return true
        }
    }

    static let nameCharacters = Set<Character>("0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ.-_?()*")
    static let configCharacters = Set<Character>("0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ.-_?*")

    /// The tokens up to the end of the text, or of the section `state.sectionName`.
    static func parse(_ parser: inout Cursor, state: ParserState) throws(Unsupported) -> PageTemplate {
        var tokens: [Token] = []
        var state = state
        var whiteSpaceBefore: Substring = ""
        let start = parser.position
        while !parser.reachedEnd {
            if state.newLine { whiteSpaceBefore = parser.read(while: [" ", "\t"]) }
            let text = try readUntilDelimiterOrNewline(&parser)
            if parser.current.isNewline {
                tokens.append(literal(whiteSpaceBefore + text + String(parser.current)))
                state.newLine = true
                parser.advance()
                continue
            }
            if !text.isEmpty {
                tokens.append(literal(whiteSpaceBefore + text))
                whiteSpaceBefore = ""
                state.newLine = false
            }
            if parser.reachedEnd { break }
            var setNewLine = false
            switch parser.current {
            case "#", "^":
                let inverted = parser.current == "^"
                parser.advance()
                let name = try parseName(&parser)
                if isStandalone(&parser, state: state) {
                    setNewLine = true
                } else {
                    keep(&whiteSpaceBefore, in: &tokens)
                }
                let inner = ParserState(sectionName: name, newLine: state.newLine && setNewLine)
                let section = try parse(&parser, state: inner)
                tokens.append(inverted ? .inverted(Name(name), section) : .section(Name(name), section))
            case "/":
                var sectionEnd = parser
                sectionEnd.retreat()
                sectionEnd.retreat()
                parser.advance()
                let name = try parseName(&parser)
                guard name == state.sectionName else { throw Unsupported() }
                if isStandalone(&parser, state: state) {
                    setNewLine = true
                } else {
                    keep(&whiteSpaceBefore, in: &tokens)
                }
                return PageTemplate(tokens, text: String(parser.buffer[start..<sectionEnd.position]))
            case "!":
                parser.advance()
                try skipComment(&parser)
                setNewLine = isStandalone(&parser, state: state)
            case "{", "&":
                let triple = parser.current == "{"
                keep(&whiteSpaceBefore, in: &tokens)
                parser.advance()
                let name = try parseName(&parser)
                if triple { guard try parser.read("}") else { throw Unsupported() } }
                tokens.append(.raw(Name(name)))
            case "%":
                parser.advance()
                try readContentType(&parser)
                setNewLine = isStandalone(&parser, state: state)
            case ">", "<", "$", "=":
                let kinds: [Character: String] = [
                    ">": "a partial ({{>…}})", "<": "a parent template ({{<…}})", "$": "a block ({{$…}})",
                    "=": "a change of delimiters ({{=…=}})",
                ]
                throw Unsupported(what: kinds[parser.current] ?? "this tag", position: parser.position)
            default:
                keep(&whiteSpaceBefore, in: &tokens)
                tokens.append(.variable(Name(try parseName(&parser))))
            }
            state.newLine = setNewLine
        }
        guard state.sectionName == nil else { throw Unsupported() }
        return PageTemplate(tokens, text: String(parser.buffer[start..<parser.position]))
    }

    static func literal(_ text: some StringProtocol) -> Token { .text(Array(text.utf8)) }

    /// The whitespace before a tag that is not alone on its line, kept as text.
    static func keep(_ whiteSpace: inout Substring, in tokens: inout [Token]) {
        guard !whiteSpace.isEmpty else { return }
        tokens.append(literal(whiteSpace))
        whiteSpace = ""
    }

    /// Text up to a newline (not read) or past the next `{{`.
    static func readUntilDelimiterOrNewline(_ parser: inout Cursor) throws(Unsupported) -> String {
        var text = ""
        while !parser.reachedEnd {
            text += parser.read(until: ["\n", "\r\n", "{"])
            if parser.current.isNewline { break }
            if parser.current == "{" {
                if try parser.read(string: "{{") { break }
                text += "{"
                parser.advance()
            }
        }
        return text
    }

    /// A tag's name up to `}}`; a name with a transform (`count(rows)`) is left to swift-mustache.
    static func parseName(_ parser: inout Cursor) throws(Unsupported) -> String {
        parser.readWhitespace()
        let start = parser.position
        let name = String(parser.read(while: nameCharacters))
        parser.readWhitespace()
        guard try parser.read(string: "}}") else { throw Unsupported() }
        guard !name.contains("("), !name.contains(")") else {
            throw Unsupported(what: "a transform (\(name))", position: start)
        }
        return name
    }

    static func skipComment(_ parser: inout Cursor) throws(Unsupported) {
        while !parser.reachedEnd {
            if try parser.read(string: "}}") { return }
            parser.advance()
        }
        throw Unsupported()
    }

    /// `{{% CONTENT_TYPE: HTML}}`, which changes nothing (a page is escaped as HTML from its start).
    static func readContentType(_ parser: inout Cursor) throws(Unsupported) {
        parser.readWhitespace()
        let variable = parser.read(while: configCharacters)
        parser.readWhitespace()
        guard try parser.read(":") else { throw Unsupported() }
        parser.readWhitespace()
        let value = parser.read(while: configCharacters)
        parser.readWhitespace()
        guard try parser.read(string: "}}"), variable == "CONTENT_TYPE", value == "HTML" else {
            throw Unsupported(what: "{{% \(variable): \(value)}}", position: parser.position)
        }
    }

    static func hasLineFinished(_ parser: inout Cursor) -> Bool {
        if parser.reachedEnd { return true }
        var ahead = parser
        ahead.read(while: [" ", "\t"])
        guard ahead.current.isNewline else { return false }
        ahead.advance()
        parser.position = ahead.position
        return true
    }

    static func isStandalone(_ parser: inout Cursor, state: ParserState) -> Bool {
        state.newLine && hasLineFinished(&parser)
    }
}
