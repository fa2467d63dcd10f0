import Aggregation
import Foundation
import ReportGen

/// The weekly recap e-mail's bodies (docs/delivery.md, "The message"): Mustache templates in
/// `Templates/` (`email.txt.mustache`, `email.html.mustache`), built in as the same text, and
/// replaceable with `--templates` like the summary's. The HTML escapes every value, has inline
/// styles (and one block that re-colours them for dark mode) and loads nothing.
package struct EmailTemplates: Sendable {
    let pair: TemplatePair

    package static let textName = "email.txt.mustache"
    package static let htmlName = "email.html.mustache"

    package static func builtIn() throws -> EmailTemplates { try load(from: nil) }

    /// The templates of a folder; a missing file falls back to the built-in one.
    package static func load(from folder: String?) throws -> EmailTemplates {
        EmailTemplates(
            pair: try TemplatePair(names: (textName, htmlName), builtIn: (defaultText, defaultHTML), folder: folder)
        )
    }

    package func text(_ context: [String: Any]) -> String { pair.renderText(context) }
    package func html(_ context: [String: Any]) -> String { pair.renderHTML(context) }

    static let defaultText = """
        {{% CONTENT_TYPE: TEXT}}
        {{headline}}

        Weekly Recruiting Recap – {{family_name}}
        {{range}}
        {{#app_url}}
        Open The Recruiting Compass: {{app_url}}
        {{/app_url}}
        {{#has_do}}

        DO THIS WEEK
        {{#do_this_week}}
        - {{#mark}}{{mark}}: {{/mark}}{{text}}
        {{/do_this_week}}
        {{#do_more}}
          {{do_more}}{{#report_url}}: {{report_url}}{{/report_url}}
        {{/do_more}}
        {{/has_do}}
        {{#has_reminders}}

        YOUR REMINDERS
        {{#reminders}}
        - {{#mark}}{{mark}}: {{/mark}}{{text}}
        {{/reminders}}
        {{#reminders_more}}
          {{reminders_more}}
        {{/reminders_more}}
        {{/has_reminders}}
        {{#has_changes}}

        WHAT CHANGED
        {{#moved}}
        {{moved}}
        {{/moved}}
        {{#changes}}
        - {{#mark}}{{mark}}: {{/mark}}{{text}}
        {{/changes}}
        {{#changes_more}}
          {{changes_more}}{{#report_url}}: {{report_url}}{{/report_url}}
        {{/changes_more}}
        {{/has_changes}}
        {{#has_coming}}

        COMING UP
        {{#coming}}
        - {{#mark}}{{mark}}: {{/mark}}{{text}}
        {{/coming}}
        {{#coming_more}}
          {{coming_more}}{{#report_url}}: {{report_url}}{{/report_url}}
        {{/coming_more}}
        {{/has_coming}}

        {{numbers_title}}
        {{#numbers}}
        - {{line}}
        {{/numbers}}
        {{#trend_words}}
        {{trend_words}}
        {{/trend_words}}
        {{#has_attachments}}

        ATTACHED
        {{#attachments}}
        - {{description}}{{#url}}: {{url}}{{/url}}
        {{/attachments}}
        {{/has_attachments}}
        {{#left_out}}
        Not attached (too large for e-mail, in the family's folder): {{left_out}}
        {{/left_out}}
        {{#unsubscribe_url}}

        You get this e-mail every week from The Recruiting Compass.
        To stop these e-mails: {{unsubscribe_url}}
        {{/unsubscribe_url}}

        """

    static let defaultHTML = """
        {{% CONTENT_TYPE: HTML}}
        <!DOCTYPE html>
        <html lang="en"><head><meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta name="color-scheme" content="light dark"><meta name="supported-color-schemes" content="light dark">
        <title>Weekly Recruiting Recap – {{family_name}}</title></head>
        <body style="margin: 0; padding: 0; background-color: #F3F4F6; color-scheme: light dark">
        <div style="background-color: #F3F4F6; padding: 12px 8px">
        <div style="max-width: 600px; width: 100%; box-sizing: border-box; margin: 0 auto; padding: 20px 16px; background-color: #FFFFFF; color: #111827; border-radius: 8px; font-family: Arial, Helvetica, sans-serif; font-size: 16px; line-height: 1.5; overflow-wrap: anywhere; word-break: break-word">
        <p style="font-size: 22px; line-height: 1.3; font-weight: bold; margin: 0 0 8px">{{#headline_url}}<a href="{{headline_url}}" style="display: block; min-height: 44px; color: #1D4ED8; text-decoration: none">{{headline}}</a>{{/headline_url}}{{^headline_url}}{{headline}}{{/headline_url}}</p>
        <p style="color: #4B5563; font-size: 16px; margin: 0 0 16px">Weekly Recruiting Recap · {{family_name}} · {{range}}</p>
        {{#app_url}}
        <p style="margin: 0 0 20px"><a href="{{app_url}}" style="display: inline-block; min-height: 44px; box-sizing: border-box; padding: 12px 20px; line-height: 20px; border-radius: 6px; background-color: #1D4ED8; color: #FFFFFF; font-weight: bold; text-decoration: none">Open The Recruiting Compass</a></p>
        {{/app_url}}
        {{#has_do}}
        <h2 style="font-size: 18px; margin: 20px 0 8px">Do this week</h2>
        <ul style="margin: 0; padding-left: 20px">
        {{#do_this_week}}
        <li style="margin: 0 0 8px">{{#mark}}<strong style="color: {{#urgent}}#B91C1C{{/urgent}}{{^urgent}}#1D4ED8{{/urgent}}">{{mark}}:</strong> {{/mark}}{{text}}</li>
        {{/do_this_week}}
        </ul>
        {{#do_more}}<p style="color: #4B5563; margin: 0 0 8px">{{#report_url}}<a href="{{report_url}}" style="display: inline-block; min-height: 44px; padding: 12px 0; box-sizing: border-box; color: #1D4ED8">{{do_more}}</a>{{/report_url}}{{^report_url}}{{do_more}}{{/report_url}}</p>{{/do_more}}
        {{/has_do}}
        {{#has_reminders}}
        <h2 style="font-size: 18px; margin: 20px 0 8px">Your reminders</h2>
        <ul style="margin: 0; padding-left: 20px">
        {{#reminders}}
        <li style="margin: 0 0 8px">{{#mark}}<strong style="color: {{#urgent}}#B91C1C{{/urgent}}{{^urgent}}#1D4ED8{{/urgent}}">{{mark}}:</strong> {{/mark}}{{text}}</li>
        {{/reminders}}
        </ul>
        {{#reminders_more}}<p style="color: #4B5563; margin: 0 0 8px">{{reminders_more}}</p>{{/reminders_more}}
        {{/has_reminders}}
        {{#has_changes}}
        <h2 style="font-size: 18px; margin: 20px 0 8px">What changed</h2>
        {{#moved}}<p style="margin: 0 0 8px">{{moved}}</p>{{/moved}}
        <ul style="margin: 0; padding-left: 20px">
        {{#changes}}
        <li style="margin: 0 0 8px">{{#mark}}<strong style="color: #1D4ED8">{{mark}}:</strong> {{/mark}}{{text}}</li>
        {{/changes}}
        </ul>
        {{#changes_more}}<p style="color: #4B5563; margin: 0 0 8px">{{#report_url}}<a href="{{report_url}}" style="display: inline-block; min-height: 44px; padding: 12px 0; box-sizing: border-box; color: #1D4ED8">{{changes_more}}</a>{{/report_url}}{{^report_url}}{{changes_more}}{{/report_url}}</p>{{/changes_more}}
        {{/has_changes}}
        {{#has_coming}}
        <h2 style="font-size: 18px; margin: 20px 0 8px">Coming up</h2>
        <ul style="margin: 0; padding-left: 20px">
        {{#coming}}
        <li style="margin: 0 0 8px">{{#mark}}<strong style="color: #1D4ED8">{{mark}}:</strong> {{/mark}}{{text}}</li>
        {{/coming}}
        </ul>
        {{#coming_more}}<p style="color: #4B5563; margin: 0 0 8px">{{#report_url}}<a href="{{report_url}}" style="display: inline-block; min-height: 44px; padding: 12px 0; box-sizing: border-box; color: #1D4ED8">{{coming_more}}</a>{{/report_url}}{{^report_url}}{{coming_more}}{{/report_url}}</p>{{/coming_more}}
        {{/has_coming}}
        <h2 style="font-size: 18px; margin: 20px 0 8px">{{numbers_title}}</h2>
        {{#chart}}
        <p style="margin: 0 0 8px"><img src="cid:{{cid}}" width="{{width}}" height="{{height}}" alt="{{alt}}" style="display: block; width: {{width}}px; max-width: 100%; height: auto; border: 0"></p>
        {{/chart}}
        <ul style="margin: 0; padding-left: 20px">
        {{#numbers}}
        <li style="margin: 0 0 4px">{{label}} <strong>{{value}}</strong> <span style="color: #4B5563">({{before}})</span></li>
        {{/numbers}}
        </ul>
        {{#has_attachments}}
        <h2 style="font-size: 18px; margin: 20px 0 8px">Attached</h2>
        <ul style="margin: 0; padding-left: 20px">
        {{#attachments}}
        <li style="margin: 0 0 4px">{{#url}}<a href="{{url}}" style="display: inline-block; min-height: 44px; padding: 12px 0; box-sizing: border-box; color: #1D4ED8">{{description}}</a>{{/url}}{{^url}}{{description}}{{/url}}</li>
        {{/attachments}}
        </ul>
        {{/has_attachments}}
        {{#left_out}}
        <p style="color: #B91C1C; margin: 12px 0 0">Not attached (too large for e-mail, in the family's folder): {{left_out}}</p>
        {{/left_out}}
        {{#unsubscribe_url}}
        <p style="color: #4B5563; margin: 24px 0 0; border-top: 1px solid #D1D5DB; padding-top: 4px">You get this e-mail every week from The Recruiting Compass. <a href="{{unsubscribe_url}}" style="display: inline-block; min-height: 44px; padding: 12px 0; box-sizing: border-box; color: #1D4ED8">Stop these e-mails</a></p>
        {{/unsubscribe_url}}
        </div>
        </div>
        </body></html>

        """
}
