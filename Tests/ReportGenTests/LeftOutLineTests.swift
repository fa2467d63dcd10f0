import Core
import ReportGen
import Testing

/// The line a family's warnings and its report's last page give for `bad_rows: skip`: rows left
/// out, counted once each however many of their values are bad, and optional values left out
/// alone, their rows kept.
struct LeftOutLineTests {
    static func issue(_ row: String, _ column: String, keepsRow: Bool = false) -> DataIssue {
        var issue = DataIssue(table: "schools", rowID: "'\(row)'", column: column, problem: "is bad")
        issue.keepsRow = keepsRow
        return issue
    }

    @Test func rowsAndValuesAreCountedApart() {
        #expect(ReportText.leftOutLine([Self.issue("a", "status")]) == "1 row could not be read and is left out")
        #expect(
            ReportText.leftOutLine([Self.issue("a", "status"), Self.issue("a", "name"), Self.issue("b", "status")])
                == "2 rows could not be read and are left out"
        )
        #expect(
            ReportText.leftOutLine([Self.issue("a", "fit_score", keepsRow: true)])
                == "1 value could not be read and is left out, its row kept"
        )
        #expect(
            ReportText.leftOutLine([
                Self.issue("a", "fit_score", keepsRow: true), Self.issue("b", "graduation_year", keepsRow: true),
            ]) == "2 values could not be read and are left out, their rows kept"
        )
        #expect(
            ReportText.leftOutLine([Self.issue("a", "status"), Self.issue("b", "ranking", keepsRow: true)])
                == "1 row could not be read and is left out; 1 value could not be read and is left out, its row kept"
        )
    }
}
