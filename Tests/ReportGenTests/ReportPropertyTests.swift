import Aggregation
import AppStore
import Core
import Exporters
import Foundation
import ReportGen
import SeededRandom
import TestFixtures
import TestSupport
import Testing

/// Properties of the report over random multi-family databases made from a seed: a
/// family's report counts only its own rows; every count equals the number of rows it
/// describes; every percentage is within 0–100 or null; the json has every category key.
struct ReportPropertyTests {
    /// What the test inserted for one family, to compare the report against.
    struct Expected {
        var schools = 0, favorites = 0, coaches = 0
        var interactions: [(instant: Date, direction: String)] = []
        var metrics: [Date] = []
        var zone = "UTC"
    }

    static let zones = [
        "UTC", "America/New_York", "America/Los_Angeles", "Asia/Tokyo", "Pacific/Kiritimati", "America/St_Johns",
    ]

    @Test(arguments: 0..<24)
    func randomDatabases(seed: Int) throws {
        var random = SplitMix64(seed: UInt64(seed) &* 7919 &+ 17)
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.file("random.db")
        let today = CivilDate(iso: "2026-11-22")!
        let families = (0..<random.int(2...5)).map { "fam-\($0)" }
        var expected: [String: Expected] = [:]
        let base = Date(timeIntervalSince1970: Double(Zone.utc.startOfDay(today).seconds))

        try Fixture.database(at: path) { f in
            for family in families {
                var e = Expected()
                e.zone = random.pick(Self.zones)
                try f.family(family, name: "Shared Name")
                try f.user("\(family)-p", role: "player", timezone: e.zone)
                try f.member(family: family, user: "\(family)-p", role: "player")
                for index in 0..<random.int(0...8) {
                    let favorite = random.chance(0.3)
                    e.schools += 1
                    e.favorites += favorite ? 1 : 0
                    try f.school(
                        "\(family)-s\(index)",
                        family: family,
                        status: random.pick(SchoolStatus.allCases).rawValue,
                        [
                            "division": random.chance(0.2) ? nil : random.pick(Division.allCases).rawValue,
                            "is_favorite": favorite ? 1 : (random.chance(0.5) ? 0 : nil),
                        ]
                    )
                }
                let coachCount = random.int(0...6)
                for index in 0..<coachCount {
                    e.coaches += 1
                    try f.coach(
                        "\(family)-c\(index)",
                        family: family,
                        school: random.chance(0.8) ? "\(family)-s0" : nil,
                        ["responsiveness_score": random.chance(0.3) ? nil : Double(random.int(0...1000)) / 10]
                    )
                }
                for index in 0..<random.int(0...30) {
                    // Anywhere from 80 days before today to 3 days after, to the second.
                    let instant = base.addingTimeInterval(Double(random.int(-80 * 86_400...3 * 86_400)))
                    let text = Self.format(instant, offsetMinutes: random.pick([0, -300, 330, 840, -210]))
                    let useCreated = random.chance(0.2)
                    let direction = random.chance(0.5) ? "outbound" : "inbound"
                    e.interactions.append((instant, direction))
                    try f.interaction(
                        "\(family)-i\(index)",
                        family: family,
                        type: random.pick(InteractionType.allCases).rawValue,
                        direction: direction,
                        occurredAt: useCreated ? nil : text,
                        [
                            "created_at": useCreated ? text : "2020-01-01T00:00:00Z",
                            "sentiment": random.chance(0.3) ? nil : random.pick(Sentiment.allCases).rawValue,
                            "coach_id": coachCount > 0 && random.chance(0.8)
                                ? "\(family)-c\(random.int(0...coachCount - 1))" : nil,
                        ]
                    )
                }
                for index in 0..<random.int(0...10) {
                    let instant = base.addingTimeInterval(Double(random.int(-80 * 86_400...3 * 86_400)))
                    e.metrics.append(instant)
                    try f.metric(
                        "\(family)-m\(index)",
                        family: family,
                        type: random.pick(["gpa", "exit_velocity", "sixty_yard_dash"]),
                        value: random.chance(0.2) ? nil : Double(random.int(0...100)),
                        recorded: nil,
                        ["created_at": Self.format(instant, offsetMinutes: 0), "unit": random.chance(0.5) ? "s" : nil]
                    )
                }
                expected[family] = e
            }
        }

        let source = try SQLiteSource(path: path)
        let preset = random.pick(ReportPreset.allCases)
        let clock = RunClock(now: Instant(seconds: 1_795_400_000), source: "test")
        for family in families {
            let e = try #require(expected[family])
            let run = try ReportRun(
                data: try source.loadFamily(id: family),
                selection: .preset(preset),
                today: today,
                timezone: nil,
                clock: clock
            )
            let figures = run.figures
            #expect(run.zone.identifier == e.zone)

            // Counts equal the rows they describe, and only this family's rows.
            #expect(figures.schools.total == e.schools)
            #expect(figures.schools.favorites == e.favorites)
            #expect(figures.schools.byStatus.map(\.count).reduce(0, +) == e.schools)
            #expect(figures.schools.byDivision.map(\.count).reduce(0, +) == e.schools)
            #expect(figures.coaches.total == e.coaches)
            let inRange = e.interactions.filter { Self.localDay($0.instant, e.zone, within: run.range) }
            #expect(figures.interactions.total == inRange.count, "seed \(seed) \(family) \(preset)")
            for breakdown in [
                figures.interactions.byType.map(\.count), figures.interactions.bySentiment.map(\.count),
                figures.interactions.byDirection.map(\.count),
            ] {
                #expect(breakdown.reduce(0, +) == inRange.count)
            }
            #expect(
                figures.interactions.byDirection.count(of: Direction.outbound)
                    == inRange.filter { $0.direction == "outbound" }.count
            )
            let metricsInRange = e.metrics.filter { Self.localDay($0, e.zone, within: run.range) }.count
            #expect(figures.metrics.total == metricsInRange)
            #expect(figures.metrics.summaries.map(\.rows).reduce(0, +) == metricsInRange)
            let previous = e.interactions.filter { Self.localDay($0.instant, e.zone, within: figures.previous.range) }
            #expect(figures.previous.interactionsTotal == previous.count)

            // Percentages within 0–100 or null; responding never exceeds contacted.
            for rate in [
                figures.coaches.responseRate, figures.coaches.avgResponsiveness, figures.previous.responseRate,
            ] {
                if let rate { #expect(rate.isFinite && (0...100).contains(rate)) }
            }
            #expect(figures.coaches.respondingCoaches <= figures.coaches.contactedCoaches)
            #expect((figures.coaches.responseRate == nil) == (figures.coaches.contactedCoaches == 0))
            for summary in figures.metrics.summaries {
                #expect((summary.avg == nil) == (summary.count == 0))
                if let avg = summary.avg, let low = summary.min, let high = summary.max {
                    #expect(low <= avg && avg <= high)
                }
            }

            // The json always has every category key.
            let json = try #require(
                try JSONSerialization.jsonObject(
                    with: Data(ReportJSON.document(run, title: OutputTemplates.builtIn.reportTitle).serialized().utf8)
                )
                    as? [String: Any]
            )
            let schools = try #require(json["schools"] as? [String: Any])
            #expect(
                Set((schools["byStatus"] as? [String: Int] ?? [:]).keys) == Set(SchoolStatus.allCases.map(\.rawValue))
            )
            #expect(
                Set((schools["byDivision"] as? [String: Int] ?? [:]).keys) == [
                    "D1", "D2", "D3", "NAIA", "JUCO", "Unknown",
                ]
            )
            let interactions = try #require(json["interactions"] as? [String: Any])
            #expect(
                Set((interactions["byType"] as? [String: Int] ?? [:]).keys)
                    == Set(InteractionType.allCases.map(\.rawValue))
            )
            #expect(
                Set((interactions["bySentiment"] as? [String: Int] ?? [:]).keys)
                    == Set(Sentiment.allCases.map(\.rawValue))
            )
            #expect(Set((interactions["byDirection"] as? [String: Int] ?? [:]).keys) == ["outbound", "inbound"])
            let coaches = try #require(json["coaches"] as? [String: Any])
            #expect(
                Set(coaches.keys) == [
                    "total", "schoolsWithCoaches", "contactedCoaches", "respondingCoaches", "responseRate",
                    "avgResponsiveness",
                ]
            )
            let previousJSON = try #require(json["previousPeriod"] as? [String: Any])
            #expect(
                Set(((previousJSON["interactions"] as? [String: Any])?["byDirection"] as? [String: Int] ?? [:]).keys)
                    == ["outbound", "inbound"]
            )
        }
    }

    /// An ISO 8601 text of an instant with a given UTC offset.
    static func format(_ date: Date, offsetMinutes: Int) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(secondsFromGMT: offsetMinutes * 60)
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.string(from: date)
    }

    /// Whether an instant's calendar day in `zone` lies in `range`, computed with Foundation's
    /// calendar, independently of report-batch's own zone arithmetic.
    static func localDay(_ date: Date, _ zone: String, within range: DateRange) -> Bool {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: zone)!
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        let day = CivilDate(year: parts.year!, month: parts.month!, day: parts.day!)!
        return range.contains(day)
    }
}
