import Aggregation
import Delivery

/// How a family's (or a run's) recap e-mails went.
package struct MailCounts: Sendable, Equatable {
    /// Messages written as `.eml` files, and of those sent (now or by an earlier run of the same days) and failed.
    package var written = 0, sent = 0, failed = 0
    /// Members and addresses that got no message, by reason.
    package var notSent: [NotSentReason: Int] = [:]

    package init() {}

    /// Counts each member or address that gets no message, by its reason.
    package mutating func count(_ skipped: [RecipientPlan.Skipped]) {
        for item in skipped { notSent[item.reason, default: 0] += 1 }
    }

    package var notSentTotal: Int { notSent.values.reduce(0, +) }

    package mutating func add(_ other: MailCounts) {
        written += other.written
        sent += other.sent
        failed += other.failed
        notSent.merge(other.notSent, uniquingKeysWith: +)
    }

    /// The summary's line (docs/delivery.md): `messages: 12 written, 8 sent, 4 not sent (2
    /// e-mail off, 1 opted out, 1 invalid address), 0 failed`; when nothing is sent
    /// (`via: none`), `messages: 12 written, not sent (via: none)`.
    package func line(sends: Bool) -> String {
        guard sends else { return "messages: \(written) written, not sent (via: none)" }
        let reasons = NotSentReason.allCases.compactMap { reason in notSent[reason].map { "\($0) \(reason.rawValue)" } }
        let notSentText =
            reasons.isEmpty ? "0 not sent" : "\(notSentTotal) not sent (\(reasons.joined(separator: ", ")))"
        return "messages: \(written) written, \(sent) sent, \(notSentText), \(failed) failed"
    }
}
