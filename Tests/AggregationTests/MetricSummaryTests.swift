import Aggregation
import Testing

/// The metric summaries as the app shows them (docs/metrics.md): the order, the headline stat,
/// the latest entry and what it shows, each expected value worked out by hand.
struct MetricSummaryTests {
    let zone = Zone(identifier: "America/New_York")!
    let week = try! DateRange(from: CivilDate(iso: "2026-11-16")!, to: CivilDate(iso: "2026-11-22")!)

    func metric(
        _ id: String,
        _ type: String,
        _ value: Double?,
        on day: String = "2026-11-20",
        user: String? = "P",
        primary: Bool? = nil,
        created: String? = nil
    ) -> PerformanceMetric {
        var row = PerformanceMetric(id: id, familyUnitID: "F", metricType: type, date: try! Timestamp.parse(day))
        row.value = value
        row.userID = user
        row.recordedDate = try! Timestamp.parse(day)
        row.isPrimary = primary
        row.createdAt = created.map { try! Timestamp.parse($0) }
        return row
    }

    /// A family whose player plays `sport`, named by the sports row or by the preference.
    func family(_ metrics: [PerformanceMetric], sport: String? = nil, inPreferences: Bool = false) -> FamilyData {
        let player = User(
            id: "P",
            email: "p@example.com",
            fullName: nil,
            role: .player,
            timezone: nil,
            primarySportID: sport != nil && !inPreferences ? "s1" : nil
        )
        var data = FamilyData(
            family: FamilyUnit(id: "F", familyName: "F", createdAt: nil),
            members: [FamilyMember(familyUnitID: "F", userID: "P", role: .player)],
            users: ["P": player],
            metrics: metrics
        )
        if let sport {
            data.season.sports = [Sport(id: "s1", name: inPreferences ? "Football" : sport)]
            data.season.playerSportID = player.primarySportID
            if inPreferences { data.season.playerPreferenceSport = sport }
        }
        return data
    }

    func summaries(_ data: FamilyData) -> [ReportFigures.MetricSummary] {
        ReportCalculator.figures(for: data, range: week, zone: zone).metrics.summaries
    }

    let mixed = ["bat_speed", "exit_velo", "Arm_Angle", "velocity", "forty_time", "sixty_time", "batting_avg"]

    @Test func theSportsOrderThenTheRestByLabelThenKey() {
        let rows = mixed.enumerated().map { metric("m\($0)", $1, 1) } + [metric("x", "arm angle", 2)]
        // Baseball's order (velocity, exit_velo, batting_avg, sixty_time), then by label in
        // code-point order: "40-Yard Dash" < "Arm Angle" < "arm angle" < "bat speed".
        #expect(
            summaries(family(rows, sport: "Baseball")).map(\.type) == [
                "velocity", "exit_velo", "batting_avg", "sixty_time", "forty_time", "Arm_Angle", "arm angle",
                "bat_speed",
            ]
        )
        // Without a sport, or one the registry does not know, every type by label.
        let byLabel = [
            "forty_time", "sixty_time", "Arm_Angle", "batting_avg", "exit_velo", "velocity", "arm angle", "bat_speed",
        ]
        #expect(summaries(family(rows)).map(\.type) == byLabel)
        #expect(summaries(family(rows, sport: "Curling")).map(\.type) == byLabel)
        // Football's order puts forty_time first, from the preference's sport (any case).
        #expect(summaries(family(rows, sport: " football ", inPreferences: true)).first?.type == "forty_time")
    }

    @Test func twoTypesOfOneLabelGoByKey() {
        // `arm_angle` and `arm angle` both read "arm angle".
        let rows = [metric("1", "arm_angle", 1), metric("2", "arm angle", 1)]
        #expect(summaries(family(rows)).map(\.type) == ["arm angle", "arm_angle"])
    }

    @Test func theHeadlineStatComesFirstAndIsTheLatestPrimaryRowOfThePlayer() {
        var rows = mixed.enumerated().map { metric("m\($0)", $1, 1) }
        // Two primary rows of the player: the later recorded_date wins, even outside the range.
        rows.append(metric("p1", "bat_speed", 1, on: "2026-10-01", primary: true))
        rows.append(metric("p2", "exit_velo", nil, on: "2026-11-01", primary: true))
        // A parent's primary row is not the player's headline.
        rows.append(metric("p3", "sixty_time", 1, on: "2026-11-21", user: "parent", primary: true))
        let result = summaries(family(rows, sport: "Baseball"))
        #expect(result.map(\.type).prefix(3) == ["exit_velo", "velocity", "batting_avg"])
        #expect(result.map(\.primary) == [true] + Array(repeating: false, count: result.count - 1))
        // The same date: the greater id.
        let tied = [
            metric("a", "velocity", 1, primary: true), metric("b", "batting_avg", 1, primary: true),
        ]
        #expect(summaries(family(tied, sport: "Baseball")).first?.type == "batting_avg")
        // No player: no headline stat.
        var orphan = family(tied, sport: "Baseball")
        orphan.members = []
        #expect(summaries(orphan).allSatisfy { !$0.primary })
    }

    @Test func theLatestEntryByDateThenCreatedAtThenID() throws {
        var first = metric("z", "sixty_time", 6.92, on: "2026-11-20", created: "2026-11-20T10:00:00Z")
        first.source = "Perfect Game"
        first.verified = true
        var second = metric("a", "sixty_time", 6.81, on: "2026-11-20", created: "2026-11-20T11:00:00Z")
        second.source = "Team practice"
        let earlier = metric("y", "sixty_time", 6.5, on: "2026-11-17")
        let summary = try #require(summaries(family([first, second, earlier])).first)
        #expect(summary.latest.value == 6.81 && summary.latest.display == "6.81 sec")
        #expect(summary.latest.source == "Team practice" && !summary.latest.verified)
        #expect(summary.latest.date == CivilDate(iso: "2026-11-20"))
        #expect(summary.avg == (6.92 + 6.81 + 6.5) / 3 && summary.shownUnit == "sec")
        // The same created_at (none): the greater id.
        let tie = [metric("b", "era", 2.5), metric("c", "era", 3.125)]
        #expect(summaries(family(tie)).first?.latest.display == "3.13")
    }

    @Test func anEntryWithoutANumberShowsItsDisplayValueAndCountsNoValue() throws {
        var height = metric("h", "height", nil)
        height.displayValue = "6'2\""
        // A number's display_value is the migration's copy ("0.312 "), never shown.
        var average = metric("b", "batting_avg", 0.312)
        average.displayValue = "0.312 "
        average.unit = "avg"
        var custom = metric("c", "bat_speed", 71.4)
        custom.unit = "mph"
        let result = summaries(family([height, average, custom]))
        let byType = Dictionary(uniqueKeysWithValues: result.map { ($0.type, $0) })
        let heightSummary = try #require(byType["height"])
        #expect(heightSummary.latest.display == "6'2\"" && heightSummary.count == 0 && heightSummary.rows == 1)
        #expect(heightSummary.avg == nil)
        // The registry's unit (none for a batting average), whatever the stored one.
        #expect(byType["batting_avg"]?.latest.display == ".312" && byType["batting_avg"]?.unit == "avg")
        #expect(byType["batting_avg"]?.shownUnit == "")
        // An unregistered key: the stored unit, two decimals.
        #expect(byType["bat_speed"]?.latest.display == "71.40 mph")
    }
}
