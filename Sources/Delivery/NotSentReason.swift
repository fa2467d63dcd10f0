import Aggregation
import Core
import Exporters
import Foundation
import ReportGen

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
