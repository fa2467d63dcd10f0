import Aggregation
import Testing

/// The app's newer to-dos (docs/next-steps.md): each kind appears when it is due, and never
/// when done, received, healthy or completed, nor for another family.
struct NextStepsTests {
    let zone = Zone(identifier: "UTC")!
    let week = try! DateRange(from: CivilDate(iso: "2026-11-16")!, to: CivilDate(iso: "2026-11-22")!)
    let today = CivilDate(iso: "2026-11-23")!

    func family() -> FamilyData {
        var data = FamilyData(
            family: FamilyUnit(id: "F", familyName: "F", createdAt: nil),
            members: [
                FamilyMember(familyUnitID: "F", userID: "P", role: .player),
                FamilyMember(familyUnitID: "F", userID: "M", role: .parent),
            ],
            schools: [
                School(id: "s1", familyUnitID: "F", name: "Stanford University", status: .contacted),
                School(id: "s2", familyUnitID: "F", name: "Rice University", status: .visiting),
            ]
        )
        data.season.tracksQuestionnaires = true
        return data
    }

    func message(_ id: String, school: String?, at time: String, family: String = "F") -> AthleteMessage {
        var message = AthleteMessage(id: id, familyUnitID: family, sentAt: try! Timestamp.parse(time))
        message.schoolID = school
        return message
    }

    @Test func outreachInTheWeekWithTheAppsTwoWarnings() throws {
        var data = family()
        data.season.messages = [
            message("m1", school: "s1", at: "2026-11-01T12:00:00Z"),
            message("m2", school: "s1", at: "2026-11-10T12:00:00Z"),
            // Six days and 23 hours after m2: "sent 6 days after"; and the third to s1.
            message("m3", school: "s1", at: "2026-11-17T11:00:00Z"),
            message("m4", school: "s2", at: "2026-11-10T12:00:00Z"),
            // Exactly seven days after m4: no warning.
            message("m5", school: "s2", at: "2026-11-17T12:00:00Z"),
            message("m6", school: nil, at: "2026-11-18T12:00:00Z"),
            message("x1", school: "s1", at: "2026-11-18T12:00:00Z", family: "G"),
            message("m7", school: "s2", at: "2026-11-23T12:00:00Z"),  // after the range
        ]
        let outreach = try #require(SeasonChanges.compute(data, range: week, zone: zone).outreach)
        #expect(outreach.map(\.id) == ["m3", "m5", "m6"])
        #expect(outreach[0].daysSincePrevious == 6 && outreach[0].sentBefore == 2)
        #expect(outreach[0].school == "Stanford University")
        #expect(outreach[1].daysSincePrevious == nil && outreach[1].sentBefore == nil)
        #expect(outreach[2].school == nil && outreach[2].daysSincePrevious == nil)
        #expect(SeasonChanges.compute(family(), range: week, zone: zone).outreach == nil)
    }

    @Test func questionnairesOfContactedAndVisitingSchoolsNotFilledIn() {
        var data = family()
        data.schools[0].questionnaireCompleted = false
        data.schools[1].questionnaireCompleted = nil
        var done = School(id: "s3", familyUnitID: "F", name: "Duke University", status: .contacted)
        done.questionnaireCompleted = true
        data.schools += [done, School(id: "s4", familyUnitID: "F", name: "Yale University", status: .researching)]
        data.schools.append(School(id: "s5", familyUnitID: "F", name: "Amherst", status: .offerReceived))
        let list = FollowUps.compute(data, today: today, zone: zone).questionnaires
        #expect(list?.map(\.school) == ["Rice University", "Stanford University"])
        data.season.tracksQuestionnaires = false
        #expect(FollowUps.compute(data, today: today, zone: zone).questionnaires == nil)
    }

    @Test func brokenVideosOfThePlayerOnly() {
        var data = family()
        func link(_ id: String, _ health: VideoHealth, user: String = "P", family: String? = "F") -> VideoLink {
            var link = VideoLink(
                id: id,
                userID: user,
                platform: "hudl",
                url: "https://hudl.example/\(id)",
                health: health
            )
            link.familyUnitID = family
            return link
        }
        data.season.videoLinks = [
            link("v1", .broken), link("v2", .healthy), link("v3", .unknown), link("v4", .broken, family: nil),
            link("v5", .broken, user: "M", family: nil), link("v6", .broken, user: "Q", family: "G"),
        ]
        #expect(FollowUps.compute(data, today: today, zone: zone).brokenVideos?.map(\.id) == ["v1", "v4"])
        #expect(FollowUps.compute(family(), today: today, zone: zone).brokenVideos == nil)
    }

    @Test func lettersDueWithinFourteenDaysAndNotYetIn() {
        var data = family()
        func letter(_ id: String, due: String?, _ status: LetterStatus, family: String? = "F") -> RecommendationLetter {
            var letter = RecommendationLetter(id: id, userID: "P", writerName: "Writer \(id)", status: status)
            (letter.dueDate, letter.familyUnitID) = (due.flatMap(CivilDate.init(iso:)), family)
            return letter
        }
        data.season.letters = [
            letter("l1", due: "2026-11-30", .requested), letter("l2", due: "2026-11-20", .notRequested),
            letter("l3", due: "2026-12-07", .requested), letter("l4", due: "2026-12-08", .requested),
            letter("l5", due: "2026-11-25", .received), letter("l6", due: "2026-11-25", .submitted),
            letter("l7", due: nil, .requested), letter("l8", due: "2026-11-25", .requested, family: nil),
            letter("l9", due: "2026-11-25", .requested, family: "G"),
        ]
        let letters = FollowUps.compute(data, today: today, zone: zone).letters
        // Past due first (l2, -3 days), then by due day; Dec 7 is today + 14, Dec 8 is not.
        #expect(letters?.map(\.id) == ["l2", "l8", "l1", "l3"])
        #expect(letters?.map(\.daysLeft) == [-3, 2, 7, 14])
    }
}
