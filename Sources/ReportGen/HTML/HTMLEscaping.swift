import Exporters
import Mustache

/// swift-mustache's `HTML` content type made the one escaping of every html report-batch writes
/// (`HTMLText.escape`, on bytes), for the templates it still renders: the recap e-mail's html
/// part and summary.html (`TemplatePair`). swift-mustache's own escapes a character, so that a
/// `"` with a combining mark after it is left as it is and can end an attribute.
struct HTMLEscaping: MustacheContentType {
    func escapeText(_ text: String) -> String { HTMLText.escape(text) }

    /// `{{% CONTENT_TYPE: HTML}}` names this type from the first parse on: swift-mustache reads
    /// the name when it parses a template, so that `TemplatePair.parse` reads this before any.
    /// (Registering is swift-mustache's lock-guarded call, and a static is made once.)
    static let registered: Void = MustacheContentTypes.register(HTMLEscaping(), named: "HTML")

    /// What an html template is parsed as: its text after this line, so that every value is
    /// escaped this way from the template's start (swift-mustache's default is its own escaping).
    static let pragmaLine = "{{% CONTENT_TYPE: HTML}}\n"
}
