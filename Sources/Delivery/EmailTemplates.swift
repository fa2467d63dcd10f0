import Aggregation
import Foundation
import Rendering

/// The weekly recap e-mail's bodies (docs/delivery.md, "The message"): Mustache templates in
/// `Templates/` (`email.txt.mustache`, `email.html.mustache`), built in as the same text, and
/// replaceable with `--templates` like the summary's. The HTML escapes every value, has inline
/// styles only and loads nothing.
package struct EmailTemplates: Sendable {
    let pair: TemplatePair

    package static let textName = "email.txt.mustache"
    package static let htmlName = "email.html.mustache"

    package static func builtIn() throws -> EmailTemplates {
        EmailTemplates(pair: try TemplatePair(text: (defaultText, "built-in \(textName)"), html: (defaultHTML, "built-in \(htmlName)")))
    }

    package static func load(from folder: String) throws -> EmailTemplates {
        EmailTemplates(pair: try TemplatePair(text: try TemplatePair.source(textName, in: folder, fallback: defaultText),
                                                  html: try TemplatePair.source(htmlName, in: folder, fallback: defaultHTML)))
    }

    package func text(_ context: [String: Any]) -> String { pair.renderText(context) }
    package func html(_ context: [String: Any]) -> String { pair.renderHTML(context) }

    static let defaultText = """
        {{% CONTENT_TYPE: TEXT}}
        {{headline}}

        Weekly Recruiting Recap – {{family_name}}
        {{range}}

        {{#recap}}
        - {{line}}
        {{/recap}}

        {{#figures}}
        {{label}}: {{value}}{{#change}} ({{change}} on the period before){{/change}}
        {{/figures}}
        {{#has_deadlines}}

        Offer deadlines in the next 14 days:
        {{#deadlines}}
        - {{school}}, {{offer}}: {{deadline}} ({{days_left}})
        {{/deadlines}}
        {{/has_deadlines}}
        {{#has_awaiting}}

        Coaches who have not replied for 7 days or more:
        {{#awaiting}}
        - {{coach}} ({{school}}): {{days}} days since you wrote
        {{/awaiting}}
        {{/has_awaiting}}
        {{#has_quiet}}

        Schools you are pursuing with no interaction in 30 days:
        {{#quiet}}
        - {{school}} ({{status}}): {{since}}
        {{/quiet}}
        {{/has_quiet}}
        {{#has_attachments}}

        Attached: {{#attachments}}{{name}}{{^last}}, {{/last}}{{/attachments}}
        {{/has_attachments}}
        {{#left_out}}
        Not attached (too large for e-mail, in the family's folder): {{left_out}}
        {{/left_out}}
        {{#unsubscribe_url}}

        To stop these e-mails: {{unsubscribe_url}}
        {{/unsubscribe_url}}

        """

    static let defaultHTML = """
        {{% CONTENT_TYPE: HTML}}
        <!DOCTYPE html>
        <html lang="en"><head><meta charset="utf-8"><title>Weekly Recruiting Recap – {{family_name}}</title></head>
        <body style="font-family: Arial, sans-serif; color: #111827; max-width: 640px">
        <p style="font-size: 18px; font-weight: bold; margin: 0 0 12px">{{headline}}</p>
        <h1 style="font-size: 20px; margin: 0 0 4px">Weekly Recruiting Recap</h1>
        <p style="color: #4B5563; margin: 0 0 16px">{{family_name}} · {{range}}</p>
        <ul style="padding-left: 18px">
        {{#recap}}
        <li>{{line}}</li>
        {{/recap}}
        </ul>
        <table style="border-collapse: collapse; margin: 12px 0">
        {{#figures}}
        <tr><td style="padding: 2px 12px 2px 0">{{label}}</td><td style="padding: 2px 12px 2px 0; font-weight: bold; text-align: right">{{value}}</td><td style="color: #6B7280">{{change}}</td></tr>
        {{/figures}}
        </table>
        {{#has_deadlines}}
        <h2 style="font-size: 16px; margin: 16px 0 4px">Offer deadlines in the next 14 days</h2>
        <ul style="padding-left: 18px">
        {{#deadlines}}
        <li>{{school}}, {{offer}}: <strong style="color: {{color}}">{{deadline}} ({{days_left}})</strong></li>
        {{/deadlines}}
        </ul>
        {{/has_deadlines}}
        {{#has_awaiting}}
        <h2 style="font-size: 16px; margin: 16px 0 4px">Coaches who have not replied for 7 days or more</h2>
        <ul style="padding-left: 18px">
        {{#awaiting}}
        <li>{{coach}} ({{school}}): {{days}} days since you wrote</li>
        {{/awaiting}}
        </ul>
        {{/has_awaiting}}
        {{#has_quiet}}
        <h2 style="font-size: 16px; margin: 16px 0 4px">Schools you are pursuing with no interaction in 30 days</h2>
        <ul style="padding-left: 18px">
        {{#quiet}}
        <li>{{school}} ({{status}}): {{since}}</li>
        {{/quiet}}
        </ul>
        {{/has_quiet}}
        {{#has_attachments}}
        <p style="color: #4B5563">Attached: {{#attachments}}{{name}}{{^last}}, {{/last}}{{/attachments}}</p>
        {{/has_attachments}}
        {{#left_out}}
        <p style="color: #92400E">Not attached (too large for e-mail, in the family's folder): {{left_out}}</p>
        {{/left_out}}
        {{#unsubscribe_url}}
        <p style="color: #6B7280; font-size: 12px"><a href="{{unsubscribe_url}}" style="color: #6B7280">Stop these e-mails</a></p>
        {{/unsubscribe_url}}
        </body></html>

        """
}
