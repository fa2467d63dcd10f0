import Aggregation
import Testing

struct DateRangeTests {
    /// Every preset against Jan 1, a Monday, a Sunday and Mar 1 of a leap year (computed independently with Python's
    /// datetime).
    static let presets: [(String, String, String, String)] = [
        ("2026-01-01", "last-7-days", "2025-12-26", "2026-01-01"),
        ("2026-01-01", "last-30-days", "2025-12-03", "2026-01-01"),
        ("2026-01-01", "last-90-days", "2025-10-04", "2026-01-01"),
        ("2026-01-01", "last-6-months", "2025-07-06", "2026-01-01"),
        ("2026-01-01", "year-to-date", "2026-01-01", "2026-01-01"),
        ("2026-01-01", "last-year", "2025-01-02", "2026-01-01"),
        ("2026-01-01", "previous-week", "2025-12-22", "2025-12-28"),
        ("2026-01-01", "previous-month", "2025-12-01", "2025-12-31"),
        ("2026-11-23", "last-7-days", "2026-11-17", "2026-11-23"),
        ("2026-11-23", "last-30-days", "2026-10-25", "2026-11-23"),
        ("2026-11-23", "last-90-days", "2026-08-26", "2026-11-23"),
        ("2026-11-23", "last-6-months", "2026-05-28", "2026-11-23"),
        ("2026-11-23", "year-to-date", "2026-01-01", "2026-11-23"),
        ("2026-11-23", "last-year", "2025-11-24", "2026-11-23"),
        ("2026-11-23", "previous-week", "2026-11-16", "2026-11-22"),
        ("2026-11-23", "previous-month", "2026-10-01", "2026-10-31"),
        ("2026-11-22", "last-7-days", "2026-11-16", "2026-11-22"),
        ("2026-11-22", "last-30-days", "2026-10-24", "2026-11-22"),
        ("2026-11-22", "last-90-days", "2026-08-25", "2026-11-22"),
        ("2026-11-22", "last-6-months", "2026-05-27", "2026-11-22"),
        ("2026-11-22", "year-to-date", "2026-01-01", "2026-11-22"),
        ("2026-11-22", "last-year", "2025-11-23", "2026-11-22"),
        ("2026-11-22", "previous-week", "2026-11-09", "2026-11-15"),
        ("2026-11-22", "previous-month", "2026-10-01", "2026-10-31"),
        ("2024-03-01", "last-7-days", "2024-02-24", "2024-03-01"),
        ("2024-03-01", "last-30-days", "2024-02-01", "2024-03-01"),
        ("2024-03-01", "last-90-days", "2023-12-03", "2024-03-01"),
        ("2024-03-01", "last-6-months", "2023-09-04", "2024-03-01"),
        ("2024-03-01", "year-to-date", "2024-01-01", "2024-03-01"),
        ("2024-03-01", "last-year", "2023-03-03", "2024-03-01"),
        ("2024-03-01", "previous-week", "2024-02-19", "2024-02-25"),
        ("2024-03-01", "previous-month", "2024-02-01", "2024-02-29"),
    ]

    @Test(arguments: presets)
    func preset(today: String, name: String, from: String, to: String) throws {
        let preset = try #require(ReportPreset(rawValue: name))
        let range = preset.range(today: try #require(CivilDate(iso: today)))
        #expect(range.from.description == from)
        #expect(range.to.description == to)
        #expect(range.preset == preset)
    }

    @Test func consecutiveWeeklyRunsTileWithNoGapAndNoOverlap() throws {
        var monday = try #require(CivilDate(iso: "2025-12-29"))
        var previousEnd: CivilDate?
        for _ in 0..<60 {
            let range = ReportPreset.previousWeek.range(today: monday)
            #expect(range.dayCount == 7)
            #expect(range.from.isoWeekday == 1 && range.to.isoWeekday == 7)
            if let previousEnd { #expect(range.from == previousEnd.adding(days: 1)) }
            previousEnd = range.to
            monday = monday.adding(days: 7)
        }
    }

    @Test func customRanges() throws {
        let day = try #require(CivilDate(iso: "2026-02-08"))
        let oneDay = try DateRange(from: day, to: day)
        #expect(oneDay.dayCount == 1 && oneDay.preset == nil)
        #expect(throws: DateRangeError.endBeforeStart) { try DateRange(from: day, to: day.adding(days: -1)) }
        #expect(DateRangeError.endBeforeStart.description == "End date must be after start date")
    }

    @Test(arguments: [("2016-02-08", false), ("2016-02-07", true), ("2015-01-01", true), ("2020-01-01", false)])
    func aRangeOverTenYearsWarns(from: String, large: Bool) throws {
        let range = try DateRange(
            from: try #require(CivilDate(iso: from)),
            to: try #require(CivilDate(iso: "2026-02-08"))
        )
        #expect(range.isLarge == large)
    }

    @Test func tenYearsFromALeapDay() throws {
        // 2016-02-29 plus 10 years is 2026-02-28: the 1st of March is past it.
        let from = try #require(CivilDate(iso: "2016-02-29"))
        #expect(try DateRange(from: from, to: CivilDate(iso: "2026-02-28")!).isLarge == false)
        #expect(try DateRange(from: from, to: CivilDate(iso: "2026-03-01")!).isLarge == true)
    }

    @Test(arguments: [
        ("2026-11-23", "previous-month", "2026-09-01", "2026-09-30"),
        ("2026-03-15", "previous-month", "2026-01-01", "2026-01-31"),
        ("2024-03-10", "previous-month", "2024-01-01", "2024-01-31"),
        ("2026-11-23", "year-to-date", "2025-01-01", "2025-11-23"),
        ("2024-02-29", "year-to-date", "2023-01-01", "2023-02-28"),
        ("2026-11-23", "previous-week", "2026-11-09", "2026-11-15"),
        ("2026-11-22", "last-7-days", "2026-11-09", "2026-11-15"),
        ("2026-11-22", "last-30-days", "2026-09-24", "2026-10-23"),
        ("2024-03-01", "last-year", "2022-03-03", "2023-03-02"),
    ])
    func previousPeriod(today: String, preset: String, from: String, to: String) throws {
        let range = try #require(ReportPreset(rawValue: preset)).range(today: try #require(CivilDate(iso: today)))
        let previous = range.previousPeriod
        #expect(previous.from.description == from)
        #expect(previous.to.description == to)
    }

    @Test func thePreviousPeriodOfACustomRangeHasTheSameLength() throws {
        let range = try DateRange(from: CivilDate(iso: "2026-03-01")!, to: CivilDate(iso: "2026-03-10")!)
        #expect(range.previousPeriod.from.description == "2026-02-19")
        #expect(range.previousPeriod.to.description == "2026-02-28")
    }
}

struct DayWindowTests {
    let zone = Zone(identifier: "America/Los_Angeles")!

    func instant(_ text: String) throws -> Timestamp { try Timestamp.parse(text) }

    @Test func dayBoundariesInTheReportsZone() throws {
        let range = try DateRange(from: CivilDate(iso: "2026-11-16")!, to: CivilDate(iso: "2026-11-22")!)
        let window = DayWindow(range: range, zone: zone)
        // 23:30 local on the `to` day is in; 00:00 the day after is out.
        #expect(window.contains(try instant("2026-11-22T23:30:00-08:00")))
        #expect(window.contains(try instant("2026-11-23T07:30:00Z")))
        #expect(!window.contains(try instant("2026-11-23T00:00:00-08:00")))
        #expect(!window.contains(try instant("2026-11-23T08:00:00Z")))
        // 00:00 local on the `from` day is in; a second before is out.
        #expect(window.contains(try instant("2026-11-16T00:00:00-08:00")))
        #expect(!window.contains(try instant("2026-11-15T23:59:59-08:00")))
        // A bare date is that calendar day.
        #expect(window.contains(try instant("2026-11-22")))
        #expect(!window.contains(try instant("2026-11-23")))
        #expect(!window.contains(try instant("2026-11-15")))
    }

    @Test func aWeekAcrossTheEndOfDaylightSavingTime() throws {
        let newYork = try #require(Zone(identifier: "America/New_York"))
        let range = try DateRange(from: CivilDate(iso: "2026-10-26")!, to: CivilDate(iso: "2026-11-01")!)
        let window = DayWindow(range: range, zone: newYork)
        #expect(window.start.iso8601 == "2026-10-26T04:00:00Z")
        #expect(window.end.iso8601 == "2026-11-02T05:00:00Z")
        #expect(window.contains(try instant("2026-11-01T23:59:59-05:00")))
        #expect(!window.contains(try instant("2026-11-02T00:00:00-05:00")))
    }
}
