import Aggregation
import Testing

/// Progress and personal bests (docs/metrics.md, "Progress"): each expected value worked out
/// by hand from the rows of the test.
struct MetricProgressTests {
    let zone = Zone(identifier: "America/New_York")!
    /// The week of Nov 16–22, 2026.
    let week = try! DateRange(from: CivilDate(iso: "2026-11-16")!, to: CivilDate(iso: "2026-11-22")!)

    func metric(
        _ id: String,
        _ type: String,
        _ value: Double?,
        on day: String,
        source: String? = nil
    ) -> PerformanceMetric {
        var row = PerformanceMetric(id: id, familyUnitID: "F", metricType: type, date: try! Timestamp.parse(day))
        row.value = value
        row.source = source
        return row
    }

    func progress(_ rows: [PerformanceMetric]) -> ReportFigures.MetricProgress? {
        let data = FamilyData(family: FamilyUnit(id: "F", familyName: "F", createdAt: nil), metrics: rows)
        return ReportCalculator.figures(for: data, range: week, zone: zone).metrics.summaries.first?.progress
    }

    @Test func lowerIsBetterAFasterDashIsAnImprovementAndANewBest() throws {
        // 60-Yard Dash: 6.92 (Oct), 7.10 (Nov 2), then 6.81 and 6.95 in the week.
        let result = try #require(
            progress([
                metric("a", "sixty_time", 6.92, on: "2026-10-05"), metric("b", "sixty_time", 7.10, on: "2026-11-02"),
                metric("c", "sixty_time", 6.81, on: "2026-11-17", source: "Perfect Game"),
                metric("d", "sixty_time", 6.95, on: "2026-11-20"),
                metric("e", "sixty_time", 6.50, on: "2026-11-23"),  // after the range: not counted
            ])
        )
        #expect(result.best?.value == 6.81 && result.best?.date == CivilDate(iso: "2026-11-17"))
        #expect(result.best?.display == "6.81 sec" && result.best?.source == "Perfect Game")
        #expect(result.previous?.value == 7.10 && result.previous?.date == CivilDate(iso: "2026-11-02"))
        // The last value in the range (6.95) minus the previous one (7.10): 0.15 faster.
        #expect(abs(try #require(result.change) - -0.15) < 1e-9 && result.improved == true)
        #expect(result.newBest && result.bestBefore == 6.92)
    }

    @Test func higherIsBetterASlowerPitchIsWorseAndNoNewBest() throws {
        let result = try #require(
            progress([
                metric("a", "velocity", 88, on: "2026-09-01"), metric("b", "velocity", 85, on: "2026-11-10"),
                metric("c", "velocity", 83, on: "2026-11-18"),
            ])
        )
        #expect(result.best?.value == 88 && result.previous?.value == 85)
        #expect(result.change == -2 && result.improved == false && !result.newBest)
    }

    @Test func aTieIsNeitherANewBestNorAChangeAndTheBestKeepsItsFirstDay() throws {
        let result = try #require(
            progress([
                metric("a", "velocity", 90, on: "2026-08-01"), metric("b", "velocity", 90, on: "2026-11-17"),
            ])
        )
        #expect(result.best?.date == CivilDate(iso: "2026-08-01"))
        #expect(result.change == 0 && result.improved == nil && !result.newBest)
    }

    @Test func aFirstEntryHasNoPreviousNoChangeAndIsNoNewBest() throws {
        let result = try #require(progress([metric("a", "velocity", 90, on: "2026-11-18")]))
        #expect(result.best?.value == 90 && result.previous == nil)
        #expect(result.change == nil && result.improved == nil && !result.newBest && result.bestBefore == nil)
    }

    @Test func anEntryYearsBeforeTheRangeStillCounts() throws {
        // A 2019 dash of 6.60 is still the best before the range: 6.81 is no new best.
        let result = try #require(
            progress([
                metric("a", "sixty_time", 6.60, on: "2019-04-02"), metric("b", "sixty_time", 6.81, on: "2026-11-18"),
            ])
        )
        #expect(result.previous?.date == CivilDate(iso: "2019-04-02") && result.best?.value == 6.60)
        #expect(!result.newBest && result.improved == false)
    }

    @Test func entriesWithoutANumberAreLeftOut() throws {
        let result = try #require(
            progress([metric("a", "velocity", nil, on: "2026-11-01"), metric("b", "velocity", 80, on: "2026-11-18")])
        )
        #expect(result.previous == nil && result.best?.value == 80)
    }
}

/// When coaches may contact the athlete (docs/next-steps.md): the app's eight seeded rules for
/// a class of 2028 and of 2029, on Nov 27, 2026; the days worked out by hand.
struct ContactWindowTests {
    static let today = CivilDate(iso: "2026-11-27")!

    static let seeded: [(String, Division, ContactRuleKind, String?, String?)] = [
        ("baseball", .d1, .dateBeforeGrade, "junior", "Aug 1"),
        ("softball", .d1, .dateAfterGrade, "sophomore", "Sept 1"),
        ("football", .d1, .dateAfterGrade, "sophomore", "Sept 1"), ("*", .d1, .dateAfterGrade, "sophomore", "Jun 15"),
        ("*", .d2, .dateAfterGrade, "sophomore", "Jun 15"), ("*", .d3, .unrestricted, nil, nil),
        ("*", .naia, .unrestricted, nil, nil), ("*", .juco, .unrestricted, nil, nil),
    ]

    static func data(sport: String?, graduationYear: Int?, rules: Bool = true) -> FamilyData {
        var player = User(id: "P", email: "p@example.com", fullName: "Anaïs Dubois", role: .player, timezone: nil)
        player.graduationYear = graduationYear
        var data = FamilyData(
            family: FamilyUnit(id: "F", familyName: "F", createdAt: nil),
            members: [FamilyMember(familyUnitID: "F", userID: "P", role: .player)],
            users: ["P": player],
            schools: Division.allCases.enumerated().flatMap { index, division in
                (0...index).map { n in
                    var school = School(
                        id: "\(division.rawValue)\(n)",
                        familyUnitID: "F",
                        name: "S",
                        status: .contacted
                    )
                    school.division = division
                    return school
                }
            }
        )
        data.season.playerPreferenceSport = sport
        if rules {
            data.season.contactRules = seeded.enumerated().map { index, rule in
                var row = ContactWindowRule(id: "r\(index)", sport: rule.0, division: rule.1, kind: rule.2)
                (row.reference, row.windowDate) = (rule.3, rule.4)
                return row
            }
        }
        return data
    }

    func windows(_ sport: String?, _ year: Int?) throws -> [ContactWindow] {
        try #require(ContactWindow.compute(Self.data(sport: sport, graduationYear: year), today: Self.today))
    }

    @Test(arguments: [
        // sport, class, D1's rule sport, D1 opens on, D1 state and days until; D2 opens on
        ("Baseball" as String?, 2028, "baseball", "2026-08-01", ContactWindow.State.open, nil as Int?, "2026-06-15"),
        ("softball ", 2028, "softball", "2026-09-01", .open, nil, "2026-06-15"),
        ("Football", 2028, "football", "2026-09-01", .open, nil, "2026-06-15"),
        ("Baseball", 2029, "baseball", "2027-08-01", .opens, 247, "2027-06-15"),
        ("Softball", 2029, "softball", "2027-09-01", .opens, 278, "2027-06-15"),
        ("Football", 2029, "football", "2027-09-01", .opens, 278, "2027-06-15"),
        // Curling has no rule of its own: the `*` rule, Jun 15 after sophomore year.
        ("Curling", 2029, "*", "2027-06-15", .opens, 200, "2027-06-15"),
        (nil as String?, 2029, "*", "2027-06-15", .opens, 200, "2027-06-15"),
    ])
    func theAppsRules(
        sport: String?,
        year: Int,
        rule: String,
        d1: String,
        state: ContactWindow.State,
        days: Int?,
        d2: String
    ) throws {
        let result = try windows(sport, year)
        #expect(result.map(\.division) == Division.allCases)
        #expect(result.map(\.schools) == [1, 2, 3, 4, 5])
        #expect(result[0].sport == rule && result[0].opensOn == CivilDate(iso: d1))
        #expect(result[0].state == state && result[0].daysUntil == days)
        #expect(result[1].sport == "*" && result[1].opensOn == CivilDate(iso: d2))
        for window in result[2...] {
            #expect(
                window.kind == .unrestricted && window.state == .open && window.opensOn == nil
                    && window.daysUntil == nil
            )
        }
    }

    @Test func withoutAClassTheDateIsUnknownButUnrestrictedIsOpen() throws {
        let result = try windows("Baseball", nil)
        #expect(result.prefix(2).allSatisfy { $0.state == .unknown && $0.opensOn == nil && $0.daysUntil == nil })
        #expect(result.dropFirst(2).allSatisfy { $0.state == .open })
    }

    @Test func withoutTheTableThereAreNoWindowsAndADivisionWithoutARuleIsLeftOut() throws {
        #expect(
            ContactWindow.compute(Self.data(sport: "Baseball", graduationYear: 2028, rules: false), today: Self.today)
                == nil
        )
        var data = Self.data(sport: "Baseball", graduationYear: 2028)
        data.season.contactRules = data.season.contactRules?.filter { $0.division != .d2 }
        #expect(ContactWindow.compute(data, today: Self.today)?.map(\.division) == [.d1, .d3, .naia, .juco])
    }

    @Test(arguments: [
        ("Aug 1", 8, 1), ("Sept 1", 9, 1), ("sep 30", 9, 30), ("jun. 15", 6, 15), (" Dec  31 ", 12, 31),
    ])
    func aWindowDateReads(text: String, month: Int, day: Int) throws {
        var data = Self.data(sport: "Baseball", graduationYear: 2029)
        data.season.contactRules?[0].windowDate = text
        let window = try #require(ContactWindow.compute(data, today: Self.today)?.first)
        #expect(window.opensOn == CivilDate(year: 2027, month: month, day: day))
    }

    @Test(arguments: ["August 1", "Aug", "Aug 1st", "Aug 32", "Feb 30", "Aug +1", "1 Aug", ""])
    func aWindowDateThatDoesNotReadIsUnknown(text: String) throws {
        var data = Self.data(sport: "Baseball", graduationYear: 2029)
        data.season.contactRules?[0].windowDate = text
        let window = try #require(ContactWindow.compute(data, today: Self.today)?.first)
        #expect(window.state == .unknown && window.opensOn == nil)
    }

    @Test func aReferenceThatDoesNotReadIsUnknown() throws {
        var data = Self.data(sport: "Baseball", graduationYear: 2029)
        data.season.contactRules?[0].reference = "super senior"
        #expect(try #require(ContactWindow.compute(data, today: Self.today)?.first).state == .unknown)
    }
}
