/// The keys of an html page's data, as its templates name them (Templates/README.md, "The
/// pages' data"). A template's name that is none of these finds nothing, as a key the data
/// does not hold.
public enum HTMLKey: String, CaseIterable, Sendable {
    case lang, generator, title, lines, cards, notes, sections, footer, heading, legend, empty, count, caption
    case columns, rows, label, value, note, change, style, text, muted, tone, id, parts, subheading, table
    case chart, details, num, cells, head, strong, href, badge, meter, mark, svg, numbers, values
    case pageTitle = "page_title"
    case hasCards = "has_cards"
    case pairOpen = "pair_open"
    case colBreak = "col_break"
    case pairClose = "pair_close"
    case cardList = "card_list"
    case meterStyle = "meter_style"
    case markLabel = "mark_label"
    case markStyle = "mark_style"
    case titleHeading = "title_heading"
    case numbersLabel = "numbers_label"
}

/// A value of an html page's data: text (escaped where a template puts it), a flag, a list of
/// values or an item of named values. The same data as Mustache's dictionaries, arrays,
/// strings and booleans (`mustache`), typed, so that a page is rendered without a dynamic cast.
public enum HTMLValue: Sendable, ExpressibleByStringLiteral, ExpressibleByBooleanLiteral {
    case text(String)
    case flag(Bool)
    case list([HTMLValue])
    case item(HTMLItem)

    public init(stringLiteral value: String) { self = .text(value) }
    public init(booleanLiteral value: Bool) { self = .flag(value) }

    /// `text`, or false when there is none (Templates/README.md: a key an item may lack is false).
    public static func text(or text: String?) -> HTMLValue { text.map(HTMLValue.text) ?? .flag(false) }

    /// The value as swift-mustache's data: a String, a Bool, an array or a dictionary.
    public var mustache: Any {
        switch self {
        case .text(let text): text
        case .flag(let flag): flag
        case .list(let list): list.map(\.mustache)
        case .item(let item): item.mustache
        }
    }
}

/// Named values in the order they were given, each key at most once (a later value replaces
/// an earlier one). Items hold a dozen keys at most, so a key is found by a scan.
public struct HTMLItem: Sendable, ExpressibleByDictionaryLiteral {
    public private(set) var entries: [(key: HTMLKey, value: HTMLValue)]

    /// - Precondition: no key twice (as a Dictionary's literal).
    public init(dictionaryLiteral elements: (HTMLKey, HTMLValue)...) {
        entries = elements.map { (key: $0.0, value: $0.1) }
        assert(Set(elements.map(\.0)).count == elements.count, "a key twice in an item")
    }

    public subscript(key: HTMLKey) -> HTMLValue? {
        get {
            for entry in entries where entry.key == key { return entry.value }
            return nil
        }
        set {
            if let index = entries.firstIndex(where: { $0.key == key }) {
                if let newValue { entries[index].value = newValue } else { entries.remove(at: index) }
            } else if let newValue {
                entries.append((key, newValue))
            }
        }
    }

    /// The item as swift-mustache's data: a dictionary by the keys' names.
    public var mustache: [String: Any] {
        Dictionary(entries.map { ($0.key.rawValue, $0.value.mustache) }) { _, last in last }
    }
}
