import Aggregation
import Testing

struct TimestampTests {
    /// Every accepted form of data-model.md, with the UTC instant it stands for.
    static let accepted: [(String, String)] = [
        ("2026-02-08T12:00:00Z", "2026-02-08T12:00:00Z"),
        ("2026-02-08T12:00:00.123Z", "2026-02-08T12:00:00.123Z"),
        ("2026-02-08T12:00:00.5Z", "2026-02-08T12:00:00.5Z"),
        ("2026-02-08T12:00:00.123456789Z", "2026-02-08T12:00:00.123456789Z"),
        ("2026-02-08T12:00:00+00:00", "2026-02-08T12:00:00Z"),
        ("2026-02-08T07:00:00-05:00", "2026-02-08T12:00:00Z"),
        ("2026-02-08T07:00:00-0500", "2026-02-08T12:00:00Z"),
        ("2026-02-08T07:00:00-05", "2026-02-08T12:00:00Z"),
        ("2026-02-08 12:00:00.123456+00", "2026-02-08T12:00:00.123456Z"),
        ("2026-02-08 12:00:00Z", "2026-02-08T12:00:00Z"),
        ("2026-02-08T12:00Z", "2026-02-08T12:00:00Z"),
        ("2026-02-08T12:00+05:30", "2026-02-08T06:30:00Z"),
        ("2026-02-09T01:30:00+14:00", "2026-02-08T11:30:00Z"),
        ("2026-01-01T00:30:00+01:00", "2025-12-31T23:30:00Z"),
        ("2024-02-29T23:59:59.999999999-12:00", "2024-03-01T11:59:59.999999999Z"),
    ]

    @Test(arguments: accepted)
    func acceptedForms(text: String, utc: String) throws {
        guard case .instant(let instant) = try Timestamp.parse(text) else {
            Issue.record("\(text) did not parse as an instant")
            return
        }
        #expect(instant.iso8601 == utc)
    }

    @Test func aBareDateIsACalendarDay() throws {
        #expect(try Timestamp.parse("2026-02-08") == .day(CivilDate(year: 2026, month: 2, day: 8)!))
        #expect(try Timestamp.parse("2024-02-29") == .day(CivilDate(year: 2024, month: 2, day: 29)!))
    }

    @Test(arguments: [
        "2026-02-08T12:00:00", "2026-02-08 12:00", "2026-02-08T12:00:00.Z", "2026-02-08T12:00:00.1234567890Z",
        "2026-02-30", "2025-02-29", "2026-13-01", "2026-2-8", "26-02-08", "2026-02-08T24:00:00Z",
        "2026-02-08T12:60:00Z",
        "2026-02-08T12:00:00+5", "2026-02-08T12:00:00 +05:00", "2026-02-08T12:00:00Zjunk", "2026/02/08", "",
        "yesterday", "2026-02-08X12:00:00Z", "２０２６-02-08",
    ])
    func rejectedForms(text: String) {
        #expect(throws: TimestampError.self) { try Timestamp.parse(text) }
    }

    @Test func aDateTimeWithoutOffsetSaysSo() {
        #expect(throws: TimestampError.missingOffset("2026-02-08T12:00:00")) {
            try Timestamp.parse("2026-02-08T12:00:00")
        }
    }
}

struct CivilDateTests {
    @Test(arguments: [
        ("1970-01-01", 0, 4), ("2026-11-22", 20779, 7), ("2026-11-23", 20780, 1), ("2024-02-29", 19782, 4),
        ("2000-03-01", 11017, 3), ("1969-12-31", -1, 3),
    ])
    func daysAndWeekdays(text: String, days: Int, weekday: Int) throws {
        let date = try #require(CivilDate(iso: text))
        #expect(date.daysSinceEpoch == days)
        #expect(CivilDate(daysSinceEpoch: days) == date)
        #expect(date.isoWeekday == weekday)
        #expect(date.description == text)
    }

    @Test func arithmetic() throws {
        let leapDay = try #require(CivilDate(iso: "2024-02-29"))
        #expect(leapDay.adding(days: 1).description == "2024-03-01")
        #expect(leapDay.inYear(2025).description == "2025-02-28")
        #expect(leapDay.firstOfMonth.description == "2024-02-01")
        #expect(CivilDate(iso: "2025-02-10")!.lastOfMonth.description == "2025-02-28")
        #expect(CivilDate(iso: "2026-01-01")!.adding(days: -1).description == "2025-12-31")
        #expect(CivilDate(iso: "2026-01-01")!.days(until: CivilDate(iso: "2027-01-01")!) == 365)
    }

    @Test func everyDayOfFourHundredYearsRoundTrips() {
        for days in stride(from: -25_000, through: 125_000, by: 1) {
            let date = CivilDate(daysSinceEpoch: days)
            if date.daysSinceEpoch != days || CivilDate(year: date.year, month: date.month, day: date.day) != date {
                Issue.record("day \(days) → \(date)")
                return
            }
        }
    }
}

struct ZoneTests {
    let newYork = Zone(identifier: "America/New_York")!

    @Test func unknownZonesAreRejected() {
        #expect(Zone(identifier: "Mars/Olympus_Mons") == nil)
        #expect(Zone(identifier: "") == nil)
        #expect(Zone(identifier: "America/Los_Angeles") != nil)
    }

    @Test(arguments: [
        ("2026-01-15", "2026-01-15T05:00:00Z"),  // EST
        ("2026-07-15", "2026-07-15T04:00:00Z"),  // EDT
        ("2026-03-08", "2026-03-08T05:00:00Z"),  // the day clocks go forward at 2:00
        ("2026-11-01", "2026-11-01T04:00:00Z"),  // the day clocks go back at 2:00
    ])
    func startOfDayInNewYork(date: String, utc: String) throws {
        #expect(newYork.startOfDay(try #require(CivilDate(iso: date))).iso8601 == utc)
    }

    @Test func aZoneWhoseMidnightDoesNotExist() throws {
        // Santiago, Chile moved clocks from 00:00 to 01:00 on 2022-09-11: that day starts at 01:00 local.
        let santiago = try #require(Zone(identifier: "America/Santiago"))
        let start = santiago.startOfDay(try #require(CivilDate(iso: "2022-09-11")))
        #expect(start.iso8601 == "2022-09-11T04:00:00Z")
        #expect(santiago.date(of: start).description == "2022-09-11")
        #expect(santiago.date(of: Instant(seconds: start.seconds - 1)).description == "2022-09-10")
    }

    @Test func localTimes() throws {
        guard case .instant(let instant) = try Timestamp.parse("2026-02-04T03:30:00Z") else { return }
        #expect(newYork.date(of: instant).description == "2026-02-03")
        #expect(newYork.localTime(of: instant).minutePrecision == "2026-02-03 22:30")
        #expect(Zone.utc.localTime(of: instant).minutePrecision == "2026-02-04 03:30")
    }
}
