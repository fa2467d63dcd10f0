import Aggregation
import Core
import Foundation

/// The `deliver.email` section of a job file (docs/delivery.md, "The job file"): who gets the
/// weekly recap, what it carries and how it leaves. Credentials are names of environment
/// variables, never values.
package struct DeliveryJob: Sendable {
    package enum Recipients: Sendable, Equatable {
        /// The family's player and parents.
        case members
        case player
        case parents
        /// Fixed addresses.
        case list([String])
    }

    package enum Via: Sendable, Equatable {
        /// Write the messages only (`.eml` files), send nothing.
        case none
        case smtp(host: String, port: Int, implicitTLS: Bool)
        /// The system's sendmail, the recipient on its command line (`sendmail -oi -- ADDRESS`).
        case sendmail
    }

    package var from: MIMEMessage.Address
    package var to: Recipients = .members
    /// `{headline}` is the week's most urgent true sentence (`WeekHeadline`).
    package var subject = "{family_name}: {headline}"
    /// Outputs of the job by kind and format: `report.pdf`, `coaches.csv`, …
    package var attach: [String] = ["report.pdf"]
    package var maxAttachmentMB = 10.0
    package var via: Via = .none
    package var starttlsRequired = true
    /// Seconds to wait for the mail server's (or sendmail's) answer: `timeout`, 1 to 600.
    package var timeout = 30
    package var usernameEnv: String?
    package var passwordEnv: String?
    package var unsubscribeURL: String?
    /// `app_url`: where the button "Open The Recruiting Compass" and the headline's items link;
    /// nil: no button. An https URL without a user or password (`DeliveryJob.appURL`).
    package var appURL: String?
    /// `report_url`: where the report's web page is served, an https URL of the family's folder
    /// with the folder's placeholders (`{family_slug}`, …), to which the page's file name is
    /// appended; nil: the recap does not link to it (docs/delivery.md, "The report's web page").
    package var reportURL: String?
    package var secretEnv: String?
    /// `operator`: who gets the run's summary when families failed or the run stopped (or after
    /// every run with `operator_on: always`); nil: no one.
    package var operatorAddress: MIMEMessage.Address?
    package var operatorAlways = false

    package init(from: MIMEMessage.Address) {
        self.from = from
    }

    /// The value of an environment variable the section names; a missing one is a usage error naming it.
    package static func environment(_ name: String, file: String) throws -> String {
        guard let value = ProcessInfo.processInfo.environment[name], !value.isEmpty else {
            throw UsageError("\(file): the environment variable \(name), which 'deliver.email' names, is not set")
        }
        return value
    }

    /// `text` when it is an https URL with a host and no user, password, white space, quote
    /// or angle bracket (it stands in the messages' links); else nil.
    package static func appURL(_ text: String) -> String? {
        guard text.hasPrefix("https://"), !text.contains(where: { $0.isWhitespace || "\"'<>\\`".contains($0) }),
            text.unicodeScalars.allSatisfy({ $0.isASCII && $0.value >= 0x21 && $0.value < 0x7F }),
            let components = URLComponents(string: text), components.scheme == "https",
            let host = components.host, !host.isEmpty, components.user == nil, components.password == nil,
            !text.dropFirst("https://".count).prefix(while: { $0 != "/" && $0 != "?" && $0 != "#" }).contains("@")
        else { return nil }
        return text
    }

    /// `text` when it is a `report_url`: an https URL without a user, password, query or
    /// fragment (access control is the web host's, never part of the URL), each `{placeholder}`
    /// standing where a path's text may; else nil.
    package static func reportURL(_ text: String) -> String? {
        let filled = text.replacingOccurrences(of: "\\{[a-z_]+\\}", with: "x", options: .regularExpression)
        guard !text.contains("?"), !text.contains("#"), let url = appURL(filled), !url.contains("{"), !url.contains("}")
        else { return nil }
        return text
    }

    /// Parses `smtp://HOST[:PORT]`, `smtps://HOST[:PORT]`, `sendmail` or `none`.
    package static func via(_ text: String) -> Via? {
        switch text {
        case "none": return Via.none
        case "sendmail": return .sendmail
        default:
            for (scheme, tls, port) in [("smtp://", false, 587), ("smtps://", true, 465)] where text.hasPrefix(scheme) {
                let rest = text.dropFirst(scheme.count)
                let parts = rest.split(separator: ":", omittingEmptySubsequences: false)
                guard let host = parts.first, !host.isEmpty, parts.count <= 2, !host.contains("/"), !host.contains("@")
                else { return nil }
                guard parts.count == 1 || Int(parts[1]).map({ (1...65_535).contains($0) }) == true else { return nil }
                return .smtp(host: String(host), port: parts.count == 2 ? Int(parts[1])! : port, implicitTLS: tls)
            }
            return nil
        }
    }
}

extension DeliveryJob.Recipients {
    /// The family roles whose members this choice writes to; none for a list of addresses.
    package var memberRoles: Set<MemberRole> {
        switch self {
        case .members: [.player, .parent]
        case .player: [.player]
        case .parents: [.parent]
        case .list: []
        }
    }
}
