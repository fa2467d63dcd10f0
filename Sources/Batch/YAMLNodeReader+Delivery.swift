import Aggregation
import Core
import Delivery
import Foundation
import ReportGen
import Yams

extension YAMLNodeReader {
    /// `to`: members, player, parents, or a list of addresses, each one mailbox.
    private func recipients(_ value: Node) throws -> DeliveryJob.Recipients {
        guard value.sequence != nil else {
            switch try string(value, "to") {
            case "members": return .members
            case "player": return .player
            case "parents": return .parents
            case let other:
                throw fail(
                    value,
                    "'to' must be members, player, parents or a list of addresses (got \(Quote.value(other)))"
                )
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
        let pairs = try mapping(
            email,
            "'deliver.email'",
            allowed: [
                "from", "to", "subject", "attach", "max_attachment_mb", "via", "starttls",
                "timeout", "username_env", "password_env", "unsubscribe", "app_url", "report_url", "operator",
                "operator_on",
            ]
        )
        guard let fromNode = pairs.first(where: { $0.key == "from" })?.node else {
            throw fail(email, "'deliver.email' needs 'from', the sender's address")
        }
        let fromText = try string(fromNode, "from")
        guard let from = MIMEMessage.Address.parse(fromText) else {
            throw fail(
                fromNode,
                "'from' must be an e-mail address, e.g. \"The Recruiting Compass <reports@example.com>\" (got \(Quote.value(fromText)))"
            )
        }
        var job = DeliveryJob(from: from)
        var sawStarttls = false
        for (key, value) in pairs {
            switch key {
            case "from":
                continue
            case "to":
                job.to = try recipients(value)
            case "subject":
                job.subject = try string(value, key)
                try checkPlaceholders(
                    job.subject,
                    node: value,
                    key: key,
                    allowed: BatchJob.placeholders + ["family_name", "headline"]
                )
            case "attach":
                job.attach = try strings(value, key)
            case "max_attachment_mb":
                job.maxAttachmentMB = try double(value, key)
                guard job.maxAttachmentMB > 0 else { throw fail(value, "'max_attachment_mb' must be more than 0") }
            case "via":
                job.via = try via(value)
            case "starttls":
                sawStarttls = true
                switch try string(value, key) {
                case "required": job.starttlsRequired = true
                case "never": job.starttlsRequired = false
                case let other: throw fail(value, "'starttls' must be required or never (got \(Quote.value(other)))")
                }
            case "timeout":
                job.timeout = try timeout(value)
            case "username_env": job.usernameEnv = try envName(value, key)
            case "password_env": job.passwordEnv = try envName(value, key)
            case "app_url":
                job.appURL = try appURL(value)
            case "report_url":
                job.reportURL = try reportURL(value)
            case "operator":
                job.operatorAddress = try operatorAddress(value)
            case "operator_on":
                job.operatorAlways = try operatorOn(value)
            default:
                (job.unsubscribeURL, job.secretEnv) = try unsubscribe(value)
            }
        }
        // smtps is TLS from the start
        if case .smtp(_, _, true) = job.via, !sawStarttls { job.starttlsRequired = false }
        return job
    }

    /// `via`: never shown as given, since `smtp://user:PASSWORD@host` is refused and must not be.
    private func via(_ value: Node) throws -> DeliveryJob.Via {
        let text = try string(value, "via")
        if let via = DeliveryJob.via(text) { return via }
        if text.contains("@") {
            throw fail(
                value,
                "'via' takes no user or password (they come from username_env and password_env): "
                    + "give smtp://HOST[:PORT] (got \(Quote.value(Quote.withoutCredentials(text))))"
            )
        }
        throw fail(
            value,
            "'via' must be smtp://HOST[:PORT], smtps://HOST[:PORT], sendmail or none (got \(Quote.value(text)))"
        )
    }

    private func timeout(_ value: Node) throws -> Int {
        let seconds = try double(value, "timeout")
        guard seconds == seconds.rounded(), (1...600).contains(seconds) else {
            throw fail(
                value,
                "'timeout' is how many seconds to wait for the mail server's answer: a whole number from 1 to 600"
            )
        }
        return Int(seconds)
    }

    /// `app_url`: never shown as given, since a URL with a password must not be.
    private func appURL(_ value: Node) throws -> String {
        let text = try string(value, "app_url")
        guard let url = DeliveryJob.appURL(text) else {
            throw fail(
                value,
                "'app_url' must be an https address without a user or password, e.g. https://myrecruitingcompass.com "
                    + "(got \(Quote.value(Quote.withoutCredentials(text))))"
            )
        }
        return url
    }

    /// `report_url`: an https URL of the family's folder on a web host, with the folder's
    /// placeholders; never shown as given, since a URL with a password must not be.
    private func reportURL(_ value: Node) throws -> String {
        let text = try string(value, "report_url")
        try checkPlaceholders(text, node: value, key: "report_url", allowed: BatchJob.placeholders)
        guard let url = DeliveryJob.reportURL(text) else {
            throw fail(
                value,
                "'report_url' must be an https address of the family's folder without a user, password, query or "
                    + "fragment, e.g. https://reports.example.com/{family_slug}/{to}/ (access control is the web "
                    + "host's, never part of the URL) (got \(Quote.value(Quote.withoutCredentials(text))))"
            )
        }
        return url
    }

    /// `unsubscribe`: its `url` and `secret_env`, both or neither.
    private func unsubscribe(_ value: Node) throws -> (url: String?, secretEnv: String?) {
        var url: String?
        var secretEnv: String?
        for (inner, innerValue) in try mapping(value, "'deliver.email.unsubscribe'", allowed: ["url", "secret_env"]) {
            if inner == "url" {
                let text = try string(innerValue, inner)
                guard text.hasPrefix("https://") || text.hasPrefix("http://") else {
                    throw fail(innerValue, "'url' must be an http(s) address")
                }
                url = text
            } else {
                secretEnv = try envName(innerValue, inner)
            }
        }
        guard (url == nil) == (secretEnv == nil) else {
            throw fail(value, "'unsubscribe' needs both 'url' and 'secret_env'")
        }
        return (url, secretEnv)
    }

    /// `operator`: one address, checked as the families' are (docs/delivery.md, "Who gets a message").
    private func operatorAddress(_ value: Node) throws -> MIMEMessage.Address {
        let text = try string(value, "operator")
        guard let address = MIMEMessage.Address(email: text.trimmingCharacters(in: .whitespaces)) else {
            throw fail(value, "'operator' must be one e-mail address, e.g. ops@example.com (got \(Quote.value(text)))")
        }
        return address
    }

    /// `operator_on`: failure (the default) or always; true for always.
    private func operatorOn(_ value: Node) throws -> Bool {
        switch try string(value, "operator_on") {
        case "failure": return false
        case "always": return true
        case let other: throw fail(value, "'operator_on' must be failure or always (got \(Quote.value(other)))")
        }
    }

    /// The name of an environment variable (never its value).
    func envName(_ node: Node, _ key: String) throws -> String {
        let name = try string(node, key)
        guard name.range(of: "^[A-Za-z_][A-Za-z0-9_]*$", options: .regularExpression) != nil else {
            throw fail(
                node,
                "'\(key)' names an environment variable (letters, digits and _), not a value (got \(Quote.value(name, limit: 20)))"
            )
        }
        return name
    }
}
