import Aggregation
import Testing

/// The remaining filters and sorts of lists.md, one table each.
struct SchoolListTests {
    let zone = Zone(identifier: "UTC")!
    let today = CivilDate(iso: "2026-11-22")!
    let family = FamilyUnit(id: "F", familyName: nil, createdAt: nil)

    func rows(_ schools: [School], coaches: [Coach] = []) -> [SchoolListRow] {
        SchoolListRow.rows(
            FamilyData(family: family, schools: schools, coaches: coaches),
            tally: InteractionTally(zone: zone),
            home: nil,
            zone: zone
        )
    }

    func school(_ id: String, division: Division? = nil, tier: PriorityTier? = nil, favorite: Bool = false) -> School {
        var school = School(id: id, familyUnitID: "F", name: "School \(id)", status: .contacted)
        school.division = division
        school.priorityTier = tier
        school.isFavorite = favorite
        return school
    }

    @Test func divisionTierAndFavorites() throws {
        let all = rows([
            school("1", division: .d1, tier: .a, favorite: true), school("2", division: .juco, tier: .b),
            school("3", division: nil, tier: nil, favorite: true), school("4", division: .d1, tier: .c),
        ])
        var filters = SchoolFilters()
        filters.division = .d1
        #expect(try filters.query(hasHome: false).apply(to: all).map(\.id) == ["1", "4"])
        filters.tier = .c
        #expect(try filters.query(hasHome: false).apply(to: all).map(\.id) == ["4"])
        filters = SchoolFilters()
        filters.favoritesOnly = true
        #expect(try filters.query(hasHome: false).apply(to: all).map(\.id) == ["1", "3"])
    }

    @Test func schoolsByLastContactNewestFirstNeverLast() throws {
        func coach(_ id: String, school: String, _ date: String) -> Coach {
            var coach = Coach(id: id, familyUnitID: "F", role: .head, firstName: "A", lastName: "B")
            coach.schoolID = school
            coach.lastContactDate = try? Timestamp.parse(date)
            return coach
        }
        let all = rows(
            [school("old"), school("never"), school("new"), school("tie-b"), school("tie-a")],
            coaches: [
                coach("c1", school: "old", "2026-01-01"), coach("c2", school: "new", "2026-11-01"),
                coach("c3", school: "tie-a", "2026-06-01"), coach("c4", school: "tie-b", "2026-06-01"),
            ]
        )
        var filters = SchoolFilters()
        filters.sort = .lastContact
        #expect(
            try filters.query(hasHome: false).apply(to: all).map(\.id) == ["new", "tie-a", "tie-b", "old", "never"]
        )
    }

    @Test(
        arguments: [
            (InteractionType?.some(.dm), Sentiment?.none, ["dm-null", "dm-pos"]),
            (nil, .positive, ["dm-pos", "email-pos"]),
            (nil, .neutral, ["email-neutral"]),
            (.email, .positive, ["email-pos"]),
        ] as [(InteractionType?, Sentiment?, [String])]
    )
    func typeAndSentimentWhereNullMatchesNone(type: InteractionType?, sentiment: Sentiment?, ids: [String]) {
        func row(_ id: String, _ type: InteractionType, _ sentiment: Sentiment?) -> Interaction {
            var interaction = Interaction(
                id: id,
                familyUnitID: "F",
                type: type,
                direction: .outbound,
                date: .day(today)
            )
            interaction.sentiment = sentiment
            return interaction
        }
        let all = [
            row("dm-null", .dm, nil), row("dm-pos", .dm, .positive), row("email-pos", .email, .positive),
            row("email-neutral", .email, .neutral),
        ]
        var filters = InteractionFilters()
        filters.type = type
        filters.sentiment = sentiment
        let checks = filters.filters(viewer: .family, today: today, zone: zone)
        #expect(all.filter { i in checks.allSatisfy { $0.matches(i) } }.map(\.id) == ids)
    }

    @Test func analyticsCountTheFilteredRowsAndThisWeek() {
        var analytics = InteractionAnalytics(today: today, zone: zone)
        for (offset, direction) in [(0, Direction.outbound), (6, .inbound), (7, .inbound), (-3, .outbound)] {
            analytics.add(
                Interaction(
                    id: "\(offset)",
                    familyUnitID: "F",
                    type: .email,
                    direction: direction,
                    date: .day(today.adding(days: -offset))
                )
            )
        }
        #expect(analytics.total == 4 && analytics.outbound == 2 && analytics.inbound == 2)
        #expect(analytics.thisWeek == 3)
    }
}
