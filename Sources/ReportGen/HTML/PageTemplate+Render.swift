import Exporters

/// A page being rendered: its bytes so far, and the values of the sections it is in.
struct PageRender {
    var bytes: [UInt8] = []
    /// The page's data, then each section's value, innermost last.
    var stack: [HTMLValue]
    /// Where names are looked up from: a list's row sees only its own keys (Templates/README.md).
    var floor = 0
    /// Writes a list's rows where its `{{#rows}}` section is, each through the template it is given.
    var rows: ((PageTemplate, inout PageRender) throws -> Void)?
    /// How many times the page reached its rows (ListHTML: a page must reach them once).
    var rowsReached = 0

    init(page: HTMLItem, capacity: Int = 1 << 16) {
        stack = [.item(page)]
        bytes.reserveCapacity(capacity)
    }

    /// The value `name` finds, and the depth it was found at (0: the page's data).
    func find(_ name: PageTemplate.Name) -> (value: HTMLValue?, depth: Int) {
        let top = stack.count - 1
        switch name.scope {
        case .current:
            return (stack[top], top)
        case .innermost:
            return (Self.descend(stack[top], name.keys[...]), top)
        case .climbing:
            guard let first = name.keys[0] else { return (nil, -1) }
            var depth = top
            while depth >= floor {
                if case .item(let item) = stack[depth], let child = item[first] {
                    return (Self.descend(child, name.keys.dropFirst()), depth)
                }
                depth -= 1
            }
            return (nil, -1)
        }
    }

    private static func descend(_ value: HTMLValue, _ keys: ArraySlice<HTMLKey?>) -> HTMLValue? {
        var value = value
        for key in keys {
            guard case .item(let item) = value, let key, let child = item[key] else { return nil }
            value = child
        }
        return value
    }

    /// A value where a tag names it: text as it is or escaped, a flag as `true` or `false`, and a
    /// list or an item as Swift describes swift-mustache's data (as swift-mustache does).
    mutating func write(_ value: HTMLValue, escaped: Bool) {
        let text: String
        switch value {
        case .text(let value): text = value
        case .flag(let flag): text = flag ? "true" : "false"
        case .list, .item: text = String(describing: value.mustache)
        }
        if escaped { writeEscaped(text) } else { bytes.append(contentsOf: text.utf8) }
    }

    /// `text` escaped by the one escaping of every html report-batch writes (`HTMLText.escape`).
    mutating func writeEscaped(_ text: String) { HTMLText.appendEscaped(text, to: &bytes) }
}

extension PageTemplate {
    /// Renders the page's data at the bottom of `render`'s stack into its bytes.
    func render(into render: inout PageRender) throws {
        try run(&render)
    }

    /// Renders `row` alone (a list's row sees only its own keys) into `render`'s bytes.
    func render(row: HTMLItem, into render: inout PageRender) throws {
        let floor = render.floor
        render.stack.append(.item(row))
        render.floor = render.stack.count - 1
        try run(&render)
        render.stack.removeLast()
        render.floor = floor
    }

    private func run(_ render: inout PageRender) throws {
        for token in tokens {
            switch token {
            case .text(let text):
                render.bytes.append(contentsOf: text)
            case .variable(let name):
                if let value = render.find(name).value { render.write(value, escaped: true) }
            case .raw(let name):
                if let value = render.find(name).value { render.write(value, escaped: false) }
            case .section(let name, let section):
                try section.section(render.find(name).value, &render)
            case .inverted(let name, let section):
                try section.inverted(render.find(name).value, &render)
            case .rows(let section, let row):
                let found = render.find(Name("rows"))
                guard found.depth == 0, let rows = render.rows else {
                    try section.section(found.value, &render)
                    continue
                }
                // swift-mustache renders the lambda's marker inside the innermost value: in an empty
                // list's inverted section, nothing.
                if case .list = render.stack[render.stack.count - 1] { continue }
                render.rowsReached += 1
                if render.rowsReached == 1 { try rows(row, &render) }
            }
        }
    }

    private func section(_ value: HTMLValue?, _ render: inout PageRender) throws {
        switch value {
        case nil:
            return
        case .flag(let on)?:
            if on { try run(&render) }
        case .list(let list)?:
            for element in list {
                render.stack.append(element)
                try run(&render)
                render.stack.removeLast()
            }
        case let value?:
            render.stack.append(value)
            try run(&render)
            render.stack.removeLast()
        }
    }

    private func inverted(_ value: HTMLValue?, _ render: inout PageRender) throws {
        switch value {
        case nil:
            try run(&render)
        case .flag(let on)?:
            if !on { try run(&render) }
        case .list(let list)?:
            guard list.isEmpty else { return }
            render.stack.append(.list(list))
            try run(&render)
            render.stack.removeLast()
        default:
            return
        }
    }
}
