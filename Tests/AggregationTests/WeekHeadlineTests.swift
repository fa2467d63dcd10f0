import Aggregation
import Testing

/// The week's headline (docs/delivery.md, "The subject"): the fixed order, the words, the cut.
struct WeekHeadlineTests {
    let zone = Zone(identifier: "America/Chicago")!
    let family = FamilyUnit(id: "F", familyName: "Rivera Family", createdAt: nil)
    let week = try! DateRange(from: CivilDate(iso: "2026-11-16")!, to: CivilDate(iso: "2026-11-22")!)
    let today = CivilDate(iso: "2026-11-23")!

    /// A family whose week holds what `parts` names, each part a step of the order.
    func headline(_ parts: Set<String>, interactions: Int = 12, before: Int = 8) -> String {
        var data = FamilyData(family: family)
        var school = School(id: "s1", familyUnitID: "F", name: "Stanford", status: .offerReceived)
        school.division = .d1
        data.schools = [school]
        var coach = Coach(id: "c1", familyUnitID: "F", role: .head, firstName: "Dana", lastName: "Smith")
        coach.schoolID = "s1"
        data.coaches = [coach]
        func inbound(_ id: String, _ day: String) -> Interaction {
            var interaction = Interaction(
                id: id,
                familyUnitID: "F",
                type: .email,
                direction: .inbound,
                date: try! Timestamp.parse(day + "T18:00:00Z")
            )
            interaction.coachID = "c1"
            return interaction
        }
        if parts.contains("wrote") { data.interactions.append(inbound("i1", "2026-11-18")) }
        if parts.contains("wrote before") { data.interactions.append(inbound("i0", "2026-10-01")) }
        if parts.contains("moved") {
            data.season.statusHistory = [
                StatusHistoryEntry(
                    id: "h1",
                    schoolID: "s1",
                    previousStatus: .interested,
                    newStatus: .offerReceived,
                    changedAt: try! Timestamp.parse("2026-11-19T18:00:00Z")
                )
            ]
        }
        var deadlines: [FollowUps.Deadline] = []
        if parts.contains("deadline") {
            var offer = Offer(id: "o1", familyUnitID: "F", offerType: .known(.fullRide), status: .known(.pending))
            offer.schoolID = "s1"
            offer.deadlineDate = try! Timestamp.parse("2026-11-24")
            data.offers = [offer]
            deadlines = FollowUps.compute(data, today: today, zone: zone).deadlines
        }
        return WeekHeadline.make(
            deadlines: deadlines,
            changes: SeasonChanges.compute(data, range: week, zone: zone),
            interactions: interactions,
            previousInteractions: before
        )
    }

    @Test func theMostUrgentTrueSentenceLeads() {
        #expect(headline(["deadline", "wrote", "moved"]) == "Stanford's offer deadline is tomorrow")
        #expect(headline(["wrote", "moved"]) == "First reply from Dana Smith (Stanford)")
        #expect(headline(["wrote", "wrote before", "moved"]) == "Dana Smith (Stanford) wrote")
        #expect(headline(["moved"]) == "Stanford moved to Offer Received")
        #expect(headline([]) == "12 interactions, 4 more than the week before")
        #expect(headline([], interactions: 3, before: 5) == "3 interactions, 2 fewer than the week before")
        #expect(headline([], interactions: 1, before: 1) == "1 interaction, the same as the week before")
        #expect(headline([], interactions: 0, before: 0) == "No interactions this week")
    }

    @Test func aLongSubjectIsCutAtAWord() {
        let long =
            "Nguyễn-Okafor Family, \"The Hawks\": First reply from Dana Smith (Minnesota State University, Mankato)"
        let cut = WeekHeadline.fit(long, limit: 78)
        #expect(cut.count <= 78 && cut.hasSuffix("…") && !cut.hasSuffix(" …"))
        #expect(long.hasPrefix(String(cut.dropLast())))
        #expect(cut == "Nguyễn-Okafor Family, \"The Hawks\": First reply from Dana Smith (Minnesota…")
        #expect(WeekHeadline.fit("Rivera Family: 12 interactions", limit: 78) == "Rivera Family: 12 interactions")
        // A space early in the text does not cost the rest: past half the room, the cut is within the word.
        let word = "7 " + String(repeating: "<&>", count: 100)
        #expect(WeekHeadline.fit(word, limit: 200) == String(word.prefix(199)) + "…")
    }
}
