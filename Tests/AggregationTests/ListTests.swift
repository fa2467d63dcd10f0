import Aggregation
import Foundation
import Testing

/// The filters, sorts and derived values of lists.md, at their boundaries.
struct ListTests {
    let zone = Zone(identifier: "America/Chicago")!
    let today = CivilDate(iso: "2026-11-22")!
    let family = FamilyUnit(id: "F", familyName: "Rivera Family", createdAt: nil)

    func coach(
        _ id: String,
        first: String = "Ann",
        last: String,
        school: String? = nil,
        score: Double? = nil,
        lastContact: String? = nil,
        role: CoachRole = .head
    ) -> Coach {
        var coach = Coach(id: id, familyUnitID: "F", role: role, firstName: first, lastName: last)
        coach.schoolID = school
        coach.responsivenessScore = score
        coach.lastContactDate = lastContact.map { try! Timestamp.parse($0) }
        return coach
    }

    func coachRows(_ coaches: [Coach], schools: [School] = []) -> [CoachListRow] {
        CoachListRow.rows(
            FamilyData(family: family, schools: schools, coaches: coaches),
            tally: InteractionTally(zone: zone),
            zone: zone
        )
    }

    @Test(arguments: [
        (ResponsivenessLevel.high, ["c75", "c100"]),
        (.medium, ["c50", "c7499"]),
        (.low, ["c0", "c4999", "cnull"]),
    ])
    func responsivenessLevels(level: ResponsivenessLevel, ids: [String]) {
        let scores: [(String, Double?)] = [
            ("c4999", 49.99), ("c50", 50), ("c7499", 74.99), ("c75", 75), ("cnull", nil), ("c0", 0), ("c100", 100),
        ]
        let rows = coachRows(scores.map { coach($0.0, last: $0.0, score: $0.1) })
        var filters = CoachFilters()
        filters.responsiveness = level
        #expect(Set(filters.query(today: today).apply(to: rows).map(\.id)) == Set(ids))
    }

    @Test func lastContactWithinNDaysIncludesTodayAndTheFuture() {
        let rows = coachRows([
            coach("today", last: "A", lastContact: "2026-11-22"),
            coach("edge", last: "B", lastContact: "2026-11-16"),  // today − 6: inside 7 days
            coach("outside", last: "C", lastContact: "2026-11-15"),  // today − 7
            coach("late-night", last: "D", lastContact: "2026-11-16T05:30:00Z"),  // Nov 15, 23:30 in Chicago
            coach("future", last: "E", lastContact: "2026-12-01T12:00:00Z"),
            coach("never", last: "F"),
        ])
        var filters = CoachFilters()
        filters.lastContactDays = 7
        #expect(filters.query(today: today).apply(to: rows).map(\.id) == ["today", "edge", "future"])
        filters.lastContactDays = 1
        #expect(filters.query(today: today).apply(to: rows).map(\.id) == ["today", "future"])
    }

    @Test func searchIgnoresCaseAndDiacritics() {
        let rows = coachRows([
            coach("1", first: "José", last: "Núñez"), coach("2", first: "JOSE", last: "Smith"),
            coach("3", first: "Ann", last: "Lee"), coach("4", first: "Zoë", last: "Ødegaard"),
        ])
        var filters = CoachFilters()
        filters.search = "jose"
        #expect(filters.query(today: today).apply(to: rows).map(\.id) == ["1", "2"])  // Núñez before Smith
        filters.search = "NUNEZ"
        #expect(filters.query(today: today).apply(to: rows).map(\.id) == ["1"])
        filters.search = "zoe"
        #expect(filters.query(today: today).apply(to: rows).map(\.id) == ["4"])
    }

    @Test func coachSorts() {
        let schools = [
            School(id: "s-b", familyUnitID: "F", name: "Baylor", status: .contacted),
            School(id: "s-a", familyUnitID: "F", name: "Ábaco", status: .contacted),
        ]
        let coaches = [
            coach(
                "5",
                first: "Zed",
                last: "álvarez",
                school: "s-b",
                score: 80,
                lastContact: "2026-11-01",
                role: .recruiting
            ),
            coach("2", first: "Amy", last: "Alvarez", school: nil, score: nil, lastContact: nil, role: .assistant),
            coach("3", first: "Bo", last: "Baker", school: "gone", score: 80, lastContact: "2026-11-20", role: .head),
            coach("1", first: "Cy", last: "Cole", school: "s-a", score: 20, lastContact: "2026-11-20", role: .head),
            coach(
                "4",
                first: "Amy",
                last: "Alvarez",
                school: "s-a",
                score: 99,
                lastContact: "2026-10-01",
                role: .assistant
            ),
        ]
        let rows = coachRows(coaches, schools: schools)
        func sorted(_ sort: CoachSort) -> [String] {
            var filters = CoachFilters()
            filters.sort = sort
            return filters.query(today: today).apply(to: rows).map(\.id)
        }
        // Last name, then first name, A–Z ignoring case and accents; exact ties by id.
        #expect(sorted(.name) == ["2", "4", "5", "3", "1"])
        // "Unknown School" (null id or a school not on the list) last.
        #expect(sorted(.school) == ["4", "1", "5", "2", "3"])
        #expect(sorted(.lastContacted) == ["1", "3", "5", "4", "2"])
        #expect(sorted(.responsiveness) == ["4", "3", "5", "1", "2"])
        #expect(sorted(.role) == ["3", "1", "2", "4", "5"])
        #expect(rows.first { $0.id == "3" }?.schoolName == nil)
    }

    /// Names that differ only in case or accents are ties, ordered by id, in every A–Z sort.
    @Test func caseAndAccentsTieAndTheIdDecides() {
        let coaches = [
            coach("c2", first: "Ann", last: "Baker"), coach("c1", first: "ann", last: "BAKER"),
            coach("e1", first: "Lou", last: "Émond"), coach("e2", first: "Lou", last: "Emond"),
            coach("e0", first: "LOU", last: "EMOND"),
        ]
        var filters = CoachFilters()
        filters.sort = .name
        #expect(filters.query(today: today).apply(to: coachRows(coaches)).map(\.id) == ["c1", "c2", "e0", "e1", "e2"])

        let schools = [
            school("s9", name: "BAYLOR"), school("s3", name: "Baylor"), school("s5", name: "baylor"),
            school("m2", name: "Montréal"), school("m1", name: "MONTREAL"),
        ]
        var schoolFilters = SchoolFilters()
        schoolFilters.sort = .name
        let sorted = try! schoolFilters.query(hasHome: false).apply(to: schoolRows(schools)).map(\.id)
        #expect(sorted == ["s3", "s5", "s9", "m1", "m2"])
    }

    func school(
        _ id: String,
        name: String = "School",
        fit: Double? = nil,
        size: Int? = nil,
        lat: Double? = nil,
        lon: Double? = nil,
        state: String? = nil,
        location: String? = nil
    ) -> School {
        var school = School(id: id, familyUnitID: "F", name: name, status: .researching)
        school.fitScore = fit
        school.state = state
        school.location = location
        if size != nil || lat != nil || lon != nil {
            school.academicInfo = AcademicInfo(latitude: lat, longitude: lon, studentSize: size)
        }
        return school
    }

    @Test(
        arguments: [
            (999, SizeCategory.verySmall), (1_000, .small), (4_999, .small), (5_000, .medium), (14_999, .medium),
            (15_000, .large), (29_999, .large), (30_000, .veryLarge), (0, .verySmall),
        ] as [(Int, SizeCategory)]
    )
    func sizeCategories(students: Int, size: SizeCategory) {
        #expect(SizeCategory(students: students) == size)
    }

    /// Last Contact is the later of the stored column and the latest interaction the viewer
    /// sees; the `last-contacted` sort and `--last-contact-days` use the same value.
    @Test func lastContactIsTheLaterOfTheColumnAndTheLatestInteraction() throws {
        let coaches = [
            coach("never", last: "A"),
            coach("stale", last: "B", lastContact: "2025-01-10T15:00:00Z"),
            coach("stored", last: "C", lastContact: "2026-11-20"),
            coach("none", last: "D"),
        ]
        func logged(_ id: String, coach: String, _ date: String) -> Interaction {
            var row = Interaction(
                id: id,
                familyUnitID: "F",
                type: .email,
                direction: .outbound,
                date: try! Timestamp.parse(date)
            )
            row.coachID = coach
            return row
        }
        var tally = InteractionTally(zone: zone)
        // 23:30 in Chicago on Nov 9 is Nov 10 in UTC: the day is the zone's.
        for row in [
            logged("i1", coach: "never", "2026-11-10T05:30:00Z"), logged("i2", coach: "stale", "2026-11-01T12:00:00Z"),
            logged("i3", coach: "stale", "2026-10-01T12:00:00Z"), logged("i4", coach: "stored", "2026-11-02T12:00:00Z"),
        ] {
            tally.add(row)
        }
        let rows = CoachListRow.rows(FamilyData(family: family, coaches: coaches), tally: tally, zone: zone)
        let days = Dictionary(uniqueKeysWithValues: rows.map { ($0.id, $0.lastContactDay?.description) })
        #expect(days["never"] == "2026-11-09")
        #expect(days["stale"] == "2026-11-01")
        #expect(days["stored"] == "2026-11-20")
        #expect(days["none"] == .some(nil))
        var filters = CoachFilters()
        filters.sort = .lastContacted
        #expect(filters.query(today: today).apply(to: rows).map(\.id) == ["stored", "never", "stale", "none"])
        filters.lastContactDays = 14
        #expect(filters.query(today: today).apply(to: rows).map(\.id) == ["stored", "never"])
    }

    /// The home location: the viewer's own, else the player's, else the first parent's (by
    /// user id) who has one.
    @Test func theHomeFallsBackFromViewerToPlayerToTheFirstParent() {
        let members = [
            FamilyMember(familyUnitID: "F", userID: "kid", role: .player),
            FamilyMember(familyUnitID: "F", userID: "p2", role: .parent),
            FamilyMember(familyUnitID: "F", userID: "p1", role: .parent),
            FamilyMember(familyUnitID: "F", userID: "p0", role: .parent),
        ]
        var data = FamilyData(
            family: family,
            members: members,
            homeLocations: [
                "p2": HomeLocation(latitude: 2, longitude: 2), "p1": HomeLocation(latitude: 1, longitude: 1),
                "p0": HomeLocation(latitude: nil, longitude: 5),
            ]
        )
        #expect(Viewer.family.home(in: data) == Coordinate(latitude: 1, longitude: 1))
        #expect(Viewer.member(userID: "p2", role: .parent).home(in: data) == Coordinate(latitude: 2, longitude: 2))
        data.homeLocations["kid"] = HomeLocation(latitude: 9, longitude: 9)
        #expect(Viewer.family.home(in: data) == Coordinate(latitude: 9, longitude: 9))
        data.homeLocations = [:]
        #expect(Viewer.family.home(in: data) == nil)
    }

    @Test func noStudentCountMeansNoSize() {
        #expect(SizeCategory(students: nil) == nil)
    }

    func schoolRows(
        _ schools: [School],
        home: Coordinate? = nil,
        data extra: (inout FamilyData) -> Void = { _ in }
    ) -> [SchoolListRow] {
        var data = FamilyData(family: family, schools: schools)
        extra(&data)
        var tally = InteractionTally(zone: zone)
        for interaction in data.interactions { tally.add(interaction) }
        return SchoolListRow.rows(data, tally: tally, home: home, zone: zone)
    }

    @Test func fitScoreRangeLeavesOutSchoolsWithoutOne() throws {
        let rows = schoolRows([
            school("none"), school("zero", fit: 0), school("fifty", fit: 50), school("max", fit: 100),
        ])
        var filters = SchoolFilters()
        filters.fitMin = 0
        #expect(try filters.query(hasHome: false).apply(to: rows).map(\.id) == ["fifty", "max", "zero"])
        filters.fitMin = 50
        filters.fitMax = 50
        #expect(try filters.query(hasHome: false).apply(to: rows).map(\.id) == ["fifty"])
        filters.fitMin = nil
        filters.fitMax = 49.9
        #expect(try filters.query(hasHome: false).apply(to: rows).map(\.id) == ["zero"])
        filters = SchoolFilters()
        filters.sort = .fitScore
        #expect(try filters.query(hasHome: false).apply(to: rows).map(\.id) == ["max", "fifty", "zero", "none"])
    }

    @Test func distancesWithALatitudeOfZero() throws {
        let home = Coordinate(latitude: 0, longitude: 0)
        let rows = schoolRows(
            [
                school("gulf", lat: 0, lon: 1),  // on the equator: 69.1 miles
                school("far", lat: 30.2849, lon: -97.7341),
                school("nowhere"), school("half", lat: 0, lon: nil),
            ],
            home: home
        )
        let gulf = try #require(rows.first { $0.id == "gulf" }?.distance)
        #expect(abs(gulf - 69.09) < 0.01)
        #expect(rows.first { $0.id == "nowhere" }?.distance == nil)
        #expect(rows.first { $0.id == "half" }?.distance == nil)
        var filters = SchoolFilters()
        filters.maxDistance = 69.1
        #expect(try filters.query(hasHome: true).apply(to: rows).map(\.id) == ["gulf"])
        filters.maxDistance = nil
        filters.sort = .distance
        #expect(try filters.query(hasHome: true).apply(to: rows).map(\.id) == ["gulf", "far", "half", "nowhere"])
    }

    @Test func maxDistanceNeedsAHome() {
        var filters = SchoolFilters()
        filters.maxDistance = 100
        #expect(throws: SchoolFilterError.needsHomeLocation) { try filters.query(hasHome: false) }
        #expect(
            SchoolFilterError.needsHomeLocation.description
                == "Set a home location (--home LAT,LON) to filter by distance"
        )
    }

    @Test func haversine() {
        let austin = Coordinate(latitude: 30.2672, longitude: -97.7431)
        let dallas = Coordinate(latitude: 32.7767, longitude: -96.7970)
        #expect(abs(Haversine.miles(austin, dallas) - 182.2) < 1)
        #expect(Haversine.miles(austin, austin) == 0)
    }

    @Test(
        arguments: [
            ("Austin, TX", "TX"), ("Austin, tx 78701", "TX"), ("Austin, TX 78701-1234", "TX"), ("Montréal, QC", nil),
            ("Washington, DC", "DC"), ("San Juan, PR", "PR"), ("Austin TX", nil), ("Austin, Texas", nil), ("", nil),
            ("Paris, France", nil), ("Somewhere, TX, USA", nil),
        ] as [(String, String?)]
    )
    func stateFromLocation(location: String, state: String?) {
        #expect(USState.parse(location: location) == state)
    }

    @Test func stateComesFromTheColumnThenAcademicInfoThenLocation() {
        var first = school("a", state: "tx", location: "Boston, MA")
        #expect(SchoolListRow.state(of: first) == "TX")
        first.state = nil
        first.academicInfo = AcademicInfo(state: "ca")
        #expect(SchoolListRow.state(of: first) == "CA")
        first.academicInfo = nil
        #expect(SchoolListRow.state(of: first) == "MA")
    }

    @Test func lastContactIsTheLatestOfInteractionsAndCoachesAndTheOfferIsTheMostRecent() throws {
        let rows = schoolRows([school("s")]) { data in
            data.coaches = [coach("c", last: "X", school: "s", lastContact: "2026-11-10")]
            var interaction = Interaction(
                id: "i",
                familyUnitID: "F",
                type: .email,
                direction: .outbound,
                date: try! Timestamp.parse("2026-11-12T12:00:00Z")
            )
            interaction.schoolID = "s"
            data.interactions = [interaction]
            var older = Offer(id: "o1", familyUnitID: "F", offerType: .known(.fullRide), status: .known(.expired))
            older.schoolID = "s"
            older.offerDate = try! Timestamp.parse("2026-01-01")
            var newer = Offer(id: "o2", familyUnitID: "F", offerType: .known(.partial), status: .known(.pending))
            newer.schoolID = "s"
            newer.offerDate = try! Timestamp.parse("2026-06-01")
            data.offers = [newer, older]
        }
        let row = try #require(rows.first)
        #expect(row.lastContactDay?.description == "2026-11-12")
        #expect(row.offer?.id == "o2")
        #expect(row.offer?.summary == "Partial (Pending)")
        #expect(row.coachCount == 1 && row.interactionCount == 1)
    }
}
