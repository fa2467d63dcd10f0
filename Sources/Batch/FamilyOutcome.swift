import Aggregation
import Delivery

/// How one family's part of a run ended.
package struct FamilyOutcome: Sendable {
    package enum Status: Sendable, Equatable {
        case ok
        case skippedNoData
        case failed(String)

        package var isFailure: Bool { if case .failed = self { true } else { false } }

        /// The manifest's words: `ok`, `skipped: no data`, `failed: reason`.
        package var text: String {
            switch self {
            case .ok: "ok"
            case .skippedNoData: "skipped: no data"
            case .failed(let reason): "failed: \(reason)"
            }
        }
    }

    package let family: FamilyUnit
    package let folder: String
    package var status: Status
    package let files: [ManifestFile]
    package var warnings: [String]
    /// The days the family's report covers, from its own "today" (its zone); nil when the
    /// family failed before it was known.
    package var range: ClosedRange<CivilDate>? = nil
    /// Recap e-mails: sent (now or by an earlier run of the same days), not sent (a preference,
    /// an opt-out, a duplicate address) and failed.
    package var mail = MailCounts()
}

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

/// A file in a manifest.
package struct ManifestFile: Sendable {
    package let name: String
    package let format: String
    package let bytes: Int
    package let sha256: String
    package let rows: Int?
}
