import Aggregation
import Testing

/// What each stat card compares with (CardChanges.swift): the list when the range began, the
/// previous period's metric rows, and nothing for a first report.
struct CardChangesTests {
    let zone = Zone(identifier: "America/New_York")!
    let week = try! DateRange(from: CivilDate(iso: "2026-11-16")!, to: CivilDate(iso: "2026-11-22")!)

    func at(_ text: String) -> Timestamp { try! Timestamp.parse(text) }

    func school(_ id: String, created: String?) -> School {
        var row = School(id: id, familyUnitID: "F", name: id, status: .contacted)
        row.createdAt = created.map(at)
        return row
    }

    func metric(_ id: String, _ date: String) -> PerformanceMetric {
        PerformanceMetric(id: id, familyUnitID: "F", metricType: "gpa", date: at(date))
    }

    func changes(_ data: FamilyData) -> CardChanges {
        CardChanges.compute(data, figures: ReportCalculator.figures(for: data, range: week, zone: zone), zone: zone)
    }

    @Test func theListWhenTheRangeBeganAndThePreviousPeriodsMetricRows() {
        let family = FamilyUnit(id: "F", familyName: "F", createdAt: at("2025-01-01T00:00:00Z"))
        // Nov 16 00:00 in New York is 05:00 UTC: a school created at 04:59 UTC was on the list before the range.
        let data = FamilyData(
            family: family,
            schools: [
                school("old", created: "2026-11-16T04:59:00Z"), school("new", created: "2026-11-16T05:00:00Z"),
                school("undated", created: nil),
            ],
            metrics: [
                metric("m1", "2026-11-09"), metric("m2", "2026-11-15T23:00:00Z"), metric("m3", "2026-11-16"),
                metric("m4", "2026-11-08"),
            ]
        )
        let cards = changes(data)
        #expect(!cards.isFirstReport && cards.schools == 2 && cards.coaches == 0)
        // Nov 15 23:00 UTC is Nov 15 in New York; Nov 8 and Nov 16 are outside Nov 9 – Nov 15.
        #expect(cards.metrics == 2)
    }

    @Test func aFamilyCreatedSinceThePreviousPeriodOrWithNothingBeforeHasAFirstReport() {
        let old = [school("old", created: "2026-11-10T12:00:00Z")]
        let created = FamilyUnit(id: "F", familyName: "F", createdAt: at("2026-11-16T06:00:00Z"))
        #expect(changes(FamilyData(family: created, schools: old)).isFirstReport)
        let during = FamilyUnit(id: "F", familyName: "F", createdAt: at("2026-11-15T12:00:00Z"))
        #expect(!changes(FamilyData(family: during, schools: old)).isFirstReport)
        #expect(changes(FamilyData(family: during)).isFirstReport, "nothing before the range")
        #expect(
            changes(
                FamilyData(
                    family: FamilyUnit(id: "F", familyName: nil, createdAt: nil),
                    schools: [school("u", created: nil)]
                )
            ).isFirstReport,
            "an undated school says nothing of before"
        )
    }
}
