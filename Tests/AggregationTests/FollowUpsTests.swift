import Aggregation
import Testing

/// The follow-ups of docs/report.md §2 at their boundaries, and the Add Coach rules.
struct FollowUpsTests {
    let zone = Zone(identifier: "America/Los_Angeles")!
    let today = CivilDate(iso: "2026-11-23")!
    let family = FamilyUnit(id: "F", familyName: "Rivera Family", createdAt: nil)

    func day(_ offset: Int) -> String { today.adding(days: offset).description }
    func school(_ id: String, _ name: String, _ status: SchoolStatus = .contacted, family: String = "F") -> School {
        School(id: id, familyUnitID: family, name: name, status: status)
    }
    func offer(_ id: String, school: String, deadline: String?, status: OfferStatus?, family: String = "F") -> Offer {
        var offer = Offer(
            id: id,
            familyUnitID: family,
            offerType: .known(.fullRide),
            status: status.map { .known($0) } ?? .known(.pending)
        )
        offer.schoolID = school
        offer.deadlineDate = deadline.map { try! Timestamp.parse($0) }
        return offer
    }
    func interaction(
        _ id: String,
        coach: String?,
        school: String,
        at stamp: String,
        _ direction: Direction,
        family: String = "F"
    ) -> Interaction {
        var interaction = Interaction(
            id: id,
            familyUnitID: family,
            type: .email,
            direction: direction,
            date: try! Timestamp.parse(stamp)
        )
        interaction.coachID = coach
        interaction.schoolID = school
        return interaction
    }
    func coach(_ id: String, _ first: String, _ last: String, school: String = "s1") -> Coach {
        var coach = Coach(id: id, familyUnitID: "F", role: .head, firstName: first, lastName: last)
        coach.schoolID = school
        return coach
    }

    @Test func deadlinesFromTodayToTwoWeeksAheadOfPendingOffers() {
        let schools = [school("s1", "Amherst College"), school("s2", "Bates College")]
        let offers = [
            offer("o-today", school: "s1", deadline: day(0), status: .pending),
            offer("o-14", school: "s2", deadline: day(14), status: nil),  // a null status is pending
            offer("o-15", school: "s1", deadline: day(15), status: .pending),
            offer("o-yesterday", school: "s1", deadline: day(-1), status: .pending),
            offer("o-accepted", school: "s1", deadline: day(3), status: .accepted),
            offer("o-none", school: "s1", deadline: nil, status: .pending),
            offer("o-tie-b", school: "s2", deadline: day(5), status: .pending),
            offer("o-tie-a", school: "s1", deadline: day(5), status: .pending),
        ]
        let result = FollowUps.compute(
            FamilyData(family: family, schools: schools, offers: offers),
            today: today,
            zone: zone
        )
        #expect(result.deadlines.map(\.offerID) == ["o-today", "o-tie-a", "o-tie-b", "o-14"])
        #expect(result.deadlines.map(\.daysLeft) == [0, 5, 5, 14])
        #expect(result.deadlines.first?.school == "Amherst College")
    }

    @Test func coachesWhoseLatestInteractionIsAnOutboundOneAWeekOldOrMore() {
        let coaches = [
            coach("c7", "Ann", "Seven"), coach("c6", "Bo", "Six"), coach("cAnswered", "Cy", "Answered"),
            coach("cFuture", "Di", "Future"), coach("cTie", "Ed", "Tie"), coach("cTie2", "Al", "Tie"),
        ]
        let interactions = [
            interaction("i1", coach: "c7", school: "s1", at: day(-7) + "T12:00:00Z", .outbound),
            interaction("i2", coach: "c6", school: "s1", at: day(-6) + "T12:00:00Z", .outbound),
            interaction("i3", coach: "cAnswered", school: "s1", at: day(-20) + "T12:00:00Z", .outbound),
            interaction("i4", coach: "cAnswered", school: "s1", at: day(-10) + "T12:00:00Z", .inbound),
            // A future-dated outbound is not "up to today": the latest is the inbound before it.
            interaction("i5", coach: "cFuture", school: "s1", at: day(-30) + "T12:00:00Z", .inbound),
            interaction("i6", coach: "cFuture", school: "s1", at: day(3) + "T12:00:00Z", .outbound),
            // The same instant: the larger interaction id is the later.
            interaction("i7a", coach: "cTie", school: "s1", at: day(-9) + "T12:00:00Z", .inbound),
            interaction("i7b", coach: "cTie", school: "s1", at: day(-9) + "T12:00:00Z", .outbound),
            interaction("i8b", coach: "cTie2", school: "s1", at: day(-9) + "T12:00:00Z", .inbound),
            interaction("i8a", coach: "cTie2", school: "s1", at: day(-9) + "T12:00:00Z", .outbound),
            // Another family's rows never count.
            interaction("x1", coach: "c6", school: "s1", at: day(-30) + "T12:00:00Z", .outbound, family: "G"),
        ].filter { $0.familyUnitID == "F" }
        let data = FamilyData(
            family: family,
            schools: [school("s1", "Amherst College")],
            coaches: coaches,
            interactions: interactions
        )
        let result = FollowUps.compute(data, today: today, zone: zone)
        // Fewest days first: the ones still worth a follow-up lead.
        #expect(result.awaitingReply.map(\.coachID) == ["c7", "cTie"])
        #expect(result.awaitingReply.map(\.daysWaiting) == [7, 9])
        #expect(result.awaitingReplyOlder == 0)
    }

    /// Past 60 days a coach is counted, not listed; a stored last contact later than the
    /// outbound interaction (a contact no interaction says who made) takes the coach out.
    @Test func onlySixtyDaysAreListedAndTheLastContactMustAgree() {
        let coaches = ["c60", "c61", "c307", "cCalled"].map { coach($0, "Ann", $0) }
        var called = coaches[3]
        called.lastContactDate = .day(today.adding(days: -2))
        let interactions = [
            interaction("i1", coach: "c60", school: "s1", at: day(-60) + "T12:00:00Z", .outbound),
            interaction("i2", coach: "c61", school: "s1", at: day(-61) + "T12:00:00Z", .outbound),
            interaction("i3", coach: "c307", school: "s1", at: day(-307) + "T12:00:00Z", .outbound),
            interaction("i4", coach: "cCalled", school: "s1", at: day(-20) + "T12:00:00Z", .outbound),
        ]
        let data = FamilyData(
            family: family,
            schools: [school("s1", "Amherst College")],
            coaches: Array(coaches.prefix(3)) + [called],
            interactions: interactions
        )
        let result = FollowUps.compute(data, today: today, zone: zone)
        #expect(result.awaitingReply.map(\.coachID) == ["c60"])
        #expect(result.awaitingReplyOlder == 2)
    }

    @Test func anInteractionAt2330InLosAngelesIsThatDay() {
        // 2026-11-16 23:30 in Los Angeles is 2026-11-17 07:30 UTC: seven days before the 23rd there.
        let data = FamilyData(
            family: family,
            schools: [school("s1", "Amherst College")],
            coaches: [coach("c", "Ann", "Lee")],
            interactions: [interaction("i", coach: "c", school: "s1", at: "2026-11-17T07:30:00Z", .outbound)]
        )
        #expect(FollowUps.compute(data, today: today, zone: zone).awaitingReply.map(\.daysWaiting) == [7])
        #expect(FollowUps.compute(data, today: today, zone: .utc).awaitingReply.isEmpty)
    }

    @Test func activeSchoolsWithNoInteractionInThirtyDays() {
        var schools = SchoolStatus.allCases.map { school("st-\($0.rawValue)", "School \($0.rawValue)", $0) }
        schools += [
            school("s29", "Twenty-nine", .contacted), school("s30", "Thirty", .contacted),
            school("sNever", "Zeta Never", .visiting),
        ]
        var interactions = SchoolStatus.allCases.map {
            interaction("i-\($0.rawValue)", coach: nil, school: "st-\($0.rawValue)", at: day(-40), .outbound)
        }
        interactions += [
            interaction("i29", coach: nil, school: "s29", at: day(-29), .outbound),
            interaction("i30", coach: nil, school: "s30", at: day(-30), .inbound),
        ]
        let result = FollowUps.compute(
            FamilyData(family: family, schools: schools, interactions: interactions),
            today: today,
            zone: zone
        )
        // The app's active stages (app-today.md §1): contacted, visiting and offer_received.
        let active: Set<SchoolStatus> = [.contacted, .visiting, .offerReceived]
        #expect(FollowUps.activeStatuses == active)
        #expect(result.goneQuiet.first?.schoolID == "sNever" && result.goneQuiet.first?.daysSince == nil)
        #expect(Set(result.goneQuiet.map(\.schoolID)) == Set(active.map { "st-\($0.rawValue)" } + ["s30", "sNever"]))
        #expect(result.goneQuiet.first { $0.schoolID == "s30" }?.daysSince == 30)
        // Most days first after the never-contacted, ties by name.
        #expect(
            result.goneQuiet.dropFirst().map(\.daysSince)
                == result.goneQuiet.dropFirst().map(\.daysSince).sorted { ($0 ?? 0) > ($1 ?? 0) }
        )
    }

    @Test(arguments: [
        (ContactField.email, "notanemail", false), (.email, "a@b.co", true),
        (.email, "coach@athletics.example.edu", true),
        (.email, "a@b", false), (.email, "two@@example.com", false), (.email, "x@y.z", false),
        (.phone, "123", false), (.phone, "call me", false), (.phone, "(123) 456-7890", true),
        (.phone, "123-456-7890", true),
        (.phone, "123.456.7890", true), (.phone, "1234567890", true), (.phone, "+1 555-950-1304", true),
        (.phone, "1-555-950-1304", true),
        (.phone, "+1 (555) 950-1304", true), (.phone, "555-9501-304", false),
        (.twitter, "this_is_way_too_long_for_twitter", false), (.twitter, "coach_lee", true),
        (.twitter, "@coach_lee", true),
        (.twitter, "", false), (.twitter, "a.b", false),
        (.instagram, "invalid handle with spaces", false), (.instagram, "coach.lee_1", true),
        (.instagram, String(repeating: "a", count: 31), false),
    ])
    func theAddCoachRules(field: ContactField, value: String, accepted: Bool) {
        #expect(field.accepts(value) == accepted)
        #expect((field.link(value) != nil) == accepted)
    }

    /// The rules read bytes; as the form states them they read characters. The two agree on
    /// strings made of what the rules look at (digits, separators, letters, "@", "_", ".") and
    /// what they must refuse (a non-ASCII digit, an accent, a combining mark, CR LF, emoji).
    @Test func theRulesOnBytesAgreeWithTheRulesOnCharacters() {
        let pieces = [
            "1", "5", "0", "9", "+", "-", ".", " ", "(", ")", "@", "_", "a", "Z", "١", "é", "e\u{301}", "\r\n", "🙂",
        ]
        var state: UInt64 = 45
        for _ in 0..<40_000 {
            var text = ""
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let length = Int(state >> 59) % 17
            for index in 0..<length { text += pieces[Int((state >> UInt64(index % 8 * 6)) % UInt64(pieces.count))] }
            for prefix in ["", "+1 ", "1-", "(", "@"] {
                let value = prefix + text
                #expect(ContactField.phone.accepts(value) == Reference.isPhone(value), "\(value)")
                #expect(ContactField.twitter.accepts(value) == Reference.isHandle(value, 15, []), "\(value)")
                #expect(ContactField.instagram.accepts(value) == Reference.isHandle(value, 30, ["."]), "\(value)")
            }
        }
        for phone in ["(555) 950-1304", "555.950.1304", "+1.5559501304", "15559501304"] {
            #expect(ContactField.phone.accepts(phone) && Reference.isPhone(phone))
        }
    }

    /// The Add Coach rules on characters, as the form states them.
    private enum Reference {
        static func isPhone(_ value: String) -> Bool {
            var rest = Substring(value)
            func shape(_ text: Substring) -> Bool {
                let chars = Array(text)
                func digits(_ range: Range<Int>) -> Bool { chars[range].allSatisfy { $0.isASCII && $0.isNumber } }
                switch chars.count {
                case 10: return digits(0..<10)
                case 12:
                    return (chars[3] == "-" && chars[7] == "-" || chars[3] == "." && chars[7] == ".")
                        && digits(0..<3) && digits(4..<7) && digits(8..<12)
                case 14:
                    return chars[0] == "(" && chars[4] == ")" && chars[5] == " " && chars[9] == "-" && digits(1..<4)
                        && digits(6..<9) && digits(10..<14)
                default: return false
                }
            }
            if shape(rest) { return true }
            for prefix in ["+1", "1"] where rest.hasPrefix(prefix) {
                rest = rest.dropFirst(prefix.count)
                if let first = rest.first, first == " " || first == "-" || first == "." { rest = rest.dropFirst() }
                return shape(rest)
            }
            return false
        }

        static func isHandle(_ value: String, _ maxLength: Int, _ extra: Set<Character>) -> Bool {
            let handle = value.hasPrefix("@") ? value.dropFirst() : Substring(value)
            return (1...maxLength).contains(handle.count)
                && handle.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || extra.contains($0)) }
        }
    }

    @Test func contactsToFixSortedByNameThenField() {
        var lee = coach("c2", "Ann", "Lee")
        lee.phone = "call me"
        lee.email = "notanemail"
        var adams = coach("c1", "Zoë", "Adams")
        adams.instagramHandle = "invalid handle with spaces"
        adams.twitterHandle = "fine_handle"
        let result = FollowUps.compute(
            FamilyData(family: family, schools: [school("s1", "Amherst College")], coaches: [lee, adams]),
            today: today,
            zone: zone
        )
        #expect(
            result.contactsToFix.map { "\($0.coachID) \($0.field.rawValue)" } == [
                "c1 instagram", "c2 email", "c2 phone",
            ]
        )
    }
}
