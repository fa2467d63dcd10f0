import Aggregation
import Testing

/// The season's figures (docs/season.md §2–§5) at their boundaries: directions, who wrote and
/// for the first time, profile views, the twelve weeks and the pipeline rebuilt from history in
/// a zone that is not UTC, events and calendar ahead, and each user's own items.
struct SeasonTests {
    let zone = Zone(identifier: "America/Los_Angeles")!
    let family = FamilyUnit(id: "F", familyName: "Rivera Family", createdAt: nil)
    let week = try! DateRange(from: CivilDate(iso: "2026-11-16")!, to: CivilDate(iso: "2026-11-22")!)
    let today = CivilDate(iso: "2026-11-23")!

    func stamp(_ text: String) -> Timestamp { try! Timestamp.parse(text) }
    func day(_ text: String) -> CivilDate { CivilDate(iso: text)! }
    func school(_ id: String, _ name: String, _ status: SchoolStatus = .contacted, created: String? = nil) -> School {
        var school = School(id: id, familyUnitID: "F", name: name, status: status)
        school.createdAt = created.map(stamp)
        school.division = .d1
        return school
    }
    func coach(_ id: String, _ first: String, _ last: String, school: String = "s1") -> Coach {
        var coach = Coach(id: id, familyUnitID: "F", role: .head, firstName: first, lastName: last)
        coach.schoolID = school
        return coach
    }
    func inbound(_ id: String, coach: String?, at text: String, _ direction: Direction = .inbound) -> Interaction {
        var interaction = Interaction(id: id, familyUnitID: "F", type: .email, direction: direction, date: stamp(text))
        interaction.coachID = coach
        return interaction
    }
    func history(
        _ id: String,
        _ school: String,
        _ from: StoredSchoolStatus?,
        _ to: StoredSchoolStatus,
        at text: String,
        by: String? = nil
    ) -> StatusHistoryEntry {
        var entry = StatusHistoryEntry(
            id: id,
            schoolID: school,
            previousStatus: from,
            newStatus: to,
            changedAt: stamp(text)
        )
        entry.changedBy = by
        return entry
    }

    /// The stages of app-today.md §1: interested is contacted's stage (so the app's
    /// "Auto-advanced: interaction logged" from interested to contacted is no move), the camp
    /// invites, official visits and recruited are visiting's, declined is out.
    @Test(arguments: [
        (StoredSchoolStatus?.none, StoredSchoolStatus.contacted, SeasonChanges.Direction.forward),
        (.interested, .contacted, .same), (.contacted, .interested, .same), (.interested, .campInvite, .forward),
        (.campInvite, .visiting, .same), (.officialVisitScheduled, .recruited, .same),
        (.officialVisitInvited, .offerReceived, .forward), (.recruited, .contacted, .back),
        (.offerReceived, .interested, .back), (.interested, .declined, .out), (.notPursuing, .interested, .forward),
        (.notPursuing, .declined, .out), (.declined, .visiting, .forward), (.researching, .researching, .same),
        (.committed, .recruited, .back), (.visiting, .notPursuing, .out), (nil, .researching, .same),
    ])
    func aChangesDirectionFollowsTheFunnel(
        from: StoredSchoolStatus?,
        to: StoredSchoolStatus,
        direction: SeasonChanges.Direction
    ) {
        #expect(SeasonChanges.direction(from: from, to: to) == direction)
    }

    @Test func statusChangesOfTheFamilysSchoolsInTheRangeNamingOnlyMembers() {
        var data = FamilyData(
            family: family,
            members: [FamilyMember(familyUnitID: "F", userID: "u1", role: .parent)],
            users: [
                "u1": User(id: "u1", email: "mom@example.com", fullName: "Ana Rivera", role: .parent, timezone: nil),
                "x": User(id: "x", email: "coach@example.com", fullName: "Outsider", role: .parent, timezone: nil),
            ],
            schools: [school("s1", "Amherst"), school("s2", "Bates")]
        )
        data.season.statusHistory = [
            history("h3", "s2", .interested, .offerReceived, at: "2026-11-20T18:00:00Z", by: "x"),
            history("h2", "s1", .contacted, .interested, at: "2026-11-20T18:00:00Z", by: "u1"),
            // 23:30 in Los Angeles on Nov 22 is Nov 23 in UTC: still in the week.
            history("h4", "s1", .interested, .declined, at: "2026-11-23T07:30:00Z"),
            // 00:30 on Nov 23 in Los Angeles: the next week.
            history("h5", "s1", .declined, .interested, at: "2026-11-23T08:30:00Z"),
            history("h1", "s1", nil, .contacted, at: "2026-11-15T12:00:00Z"),
            history("hX", "other-family-school", nil, .committed, at: "2026-11-18T12:00:00Z"),
        ]
        let changes = SeasonChanges.compute(data, range: week, zone: zone)
        #expect(changes.statusChanges?.map(\.id) == ["h2", "h3", "h4"])  // by changed_at, then id
        #expect(changes.statusChanges?.map(\.by) == ["Ana Rivera", nil, nil])
        #expect(changes.statusChanges?.last?.date == day("2026-11-22"))
        // h2, contacted to interested, is no move.
        #expect(changes.moved == SeasonChanges.Moved(forward: 1, back: 0, out: 1))
        data.season.statusHistory = nil
        let without = SeasonChanges.compute(data, range: week, zone: zone)
        #expect(without.statusChanges == nil && without.moved == nil)
    }

    @Test func coachesWhoWroteWithFirstRepliesAndOtherInbound() {
        var data = FamilyData(
            family: family,
            schools: [school("s1", "Amherst")],
            coaches: [
                coach("c1", "Ann", "Zed"), coach("c2", "Bo", "Young"), coach("c3", "Cy", "Young", school: "gone"),
            ]
        )
        data.interactions = [
            inbound("i1", coach: "c1", at: "2026-11-17T12:00:00Z"),
            inbound("i2", coach: "c1", at: "2026-11-19T12:00:00Z"),
            inbound("i0", coach: "c1", at: "2026-03-01T12:00:00Z"),  // wrote before, long ago: not a first reply
            inbound("i3", coach: "c2", at: "2026-11-19T20:00:00Z"),
            inbound("i4", coach: "c3", at: "2026-11-19T13:00:00Z"),
            inbound("i5", coach: nil, at: "2026-11-18T12:00:00Z"),
            inbound("i6", coach: "not-ours", at: "2026-11-18T12:00:00Z"),
            inbound("i7", coach: "c2", at: "2026-11-18T12:00:00Z", .outbound),
        ]
        let changes = SeasonChanges.compute(data, range: week, zone: zone)
        // Same last day: by last name, then first name.
        #expect(changes.coachesWhoWrote.map(\.coachID) == ["c2", "c3", "c1"])
        #expect(changes.coachesWhoWrote.map(\.firstTime) == [true, true, false])
        #expect(changes.coachesWhoWrote.map(\.inbound) == [1, 1, 2])
        #expect(changes.coachesWhoWrote[1].school == "Unknown School")
        #expect(changes.otherInbound == 2)
    }

    @Test func profileViewsByCoachAndTheRestOfTheFamilysProfileOnly() {
        var data = FamilyData(
            family: family,
            schools: [school("s1", "Amherst")],
            coaches: [coach("c1", "Ann", "Zed"), coach("c2", "Bo", "Young")]
        )
        data.season.profiles = [PlayerProfile(id: "p1", familyUnitID: "F")]
        data.season.trackingLinks = [
            ProfileTrackingLink(id: "l1", profileID: "p1", coachID: "c1"),
            ProfileTrackingLink(id: "l2", profileID: "p1", coachID: "c2"),
            ProfileTrackingLink(id: "l3", profileID: "p1", coachID: "someone-else"),
        ]
        data.season.profileViews = [
            ProfileView(id: "v1", profileID: "p1", trackingLinkID: "l1", viewedAt: stamp("2026-11-17T12:00:00Z")),
            ProfileView(id: "v2", profileID: "p1", trackingLinkID: "l2", viewedAt: stamp("2026-11-18T12:00:00Z")),
            ProfileView(id: "v3", profileID: "p1", trackingLinkID: "l2", viewedAt: stamp("2026-11-19T12:00:00Z")),
            ProfileView(id: "v4", profileID: "p1", trackingLinkID: nil, viewedAt: stamp("2026-11-19T12:00:00Z")),
            ProfileView(id: "v5", profileID: "p1", trackingLinkID: "l3", viewedAt: stamp("2026-11-19T12:00:00Z")),
            ProfileView(id: "v6", profileID: "p1", trackingLinkID: "l1", viewedAt: stamp("2026-11-10T12:00:00Z")),
            ProfileView(
                id: "vX",
                profileID: "other-profile",
                trackingLinkID: "l1",
                viewedAt: stamp("2026-11-19T12:00:00Z")
            ),
        ]
        let views = SeasonChanges.compute(data, range: week, zone: zone).profileViews
        #expect(views?.total == 5 && views?.other == 2)
        #expect(views?.byCoach.map(\.coachID) == ["c2", "c1"])
        #expect(views?.byCoach.first?.lastViewed == day("2026-11-19"))
        data.season.profileViews = nil
        #expect(SeasonChanges.compute(data, range: week, zone: zone).profileViews == nil)
    }

    @Test func twelveWeeksEndingOnTheRangesLastDay() {
        var data = FamilyData(family: family, coaches: [coach("c1", "Ann", "Zed")])
        data.interactions = [
            inbound("a", coach: "c1", at: "2026-11-22T12:00:00Z", .outbound),
            inbound("b", coach: "c1", at: "2026-11-21T12:00:00Z"),
            inbound("c", coach: "c1", at: "2026-08-31T12:00:00Z", .outbound),  // week 1 starts Monday, Aug 31
            inbound("d", coach: "c1", at: "2026-08-30T12:00:00Z", .outbound),  // before the twelve
        ]
        var metric = PerformanceMetric(
            id: "m1",
            familyUnitID: "F",
            metricType: "sixty",
            date: stamp("2026-11-20T12:00:00Z")
        )
        metric.value = 7.1
        var empty = PerformanceMetric(
            id: "m2",
            familyUnitID: "F",
            metricType: "gpa",
            date: stamp("2026-11-20T12:00:00Z")
        )
        empty.value = nil
        data.metrics = [metric, empty]
        let trend = SeasonTrend.compute(data, range: week, zone: zone)
        #expect(trend.weeks.count == 12)
        #expect(trend.weeks.first?.start == day("2026-08-31") && trend.weeks.last?.end == day("2026-11-22"))
        #expect(trend.weeks.first?.outbound == 1 && trend.weeks.first?.responseRate == 0)
        #expect(
            trend.weeks.last?.outbound == 1 && trend.weeks.last?.inbound == 1 && trend.weeks.last?.responseRate == 100
        )
        #expect(trend.weeks[5].responseRate == nil, "a week with no coach contacted has no rate, not 0")
        #expect(trend.weeks.last?.metrics.map(\.type) == ["sixty"], "a type with no value in any week has no key")
        #expect(trend.weeks.last?.metrics.first?.average == 7.1 && trend.weeks[0].metrics.first?.average == nil)
        #expect(trend.weeks.last?.profileViews == nil)
    }

    /// The pipeline at each week's end (the next day's 00:00 in Los Angeles): a school created
    /// mid-trend, a change at 23:59 and one at 00:00, an out-and-back, ties by id; each status
    /// read through the app's map, `interested` by the interactions dated before the week's end.
    @Test func thePipelineIsRebuiltFromHistoryAtEachWeeksEnd() {
        var s1 = school("s1", "Amherst", .researching, created: "2026-08-01T00:00:00Z")
        s1.storedStatus = .interested
        var s4 = school("s4", "Dickinson", .contacted)  // no history: interested, first interaction Nov 10
        s4.storedStatus = .interested
        var data = FamilyData(
            family: family,
            schools: [
                s1,
                // Nov 16, 00:00 in LA: in the last week only
                school("s2", "Bates", .committed, created: "2026-11-16T08:00:00Z"),
                school("s3", "Colby", .contacted),  // no history, no created_at: its status every week
                s4,
            ]
        )
        data.interactions = [("i1", "s1", "2026-11-18T12:00:00Z"), ("i2", "s4", "2026-11-10T12:00:00Z")].map {
            var row = Interaction(id: $0.0, familyUnitID: "F", type: .email, direction: .outbound, date: stamp($0.2))
            row.schoolID = $0.1
            return row
        }
        data.season.statusHistory = [
            // Nov 15 23:59 LA (Nov 16 07:59 UTC): before the end of the week of Nov 9–15.
            history("h1", "s1", .contacted, .declined, at: "2026-11-16T07:59:00Z"),
            // Nov 16 00:00 LA: after it; two rows at one instant, the larger id the later.
            history("h2b", "s1", .declined, .interested, at: "2026-11-16T08:00:00Z"),
            history("h2a", "s1", .declined, .offerReceived, at: "2026-11-16T08:00:00Z"),
            history("h3", "s2", nil, .committed, at: "2026-11-20T12:00:00Z"),
        ]
        let weeks = SeasonTrend.compute(data, range: week, zone: zone).weeks
        func count(_ k: Int, _ status: SchoolStatus) -> Int? { weeks[k].pipeline.first { $0.key == status }?.count }
        #expect(weeks[10].end == day("2026-11-15") && weeks[11].end == day("2026-11-22"))
        // Before its first change, s1 stood at that change's previous status; s4 is `interested`
        // with no interaction yet: researching.
        #expect(count(0, .contacted) == 2 && count(0, .notPursuing) == 0 && count(0, .researching) == 1)
        #expect(count(9, .contacted) == 2 && count(9, .researching) == 1)
        // s1 declined (not pursuing); s4's first interaction (Nov 10) makes it contacted.
        #expect(count(10, .notPursuing) == 1 && count(10, .contacted) == 2 && count(10, .researching) == 0)
        // s1's `interested` after its interaction of Nov 18: contacted.
        #expect(count(11, .contacted) == 3 && count(11, .offerReceived) == 0 && count(11, .committed) == 1)
        #expect(
            weeks[11].pipeline.map(\.key) == [
                .researching, .contacted, .visiting, .offerReceived, .committed, .notPursuing,
            ]
        )
        #expect(
            weeks[11].pipeline.map(\.count).reduce(0, +) == 4 && weeks[10].pipeline.map(\.count).reduce(0, +) == 3
        )
        data.season.statusHistory = nil
        let current = SeasonTrend.compute(data, range: week, zone: zone).weeks
        // Without history, the stored status, read with the interactions before each week's end.
        #expect(current[0].pipeline.first { $0.key == .researching }?.count == 2)
        #expect(current[11].pipeline.first { $0.key == .contacted }?.count == 3)
    }

    @Test func eventsAndTheCalendarOfTheComingTwoWeeks() {
        var data = FamilyData(family: family, schools: [school("s1", "Amherst")])
        func event(
            _ id: String,
            _ start: String,
            end: String? = nil,
            time: String? = nil,
            name: String = "Camp"
        ) -> FamilyEvent {
            var event = FamilyEvent(id: id, type: .camp, name: name, startDate: day(start))
            event.endDate = end.map(day)
            event.startTime = time
            event.schoolID = "s1"
            event.city = "Amherst"
            event.state = "MA"
            return event
        }
        data.season.events = [
            event("e1", "2026-11-28", time: "09:00"), event("e2", "2026-11-28"),
            event("e3", "2026-11-20", end: "2026-11-24"),
            event("e4", "2026-12-07"), event("e5", "2026-12-08"), event("e6", "2026-11-20", end: "2026-11-22"),
            event("e0", "2026-11-28", time: "09:00", name: "Bash"),
        ]
        func entry(_ id: String, _ start: String, division: Division? = nil, sport: String? = nil) -> CalendarEntry {
            var entry = CalendarEntry(id: id, label: "Dead Period", startDate: day(start), category: .deadPeriod)
            entry.division = division
            entry.sport = sport
            return entry
        }
        data.season.calendar = [
            entry("k1", "2026-11-26", division: .d1), entry("k2", "2026-11-26", division: .d2),
            entry("k3", "2026-11-27", sport: " baseball "),
            entry("k4", "2026-11-27", sport: "Softball"), entry("k5", "2026-11-27"),
        ]
        data.season.sports = [Sport(id: "sp", name: "Baseball")]
        data.season.playerSportID = "sp"
        let ahead = SeasonAhead.compute(data, today: today, zone: zone)
        #expect(ahead.events?.map(\.id) == ["e3", "e0", "e1", "e2", "e4"])
        #expect(ahead.events?.map(\.daysAway) == [0, 5, 5, 5, 14])
        #expect(ahead.events?.first?.place == "Amherst, MA" && ahead.events?.first?.school == "Amherst")
        #expect(ahead.calendar?.map(\.id) == ["k1", "k3", "k5"])
        data.season.playerSportID = nil
        #expect(
            SeasonAhead.compute(data, today: today, zone: zone).calendar?.map(\.id) == ["k1", "k5"],
            "an unknown sport: entries without one"
        )
    }

    @Test func eachUserSeesOnlyTheirOwnRemindersAndDeadlines() {
        var data = FamilyData(family: family, schools: [school("s1", "Amherst")], coaches: [coach("c1", "Ann", "Zed")])
        func reminder(
            _ id: String,
            _ user: String,
            due: String,
            _ priority: ReminderPriority = .medium,
            done: Bool = false
        ) -> Reminder {
            var reminder = Reminder(id: id, userID: user, type: .followUp, title: "Call back", dueDate: stamp(due))
            reminder.priority = priority
            reminder.isCompleted = done
            reminder.coachID = "c1"
            return reminder
        }
        data.season.reminders = [
            reminder("r1", "u1", due: "2026-11-30"), reminder("r2", "u1", due: "2026-11-30", .high),
            reminder("r3", "u1", due: "2026-11-10"), reminder("r4", "u1", due: "2026-12-01"),
            reminder("r5", "u1", due: "2026-11-24", done: true), reminder("r6", "u2", due: "2026-11-24"),
        ]
        data.season.deadlines = [
            UserDeadline(id: "d1", userID: "u1", label: "Application", date: day("2026-12-07"), category: "school"),
            UserDeadline(id: "d2", userID: "u1", label: "Essay", date: day("2026-12-08"), category: "school"),
            UserDeadline(id: "d3", userID: "u2", label: "Transcript", date: day("2026-11-25"), category: "school"),
        ]
        let mine = PersonalItems.compute(data, userID: "u1", today: today, zone: zone)
        #expect(mine.reminders.map(\.id) == ["r3", "r2", "r1"])
        #expect(mine.reminders.map(\.daysLeft) == [-13, 7, 7])
        #expect(mine.reminders.first?.coach == "Ann Zed")
        #expect(mine.deadlines.map(\.id) == ["d1"])
        #expect(PersonalItems.compute(data, userID: "u2", today: today, zone: zone).reminders.map(\.id) == ["r6"])
        #expect(PersonalItems.compute(data, userID: "list-address", today: today, zone: zone).isEmpty)
    }
}
