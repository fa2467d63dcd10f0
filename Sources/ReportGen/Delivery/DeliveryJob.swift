import Aggregation
import Foundation
import Yams

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
    package var secretEnv: String?

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
              !text.dropFirst("https://".count).prefix(while: { $0 != "/" && $0 != "?" && $0 != "#" }).contains("@") else { return nil }
        return text
    }

    /// Parses `smtp://HOST[:PORT]`, `smtps://HOST[:PORT]`, `sendmail` or `none`.
    static func via(_ text: String) -> Via? {
        switch text {
        case "none": return Via.none
        case "sendmail": return .sendmail
        default:
            for (scheme, tls, port) in [("smtp://", false, 587), ("smtps://", true, 465)] where text.hasPrefix(scheme) {
                let rest = text.dropFirst(scheme.count)
                let parts = rest.split(separator: ":", omittingEmptySubsequences: false)
                guard let host = parts.first, !host.isEmpty, parts.count <= 2, !host.contains("/"), !host.contains("@") else { return nil }
                guard parts.count == 1 || Int(parts[1]).map({ (1...65_535).contains($0) }) == true else { return nil }
                return .smtp(host: String(host), port: parts.count == 2 ? Int(parts[1])! : port, implicitTLS: tls)
            }
            return nil
        }
    }
}

extension JobReader {
    /// `to`: members, player, parents, or a list of addresses, each one mailbox.
    private func recipients(_ value: Node) throws -> DeliveryJob.Recipients {
        guard value.sequence != nil else {
            switch try string(value, "to") {
            case "members": return .members
            case "player": return .player
            case "parents": return .parents
            case let other: throw fail(value, "'to' must be members, player, parents or a list of addresses (got \(Quote.value(other)))")
            }
        }
        let addresses = try strings(value, "to")
        for address in addresses where MIMEMessage.Address(email: address.trimmingCharacters(in: .whitespaces)) == nil {
            throw fail(value, "'to' lists \(Quote.value(address)), which is not an e-mail address")
        }
        guard !addresses.isEmpty else { throw fail(value, "'to' is an empty list") }
        return .list(addresses)
    }

    /// The `deliver` section: `email` and its keys, each checked, with the file's line.
    func delivery(_ node: Node) throws -> DeliveryJob {
        let sections = try mapping(node, "'deliver'", allowed: ["email"])
        guard let email = sections.first?.node else { throw fail(node, "'deliver' needs its 'email' section") }
        let pairs = try mapping(email, "'deliver.email'", allowed: ["from", "to", "subject", "attach", "max_attachment_mb", "via", "starttls",
                                                                    "timeout", "username_env", "password_env", "unsubscribe", "app_url"])
        guard let fromNode = pairs.first(where: { $0.key == "from" })?.node else { throw fail(email, "'deliver.email' needs 'from', the sender's address") }
        let fromText = try string(fromNode, "from")
        guard let from = MIMEMessage.Address.parse(fromText) else {
            throw fail(fromNode, "'from' must be an e-mail address, e.g. \"The Recruiting Compass <reports@example.com>\" (got \(Quote.value(fromText)))")
        }
        var job = DeliveryJob(from: from)
        var sawStarttls = false
        func envName(_ node: Node, _ key: String) throws -> String {
            let name = try string(node, key)
            guard name.range(of: "^[A-Za-z_][A-Za-z0-9_]*$", options: .regularExpression) != nil else {
                throw fail(node, "'\(key)' names an environment variable (letters, digits and _), not a value (got \(Quote.value(name, limit: 20)))")
            }
            return name
        }
        for (key, value) in pairs {
            switch key {
            case "from":
                continue
            case "to":
                job.to = try recipients(value)
            case "subject":
                job.subject = try string(value, key)
                try checkPlaceholders(job.subject, node: value, key: key, allowed: BatchJob.placeholders + ["family_name", "headline"])
            case "attach":
                job.attach = try strings(value, key)
            case "max_attachment_mb":
                job.maxAttachmentMB = try double(value, key)
                guard job.maxAttachmentMB > 0 else { throw fail(value, "'max_attachment_mb' must be more than 0") }
            case "via":
                let text = try string(value, key)
                guard let via = DeliveryJob.via(text) else {
                    // Never the text as given: `smtp://user:PASSWORD@host` is refused, and must not be shown.
                    if text.contains("@") {
                        throw fail(value, "'via' takes no user or password (they come from username_env and password_env): "
                            + "give smtp://HOST[:PORT] (got \(Quote.value(Quote.withoutCredentials(text))))")
                    }
                    throw fail(value, "'via' must be smtp://HOST[:PORT], smtps://HOST[:PORT], sendmail or none (got \(Quote.value(text)))")
                }
                job.via = via
            case "starttls":
                sawStarttls = true
                switch try string(value, key) {
                case "required": job.starttlsRequired = true
                case "never": job.starttlsRequired = false
                case let other: throw fail(value, "'starttls' must be required or never (got \(Quote.value(other)))")
                }
            case "timeout":
                let seconds = try double(value, key)
                guard seconds == seconds.rounded(), (1...600).contains(seconds) else {
                    throw fail(value, "'timeout' is how many seconds to wait for the mail server's answer: a whole number from 1 to 600")
                }
                job.timeout = Int(seconds)
            case "username_env": job.usernameEnv = try envName(value, key)
            case "password_env": job.passwordEnv = try envName(value, key)
            case "app_url":
                let text = try string(value, key)
                guard let url = DeliveryJob.appURL(text) else {
                    // Never the text as given: a URL with a password must not be shown.
                    throw fail(value, "'app_url' must be an https address without a user or password, e.g. https://myrecruitingcompass.com "
                        + "(got \(Quote.value(Quote.withoutCredentials(text))))")
                }
                job.appURL = url
            default:
                for (inner, innerValue) in try mapping(value, "'deliver.email.unsubscribe'", allowed: ["url", "secret_env"]) {
                    if inner == "url" {
                        let url = try string(innerValue, inner)
                        guard url.hasPrefix("https://") || url.hasPrefix("http://") else { throw fail(innerValue, "'url' must be an http(s) address") }
                        job.unsubscribeURL = url
                    } else {
                        job.secretEnv = try envName(innerValue, inner)
                    }
                }
                guard (job.unsubscribeURL == nil) == (job.secretEnv == nil) else {
                    throw fail(value, "'unsubscribe' needs both 'url' and 'secret_env'")
                }
            }
        }
        if case .smtp(_, _, true) = job.via, !sawStarttls { job.starttlsRequired = false }  // smtps is TLS from the start
        return job
    }
}
