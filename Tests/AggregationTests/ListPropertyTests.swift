import Aggregation
import Foundation
import SeededRandom
import Testing

/// Properties of the list engine over random rows from a seed: filters commute and each
/// is idempotent; a sort is a permutation of its input, in its key's order, and total.
struct ListPropertyTests {
    let zone = Zone(identifier: "America/New_York")!
    let today = CivilDate(iso: "2026-11-22")!

    func randomCoaches(_ random: inout SplitMix64) -> [CoachListRow] {
        let names = ["Núñez", "nunez", "Álvarez", "Baker", "O'Brien", "Zoë", "李", "baker"]
        let family = FamilyUnit(id: "F", familyName: nil, createdAt: nil)
        let schools = (0..<4).map { School(id: "s\($0)", familyUnitID: "F", name: names[$0], status: .contacted) }
        let coaches = (0..<random.int(0...40)).map { index -> Coach in
            var coach = Coach(
                id: "c\(random.int(0...999))-\(index)",
                familyUnitID: "F",
                role: random.pick(CoachRole.allCases),
                firstName: random.pick(names),
                lastName: random.pick(names)
            )
            coach.schoolID = random.chance(0.2) ? nil : "s\(random.int(0...5))"
            coach.responsivenessScore = random.chance(0.2) ? nil : Double(random.int(0...20)) * 5
            coach.lastContactDate = random.chance(0.2) ? nil : .day(today.adding(days: -random.int(0...30)))
            coach.email = random.chance(0.5) ? "x@y.z" : nil
            return coach
        }
        return CoachListRow.rows(
            FamilyData(family: family, schools: schools, coaches: coaches),
            tally: InteractionTally(zone: zone),
            zone: zone
        )
    }

    func randomFilters(_ random: inout SplitMix64) -> CoachFilters {
        var filters = CoachFilters()
        if random.chance(0.5) { filters.search = random.pick(["nu", "BAKER", "o'", "z", "李"]) }
        if random.chance(0.5) { filters.role = random.pick(CoachRole.allCases) }
        if random.chance(0.5) { filters.lastContactDays = random.int(1...20) }
        if random.chance(0.5) { filters.responsiveness = random.pick(ResponsivenessLevel.allCases) }
        filters.sort = random.pick(CoachSort.allCases)
        return filters
    }

    @Test(arguments: 0..<60)
    func filtersCommuteAndAreIdempotent(seed: Int) {
        var random = SplitMix64(seed: UInt64(seed))
        let rows = randomCoaches(&random)
        let filters = randomFilters(&random).query(today: today).filters
        let once = filters.reduce(rows) { rows, filter in rows.filter(filter.matches) }
        let reversed = filters.reversed().reduce(rows) { rows, filter in rows.filter(filter.matches) }
        let shuffled = filters.shuffled(using: &random).reduce(rows) { rows, filter in rows.filter(filter.matches) }
        #expect(once.map(\.id) == reversed.map(\.id))
        #expect(once.map(\.id) == shuffled.map(\.id))
        for filter in filters {
            let first = rows.filter(filter.matches)
            #expect(first.filter(filter.matches).map(\.id) == first.map(\.id))
        }
    }

    @Test(arguments: 0..<60)
    func aSortIsATotalOrderedPermutation(seed: Int) {
        var random = SplitMix64(seed: UInt64(seed) &+ 1000)
        let rows = randomCoaches(&random)
        var filters = CoachFilters()
        filters.sort = random.pick(CoachSort.allCases)
        let query = filters.query(today: today)
        let sorted = query.apply(to: rows)
        #expect(sorted.map(\.id).sorted() == rows.map(\.id).sorted())
        for (a, b) in zip(sorted, sorted.dropFirst()) {
            #expect(query.precedes(a, b) && !query.precedes(b, a), "\(filters.sort) \(a.id) \(b.id)")
        }
        // Any input order gives the same output: the order is total.
        #expect(query.apply(to: rows.shuffled(using: &random)).map(\.id) == sorted.map(\.id))
        if filters.sort == .responsiveness {
            let scores = sorted.map(\.coach.responsivenessScore)
            let known = scores.compactMap { $0 }
            #expect(known == known.sorted(by: >))
            #expect(scores.drop { $0 != nil }.allSatisfy { $0 == nil })
        }
    }

    @Test(arguments: 0..<40)
    func aPlayerNeverSeesAnInteractionLoggedBySomeoneElse(seed: Int) {
        var random = SplitMix64(seed: UInt64(seed) &+ 5000)
        let users = ["player", "parent", "other-player"]
        let interactions = (0..<random.int(0...50)).map { index -> Interaction in
            var interaction = Interaction(
                id: "i\(index)",
                familyUnitID: "F",
                type: random.pick(InteractionType.allCases),
                direction: random.pick(Direction.allCases),
                date: .day(today.adding(days: -random.int(0...40)))
            )
            interaction.loggedBy = random.chance(0.1) ? nil : random.pick(users)
            return interaction
        }
        let player = Viewer.member(userID: "player", role: .player)
        var filters = InteractionFilters()
        if random.chance(0.5) { filters.lastDays = random.int(1...30) }
        if random.chance(0.5) { filters.direction = random.pick(Direction.allCases) }
        let checks = filters.filters(viewer: player, today: today, zone: zone)
        let seen = interactions.filter { interaction in checks.allSatisfy { $0.matches(interaction) } }
        #expect(seen.allSatisfy { $0.loggedBy == "player" })
        let parent = filters.filters(viewer: .member(userID: "parent", role: .parent), today: today, zone: zone)
        let parentSees = interactions.filter { interaction in parent.allSatisfy { $0.matches(interaction) } }
        #expect(Set(seen.map(\.id)).isSubset(of: Set(parentSees.map(\.id))))
        #expect(
            parentSees.count
                == filters.filters(viewer: .family, today: today, zone: zone).reduce(interactions) {
                    $0.filter($1.matches)
                }.count
        )
    }
}
