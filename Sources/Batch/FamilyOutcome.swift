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
