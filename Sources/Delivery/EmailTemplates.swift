import Aggregation
import BuiltInTemplates
import Foundation
import ReportGen

/// The weekly recap e-mail's bodies (docs/delivery.md, "The message"): Mustache templates in
/// `Templates/` (`email.txt.mustache`, `email.html.mustache`), built in from those files, and
/// replaceable with `--templates` like the summary's. The HTML escapes every value, has inline
/// styles (and one block that re-colours them for dark mode) and loads nothing.
package struct EmailTemplates: Sendable {
    let pair: TemplatePair

    package static let textName = BuiltInTemplate.emailText.fileName
    package static let htmlName = BuiltInTemplate.emailHTML.fileName

    package static func builtIn() throws -> EmailTemplates { try load(from: nil) }

    /// The templates of a folder; a missing file falls back to the built-in one.
    package static func load(from folder: String?) throws -> EmailTemplates {
        EmailTemplates(
            pair: try TemplatePair(names: (textName, htmlName), builtIn: (defaultText, defaultHTML), folder: folder)
        )
    }

    package func text(_ context: [String: Any]) -> String { pair.renderText(context) }
    package func html(_ context: [String: Any]) -> String { pair.renderHTML(context) }

    /// The built-in templates, Templates/email.txt.mustache and Templates/email.html.mustache.
    static var defaultText: String { BuiltInTemplate.emailText.text }
    static var defaultHTML: String { BuiltInTemplate.emailHTML.text }
}
