import Aggregation
import Core
import Foundation
import GRDB

/// Collects the bad values found while reading rows, so that one pass can report all of them.
final class IssueLog {
    private(set) var issues: [DataIssue] = []
    /// The issues that cost their row its place (`bad_rows: skip` leaves the row out): every
    /// issue but one of an optional column (`keepsRow`), whose value then reads as null.
    private(set) var failures = 0
    func record(_ issue: DataIssue) {
        issues.append(issue)
        if !issue.keepsRow { failures += 1 }
    }
    var count: Int { issues.count }
}
