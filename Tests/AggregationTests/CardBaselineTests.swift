import Aggregation
import Testing

/// What the cards without a previous figure of their own compare with (CardBaseline.swift):
/// the list at the end of the previous period and its metric rows, nothing for a first report.
struct CardBaselineTests {
    let zone = Zone(identifier: "America/New_York")!
    let week = try! DateRange(from: CivilDate(iso: "2026-11-16")!, to: CivilDate(iso: "2026-11-22")!)

    func at(_ text: String) -> Timestamp { try! Timestamp.parse(text) }

    func school(_ id: String, created: String?) -> School {
        var row = School(id: id, familyUnitID: "F", name: id, status: .interested)
        row.createdAt = created.map(at)
        return row
    }

    func metric(_ id: String, _ date: String) -> PerformanceMetric {
        PerformanceMetric(id: id, familyUnitID: "F", metricType: "gpa", date: at(date))
    }

    @Test func theListAtThePreviousPeriodsEndAndItsMetricRows() throws {
        let family = FamilyUnit(id: "F", familyName: "F", createdAt: at("2025-01-01T00:00:00Z"))
        // Nov 16 00:00 in New York is 05:00 UTC: a school created at 04:59 UTC was on the list before the range.
        let data = FamilyData(family: family,
                              schools: [school("old", created: "2026-11-16T04:59:00Z"), school("new", created: "2026-11-16T05:00:00Z"),
                                        school("undated", created: nil)],
                              metrics: [metric("m1", "2026-11-09"), metric("m2", "2026-11-15T23:00:00Z"), metric("m3", "2026-11-16"),
                                        metric("m4", "2026-11-08")])
        let baseline = try #require(CardBaseline.compute(data, range: week, zone: zone))
        #expect(baseline.schools == 2 && baseline.coaches == 0)
        // Nov 15 23:00 UTC is Nov 15 in New York; Nov 8 and Nov 16 are outside Nov 9 – Nov 15.
        #expect(baseline.metrics == 2)
    }

    @Test func aFamilyCreatedAfterThePreviousPeriodHasAFirstReport() {
        let created = FamilyUnit(id: "F", familyName: "F", createdAt: at("2026-11-16T06:00:00Z"))
        #expect(CardBaseline.compute(FamilyData(family: created), range: week, zone: zone) == nil)
        let during = FamilyUnit(id: "F", familyName: "F", createdAt: at("2026-11-15T12:00:00Z"))
        #expect(CardBaseline.compute(FamilyData(family: during), range: week, zone: zone) != nil)
        #expect(CardBaseline.compute(FamilyData(family: FamilyUnit(id: "F", familyName: nil, createdAt: nil)), range: week, zone: zone) != nil)
    }
}
