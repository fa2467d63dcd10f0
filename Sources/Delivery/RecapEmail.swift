import Aggregation
import Foundation
import Rendering
import ReportCore

/// Why a message is not sent: the manifest's `not sent: <reason>` (docs/delivery.md, "What the
/// run records"), counted apart in the summary in this order.
package enum NotSentReason: String, Sendable, CaseIterable {
    case emailOff = "e-mail off"
    case optedOut = "opted out"
    case duplicate = "duplicate address"
    case nothingToReport = "nothing to report"
    case invalidAddress = "invalid address"
    case serverUnreachable = "server unreachable"
    case familyFailed = "family failed"
}

/// Who gets a family's recap and why the others do not (docs/delivery.md, "Who gets a message").
package struct RecipientPlan: Sendable {
    package struct Recipient: Sendable, Equatable {
        package let address: MIMEMessage.Address
        /// The users.id the address came from; nil for an address of the job's list.
        package let userID: String?
    }

    package struct Skipped: Sendable, Equatable {
        /// The address as the manifest names it: normalised when it is one mailbox, else as stored.
        package let email: String
        package let userID: String?
        package let reason: NotSentReason

        package init(email: String, userID: String?, reason: NotSentReason) {
            self.email = email
            self.userID = userID
            self.reason = reason
        }
    }

    package var recipients: [Recipient] = []
    package var skipped: [Skipped] = []

    /// - Parameters:
    ///   - digestOff: user ids whose `weekly_digest` preference has e-mail off.
    ///   - optedOut: addresses of `email_optouts`, normalised.
    package static func make(_ choice: DeliveryJob.Recipients, data: FamilyData, digestOff: Set<String>, optedOut: Set<String>) -> RecipientPlan {
        var plan = RecipientPlan()
        var seen = Set<String>()
        for (name, stored, userID) in candidates(choice, data: data) {
            // Untrusted: a stored value that is not exactly one mailbox is never sent to.
            guard let address = MIMEMessage.Address(name: name, email: stored.trimmingCharacters(in: .whitespaces)) else {
                plan.skipped.append(Skipped(email: stored, userID: userID, reason: .invalidAddress))
                continue
            }
            let normalised = UnsubscribeToken.normalised(address.email)
            if let userID, digestOff.contains(userID) {
                plan.skipped.append(Skipped(email: normalised, userID: userID, reason: .emailOff))
            } else if optedOut.contains(normalised) {
                plan.skipped.append(Skipped(email: normalised, userID: userID, reason: .optedOut))
            } else if !seen.insert(normalised).inserted {
                plan.skipped.append(Skipped(email: normalised, userID: userID, reason: .duplicate))
            } else {
                plan.recipients.append(Recipient(address: address, userID: userID))
            }
        }
        return plan
    }

    /// The addresses `choice` names, as stored: the job's list, or the family's members (the
    /// player first, then the parents, each in the order of their user ids).
    private static func candidates(_ choice: DeliveryJob.Recipients, data: FamilyData) -> [(name: String?, email: String, userID: String?)] {
        switch choice {
        case .list(let addresses):
            return addresses.map { (nil, $0, nil) }
        case .members, .player, .parents:
            let roles: Set<MemberRole> = choice == .player ? [.player] : choice == .parents ? [.parent] : [.player, .parent]
            let rank = { (member: FamilyMember) in (member.role == .player ? 0 : 1, member.userID) }
            return data.members.filter { roles.contains($0.role) }.sorted { rank($0) < rank($1) }.compactMap { member in
                data.users[member.userID].map { ($0.fullName, $0.email, member.userID) }
            }
        }
    }
}

/// A family's recap: what every recipient's message says, worked out once per family (the
/// counted lines, the figures against the period before, the follow-ups, the attachments read
/// once), and the message of each recipient, which adds only their address and unsubscribe link.
package struct RecapEmail {
    package struct File: Sendable {
        package let name: String
        package let path: String
        package let format: String

        package init(name: String, path: String, format: String) {
            self.name = name
            self.path = path
            self.format = format
        }
    }

    let run: ReportRun
    let job: DeliveryJob
    let subject: String
    let context: [String: Any]
    let attachments: [MIMEMessage.Attachment]
    let templates: EmailTemplates

    /// The most characters a subject has, the family's name included; a longer one is cut at a word with "…".
    package static let subjectLimit = 78

    /// `email-<recipient slug>.eml`.
    package static func fileName(for email: String) -> String {
        let slug = Slug.make(UnsubscribeToken.normalised(email), limit: 60)
        return "email-" + (slug.isEmpty ? "recipient" : slug) + ".eml"
    }

    /// "1 coach interaction logged", "2 coach interactions logged".
    static func count(_ n: Int, _ one: String, _ many: String, _ tail: String) -> String { "\(n) \(n == 1 ? one : many) \(tail)" }

    /// - Throws: `OutputError` when a file to attach cannot be read.
    package init(_ run: ReportRun, job: DeliveryJob, subject: String, headline: String, files: [File], leftOut: [String], templates: EmailTemplates) throws {
        self.run = run
        self.job = job
        self.subject = subject
        self.templates = templates
        attachments = try files.map { file in
            guard let data = FileManager.default.contents(atPath: file.path) else {
                throw OutputError(path: file.path, reason: "cannot read the file to attach it")
            }
            return MIMEMessage.Attachment(fileName: file.name, contentType: RecapEmail.contentType(file.format), data: data)
        }
        let figures = run.figures, previous = figures.previous, followUps = run.followUps
        let window = DayWindow(range: run.range, zone: run.zone)
        let coachInteractions = run.data.interactions.filter { $0.coachID != nil && window.contains($0.date) }.count
        var recap = [
            Self.count(coachInteractions, "coach interaction", "coach interactions", "logged"),
            Self.count(figures.interactions.total, "interaction", "interactions", "in all"),
            Self.count(figures.metrics.total, "performance metric", "performance metrics", "recorded"),
        ]
        if !followUps.deadlines.isEmpty { recap.append(Self.count(followUps.deadlines.count, "offer deadline", "offer deadlines", "in the next 14 days")) }
        func change(_ now: Int, _ before: Int) -> String { now == before ? "no change" : (now > before ? "+\(now - before)" : "−\(before - now)") }
        let rate = figures.coaches.responseRate.map(ReportText.percent) ?? "N/A"
        let rateChange: String? = figures.coaches.responseRate.flatMap { now in
            previous.responseRate.map { before in (now >= before ? "+" : "−") + ReportText.decimal(abs(now - before), places: 1) + " pts" }
        }
        func day(_ date: CivilDate) -> String { ReportText.day(date) }
        var context: [String: Any] = [
            "family_name": Display.oneLine(run.data.family.displayName),
            "headline": headline,
            "range": ReportText.rangeText(run.range),
            "recap": recap.map { ["line": $0] },
            "figures": [
                ["label": "Schools on your list", "value": String(figures.schools.total)],
                ["label": "Coaches on your list", "value": String(figures.coaches.total)],
                ["label": "Interactions", "value": String(figures.interactions.total), "change": change(figures.interactions.total, previous.interactionsTotal)],
                ["label": "Metrics recorded", "value": String(figures.metrics.total)],
                ["label": "Response rate", "value": rate, "change": rateChange as Any].compactMapValues { $0 as? String },
            ],
            "has_deadlines": !followUps.deadlines.isEmpty,
            "deadlines": followUps.deadlines.map { deadline in
                ["school": deadline.school, "offer": deadline.offerType.displayName, "deadline": day(deadline.deadline),
                 "days_left": deadline.daysLeft == 0 ? "today" : Self.count(deadline.daysLeft, "day", "days", "left"),
                 "color": deadline.daysLeft <= 3 ? "#DC2626" : deadline.daysLeft <= 7 ? "#B45309" : "#111827"]
            },
            "has_awaiting": !followUps.awaitingReply.isEmpty,
            "awaiting": followUps.awaitingReply.map { ["coach": $0.coach, "school": $0.school, "days": String($0.daysWaiting)] },
            "has_quiet": !followUps.goneQuiet.isEmpty,
            "quiet": followUps.goneQuiet.map { school in
                ["school": school.school, "status": school.status.displayName,
                 "since": school.lastContact.map { "last interaction \(day($0))" } ?? "never contacted"]
            },
            "has_attachments": !files.isEmpty,
            "attachments": files.enumerated().map { index, file -> [String: Any] in ["name": file.name, "last": index == files.count - 1] },
        ]
        if !leftOut.isEmpty { context["left_out"] = leftOut.joined(separator: ", ") }
        self.context = context
    }

    /// The message to one recipient, with their own unsubscribe link when the job has one.
    package func message(to recipient: MIMEMessage.Address, unsubscribe: (url: String, secret: String)?) -> MIMEMessage {
        let link = unsubscribe.map { UnsubscribeToken.link(base: $0.url, secret: $0.secret, email: recipient.email) }
        var context = self.context
        if let link { context["unsubscribe_url"] = link }
        var message = MIMEMessage(from: job.from, to: recipient, subject: subject, date: run.generatedAt,
                                  messageID: MIMEMessage.messageID(family: run.data.family.id, recipient: recipient.email, range: run.range, from: job.from),
                                  text: templates.text(context), html: templates.html(context))
        message.attachments = attachments
        if let link {
            message.headers = [("List-Unsubscribe", "<\(link)>"), ("List-Unsubscribe-Post", "List-Unsubscribe=One-Click")]
        }
        return message
    }

    static func contentType(_ format: String) -> String {
        switch format {
        case "pdf": "application/pdf"
        case "xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        case "csv": "text/csv; charset=utf-8"
        case "json": "application/json"
        default: "application/octet-stream"
        }
    }
}
