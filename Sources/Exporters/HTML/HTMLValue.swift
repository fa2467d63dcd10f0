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
