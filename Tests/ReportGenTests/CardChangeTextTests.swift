import Aggregation
import ReportGen
import Testing

/// The cards' changes in words (ReportText+CardChanges.swift) and the metric entries on paper.
struct CardChangeTextTests {
    let zone = Zone(identifier: "UTC")!
    let week = try! DateRange(from: CivilDate(iso: "2026-11-16")!, to: CivilDate(iso: "2026-11-22")!)

    func at(_ text: String) -> Timestamp { try! Timestamp.parse(text) }

    func interaction(_ id: String, _ direction: Direction, _ date: String, coach: String = "c1") -> Interaction {
        var row = Interaction(id: id, familyUnitID: "F", type: .email, direction: direction, date: at(date))
        row.coachID = coach
        return row
    }

    func changes(_ interactions: [Interaction], created: String = "2025-01-01T00:00:00Z") -> [String?] {
        let data = FamilyData(
            family: FamilyUnit(id: "F", familyName: "F", createdAt: at(created)),
            coaches: [Coach(id: "c1", familyUnitID: "F", role: .head, firstName: "A", lastName: "B")],
            interactions: interactions
        )
        let figures = ReportCalculator.figures(for: data, range: week, zone: zone)
        return ReportText.cardChangeLines(figures, changes: CardChanges.compute(data, figures: figures, zone: zone))
    }

    @Test func eachCardSaysHowItMoved() {
        let words = changes([
            interaction("a", .outbound, "2026-11-10"), interaction("b", .outbound, "2026-11-17"),
            interaction("c", .inbound, "2026-11-18"), interaction("d", .outbound, "2026-11-19"),
        ])
        #expect(
            words == [
                "no change since Nov 15", "no change since Nov 15", "+2 on Nov 9 – Nov 15",
                "no change on Nov 9 – Nov 15",
                "+100.0 pts on Nov 9 – Nov 15",
            ]
        )
        let fewer = changes([interaction("a", .outbound, "2026-11-10"), interaction("b", .inbound, "2026-11-11")])
        #expect(
            fewer[2] == "-2 on Nov 9 – Nov 15" && fewer[4] == "was 100.0% on Nov 9 – Nov 15",
            "no rate this period: the card says N/A"
        )
        let firstRate = changes([interaction("z", .outbound, "2026-11-01"), interaction("a", .outbound, "2026-11-17")])
        #expect(firstRate[4] == "no coach contacted on Nov 9 – Nov 15")
    }

    @Test func aFirstReportShowsNoChange() {
        #expect(
            changes([interaction("a", .outbound, "2026-11-17")], created: "2026-11-16T08:00:00Z") == [
                nil, nil, nil, nil, nil,
            ]
        )
    }

    @Test func metricEntriesAndValuesApart() {
        func summary(rows: Int, count: Int) -> ReportFigures.MetricSummary {
            var metrics = (0..<rows).map { index in
                PerformanceMetric(id: "m\(index)", familyUnitID: "F", metricType: "broad_jump", date: at("2026-11-17"))
            }
            for index in 0..<count { metrics[index].value = 2 }
            let data = FamilyData(family: FamilyUnit(id: "F", familyName: "F", createdAt: nil), metrics: metrics)
            return ReportCalculator.figures(for: data, range: week, zone: zone).metrics.summaries[0]
        }
        #expect(ReportText.entries(summary(rows: 2, count: 0)) == "2 entries, no value")
        #expect(ReportText.entries(summary(rows: 1, count: 1)) == "1 entry")
        #expect(ReportText.entries(summary(rows: 3, count: 2)) == "3 entries, 2 with a value")
    }
}
