import Aggregation
import Testing

/// The figures of report.md §2, rule by rule.
struct ReportCalculatorTests {
    let zone = Zone(identifier: "America/New_York")!
    let week = try! DateRange(from: CivilDate(iso: "2026-11-16")!, to: CivilDate(iso: "2026-11-22")!)
    let family = FamilyUnit(id: "F", familyName: "Rivera Family", createdAt: nil)

    func at(_ text: String) -> Timestamp { try! Timestamp.parse(text) }

    func interaction(
        _ id: String,
        coach: String?,
        _ direction: Direction,
        _ date: String = "2026-11-18T12:00:00Z",
        type: InteractionType = .email,
        sentiment: Sentiment? = nil
    ) -> Interaction {
        var row = Interaction(id: id, familyUnitID: "F", type: type, direction: direction, date: at(date))
        row.coachID = coach
        row.sentiment = sentiment
        return row
    }

    func coach(_ id: String, school: String? = "s1", score: Double? = nil) -> Coach {
        var row = Coach(id: id, familyUnitID: "F", role: .head, firstName: "A", lastName: id)
        row.schoolID = school
        row.responsivenessScore = score
        return row
    }

    func figures(_ data: FamilyData, range: DateRange? = nil) -> ReportFigures {
        ReportCalculator.figures(for: data, range: range ?? week, zone: zone)
    }

    @Test(
        arguments: [
            // (directions per coach, contacted, responding, rate)
            ([["outbound"]], 1, 0, 0.0),
            ([["inbound"]], 0, 0, nil),
            ([["outbound", "inbound"]], 1, 1, 100.0),
            ([["outbound", "inbound"], ["outbound"], ["outbound"]], 3, 1, 100.0 / 3),
            ([["inbound"], ["inbound", "inbound"]], 0, 0, nil),
            ([[], []], 0, 0, nil),
            ([["outbound", "outbound", "inbound", "inbound", "inbound"]], 1, 1, 100.0),
        ] as [([[String]], Int, Int, Double?)]
    )
    func responseRate(perCoach: [[String]], contacted: Int, responding: Int, rate: Double?) {
        var data = FamilyData(family: family)
        for (index, directions) in perCoach.enumerated() {
            data.coaches.append(coach("c\(index)"))
            for (number, direction) in directions.enumerated() {
                data.interactions.append(
                    interaction("i\(index)-\(number)", coach: "c\(index)", Direction(rawValue: direction)!)
                )
            }
        }
        let result = figures(data).coaches
        #expect(result.contactedCoaches == contacted)
        #expect(result.respondingCoaches == responding)
        #expect(result.responseRate == rate)
        if let value = result.responseRate { #expect((0...100).contains(value)) }
    }

    @Test func theResponseRateCountsOnlyTheRangeAndOnlyTheFamilysCoaches() {
        var data = FamilyData(family: family, coaches: [coach("c1"), coach("c2")])
        data.interactions = [
            interaction("a", coach: "c1", .outbound),
            interaction("b", coach: "c1", .inbound, "2026-11-10T12:00:00Z"),  // before the range
            interaction("c", coach: "ghost", .outbound),  // no such coach
            interaction("d", coach: nil, .outbound),
            interaction("e", coach: "c2", .outbound, "2026-11-12T12:00:00Z"),
            interaction("f", coach: "c2", .inbound, "2026-11-13T12:00:00Z"),
        ]
        let result = figures(data)
        #expect(result.coaches.contactedCoaches == 1 && result.coaches.respondingCoaches == 0)
        #expect(result.coaches.responseRate == 0)
        #expect(result.interactions.total == 3)
        // The week before holds c1's inbound and c2's pair: c2 contacted and answered.
        #expect(result.previous.range.from.description == "2026-11-09")
        #expect(result.previous.interactionsTotal == 3)
        #expect(result.previous.responseRate == 100)
        #expect(result.previous.byDirection.count(of: Direction.inbound) == 2)
    }

    @Test func averageResponsivenessLeavesOutNulls() {
        let data = FamilyData(
            family: family,
            coaches: [coach("a", score: 80), coach("b", score: nil), coach("c", score: 50)]
        )
        #expect(figures(data).coaches.avgResponsiveness == 65)
        let none = FamilyData(family: family, coaches: [coach("a"), coach("b")])
        #expect(figures(none).coaches.avgResponsiveness == nil)
    }

    @Test func schoolsWithCoachesCountsDistinctSchoolsOfTheFamily() {
        let schools = ["s1", "s2", "s3"].map { School(id: $0, familyUnitID: "F", name: $0, status: .contacted) }
        // "elsewhere" is another family's school (or none at all): it is not one of this family's.
        let coaches = [
            coach("a", school: "s1"), coach("b", school: "s1"), coach("c", school: "s2"), coach("d", school: nil),
            coach("e", school: "elsewhere"),
        ]
        let data = FamilyData(family: family, schools: schools, coaches: coaches)
        #expect(figures(data).coaches.schoolsWithCoaches == 2)
        #expect(figures(data).coaches.total == 5)
        #expect(figures(FamilyData(family: family, coaches: coaches)).coaches.schoolsWithCoaches == 0)
    }

    @Test func schoolBreakdownsListEveryCategoryWithNullDivisionAsUnknown() {
        var first = School(id: "s1", familyUnitID: "F", name: "A", status: .visiting)
        first.division = .naia
        first.isFavorite = true
        let second = School(id: "s2", familyUnitID: "F", name: "B", status: .visiting)
        let result = figures(FamilyData(family: family, schools: [first, second])).schools
        #expect(result.total == 2 && result.favorites == 1)
        #expect(
            result.byStatus.map(\.key) == [
                .researching, .contacted, .visiting, .offerReceived, .committed, .notPursuing,
            ]
        )
        #expect(result.byStatus.count(of: SchoolStatus.visiting) == 2)
        #expect(result.byStatus.map(\.count).reduce(0, +) == 2)
        #expect(result.byDivision.map(\.key) == [.d1, .d2, .d3, .naia, .juco, nil])
        #expect(result.byDivision.count(of: Division?.none) == 1)
        #expect(result.byDivision.count(of: Division?.some(.naia)) == 1)
    }

    @Test func aNullSentimentCountsAsNeutral() {
        let data = FamilyData(
            family: family,
            interactions: [
                interaction("a", coach: nil, .outbound, sentiment: nil),
                interaction("b", coach: nil, .outbound, sentiment: .neutral),
                interaction("c", coach: nil, .inbound, type: .dm, sentiment: .veryPositive),
            ]
        )
        let result = figures(data).interactions
        #expect(result.bySentiment.map(\.key) == Sentiment.allCases)
        #expect(result.bySentiment.count(of: Sentiment.neutral) == 2)
        #expect(result.bySentiment.count(of: Sentiment.veryPositive) == 1)
        #expect(result.byType.map(\.key) == InteractionType.allCases)
        #expect(result.byType.count(of: InteractionType.dm) == 1)
        #expect(result.byDirection.count(of: Direction.outbound) == 2)
    }

    func metric(
        _ id: String,
        _ type: String,
        _ value: Double?,
        unit: String?,
        date: String = "2026-11-20"
    ) -> PerformanceMetric {
        var row = PerformanceMetric(id: id, familyUnitID: "F", metricType: type, date: at(date))
        row.value = value
        row.unit = unit
        return row
    }

    @Test func metricSummaries() throws {
        let data = FamilyData(
            family: family,
            metrics: [
                metric("1", "sixty_yard_dash", 7.0, unit: "s"),
                metric("2", "sixty_yard_dash", 6.5, unit: "s"),
                metric("3", "sixty_yard_dash", nil, unit: "sec"),
                metric("4", "sixty_yard_dash", 9.9, unit: "s", date: "2026-11-01"),  // outside the range
                metric("5", "broad_jump", nil, unit: "in"),
                metric("6", "broad_jump", nil, unit: nil),
                metric("7", "Élan", 3, unit: "b"),
                metric("8", "Élan", 4, unit: "a"),
                metric("9", "exit_velocity", 88, unit: nil),
            ]
        )
        let result = figures(data).metrics
        #expect(result.total == 8)
        // Plain code-point order: "É" (U+00C9) sorts after every ASCII letter.
        #expect(result.summaries.map(\.type) == ["broad_jump", "exit_velocity", "sixty_yard_dash", "Élan"])
        let broad = try #require(result.summaries.first)
        #expect(broad.rows == 2 && broad.count == 0)
        #expect(broad.avg == nil && broad.min == nil && broad.max == nil)
        #expect(broad.unit == "in")
        let exit = result.summaries[1]
        #expect(exit.unit == nil && exit.avg == 88)
        let dash = result.summaries[2]
        #expect(dash.rows == 3 && dash.count == 2 && dash.avg == 6.75 && dash.min == 6.5 && dash.max == 7.0)
        #expect(dash.unit == "s")
        // A tie between units goes to the first in code-point order.
        #expect(result.summaries[3].unit == "a")
    }

    @Test func noDataMeansNoSchoolsNoCoachesAndNothingInTheRange() {
        var data = FamilyData(
            family: family,
            interactions: [interaction("old", coach: nil, .outbound, "2025-01-01T00:00:00Z")]
        )
        data.metrics = [metric("m", "gpa", 3.9, unit: nil, date: "2025-01-01")]
        func totals(_ figures: ReportFigures) -> [Int] {
            [figures.schools.total, figures.coaches.total, figures.interactions.total, figures.metrics.total]
        }
        #expect(figures(data).isEmpty)
        #expect(totals(figures(data)) == [0, 0, 0, 0])
        data.schools = [School(id: "s", familyUnitID: "F", name: "A", status: .researching)]
        #expect(!figures(data).isEmpty)
        #expect(totals(figures(data)) == [1, 0, 0, 0])
        let withCoach = figures(FamilyData(family: family, coaches: [coach("c")]))
        #expect(!withCoach.isEmpty)
        #expect(totals(withCoach) == [0, 1, 0, 0])
    }

    @Test func guardedArithmetic() {
        #expect(Stats.mean([]) == nil)
        #expect(Stats.mean([.greatestFiniteMagnitude, .greatestFiniteMagnitude]) == .greatestFiniteMagnitude)
        #expect(Stats.percentage(1, of: 0) == nil)
        #expect(Stats.percentage(3, of: 2) == 100)
        #expect(Stats.percentage(0, of: 7) == 0)
    }
}
