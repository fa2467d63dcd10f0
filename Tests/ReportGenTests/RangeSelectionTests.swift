import Aggregation
import Core
import ReportGen
import Testing

/// Parsing of --preset, --from and --to, with the messages of report.md §1.
struct RangeSelectionTests {
    @Test func defaultsAndPresets() throws {
        #expect(try RangeSelection.parse(preset: nil, from: nil, to: nil) == .preset(.last30Days))
        #expect(try RangeSelection.parse(preset: "previous-week", from: nil, to: nil) == .preset(.previousWeek))
        let custom = try RangeSelection.parse(preset: nil, from: "2026-02-08", to: "2026-02-08")
        #expect(try custom.range(today: CivilDate(iso: "2026-11-22")!).dayCount == 1)
    }

    @Test(
        arguments: [
            (
                "last-week", nil, nil,
                "--preset 'last-week' is not a preset; use one of: last-7-days, last-30-days, last-90-days, last-6-months, year-to-date, last-year, previous-week, previous-month"
            ),
            (
                "last-7-days", "2026-01-01", nil,
                "--preset 'last-7-days' cannot be combined with --from/--to; give a preset or a custom range"
            ),
            (nil, "2026-01-01", nil, "--from '2026-01-01' needs --to as well"),
            (nil, nil, "2026-01-01", "--to '2026-01-01' needs --from as well"),
            (nil, "2026-1-1", "2026-02-01", "--from '2026-1-1' is not a date in the form YYYY-MM-DD"),
            (nil, "2026-01-01", "2026-02-30", "--to '2026-02-30' is not a date in the form YYYY-MM-DD"),
        ] as [(String?, String?, String?, String)]
    )
    func usageErrorsQuoteTheBadValue(preset: String?, from: String?, to: String?, message: String) {
        let error = #expect(throws: UsageError.self) { try RangeSelection.parse(preset: preset, from: from, to: to) }
        #expect(error?.description == message)
    }

    @Test func anEndBeforeTheStartIsAUsageError() throws {
        let selection = try RangeSelection.parse(preset: nil, from: "2026-02-08", to: "2026-02-07")
        let error = #expect(throws: UsageError.self) { try selection.range(today: CivilDate(iso: "2026-11-22")!) }
        #expect(error?.description == "End date must be after start date")
        #expect(ExitStatus.of(error!) == .usage)
    }

    @Test func timezones() throws {
        #expect(try Zone.parseOption("Europe/Paris").identifier == "Europe/Paris")
        let error = #expect(throws: UsageError.self) { try Zone.parseOption("Europe/Atlantis") }
        #expect(error?.description.hasPrefix("--timezone 'Europe/Atlantis' is not a known IANA time zone") == true)
    }
}
