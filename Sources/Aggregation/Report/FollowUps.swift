/// What the family should act on now (docs/report.md §2, "Follow-ups"): pending offers whose
/// deadline is near, coaches who have not answered, schools gone quiet, and contact details
/// that break the Add Coach rules. They look from `today`, not from the report's range.
public struct FollowUps: Sendable, Equatable {
    public struct Deadline: Sendable, Equatable {
        public let offerID: String
        public let school: String
        public let offerType: FreeTextValue<OfferType>
        public let deadline: CivilDate
        /// 0 on the deadline's own day.
        public let daysLeft: Int
    }

    public struct AwaitingReply: Sendable, Equatable {
        public let coachID: String
        public let coach: String
        public let school: String
        /// The day of the coach's latest interaction, an outbound one.
        public let lastContact: CivilDate
        public let daysWaiting: Int
    }

    public struct GoneQuiet: Sendable, Equatable {
        public let schoolID: String
        public let school: String
        public let status: SchoolStatus
        /// The last interaction before the 30 days; nil when the school never had one.
        public let lastContact: CivilDate?
        public let daysSince: Int?
    }

    public struct ContactToFix: Sendable, Equatable {
        public let coachID: String
        public let coach: String
        public let school: String
        public let field: ContactField
        public let value: String
    }

    public let today: CivilDate
    public var deadlines: [Deadline] = []
    public var awaitingReply: [AwaitingReply] = []
    /// Coaches who would be awaiting a reply but have waited more than 60 days: counted, not listed.
    public var awaitingReplyOlder = 0
    public var goneQuiet: [GoneQuiet] = []
    public var contactsToFix: [ContactToFix] = []
    /// The app's newer to-dos (docs/next-steps.md); each nil without its table or column.
    public var questionnaires: [Questionnaire]?
    public var brokenVideos: [BrokenVideo]?
    public var letters: [LetterDue]?

    /// How far ahead deadlines are listed, how long an outbound interaction waits before its
    /// coach is listed, and how long a school may go without one.
    public static let deadlineDays = 14, replyDays = 7, quietDays = 30
    /// Past this many days a coach's silence is counted (`awaitingReplyOlder`), no longer listed.
    public static let replyListDays = 60

    /// The statuses of a school the family is still pursuing.
    public static let activeStatuses: Set<SchoolStatus> = [.contacted, .visiting, .offerReceived]

    public init(today: CivilDate) {
        self.today = today
    }

    /// The follow-ups of `data` on `today`, dates read in `zone` (a bare date is its own day).
    public static func compute(_ data: FamilyData, today: CivilDate, zone: Zone) -> FollowUps {
        var result = FollowUps(today: today)
        let schoolNames = Dictionary(data.schools.map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
        func schoolName(_ id: String?) -> String { id.flatMap { schoolNames[$0] } ?? CoachListRow.unknownSchool }
        func aToZ(_ a: String, _ b: String) -> Bool? {
            let x = FoldedText.fold(a)
            let y = FoldedText.fold(b)
            return x == y ? nil : x < y
        }
        result.deadlines = deadlines(data, today: today, zone: zone, schoolName: schoolName, aToZ: aToZ)
        let contacts = LatestContacts(data, today: today, zone: zone)
        (result.awaitingReply, result.awaitingReplyOlder) = awaitingReply(
            data,
            latest: contacts.coachLatest,
            lastDay: contacts.coachLastDay,
            today: today,
            zone: zone
        )
        result.goneQuiet = goneQuiet(data, contacts: contacts, today: today, aToZ: aToZ)
        result.contactsToFix = contactsToFix(data, schoolName: schoolName, aToZ: aToZ)
        result.questionnaires = questionnaires(data, aToZ: aToZ)
        result.brokenVideos = brokenVideos(data)
        result.letters = lettersDue(data, today: today, aToZ: aToZ)
        return result
    }

    /// The pending offers due from today to today + 14, soonest first.
    private static func deadlines(
        _ data: FamilyData,
        today: CivilDate,
        zone: Zone,
        schoolName: (String?) -> String,
        aToZ: (String, String) -> Bool?
    ) -> [Deadline] {
        var deadlines: [Deadline] = []
        for offer in data.offers where offer.isPending {
            guard let due = offer.deadlineDate.map(zone.date(of:)) else { continue }
            let left = today.days(until: due)
            guard (0...deadlineDays).contains(left) else { continue }
            deadlines.append(
                Deadline(
                    offerID: offer.id,
                    school: schoolName(offer.schoolID),
                    offerType: offer.offerType,
                    deadline: due,
                    daysLeft: left
                )
            )
        }
        deadlines.sort { a, b in
            if a.deadline != b.deadline { return a.deadline < b.deadline }
            return aToZ(a.school, b.school) ?? (a.offerID < b.offerID)
        }
        return deadlines
    }

    /// The interactions' latest contacts, found in one pass: each coach's latest up to today,
    /// and each school's latest within the last 30 days and before them.
    private struct LatestContacts {
        var coachLatest: [String: (Latest, Direction)] = [:]
        /// Each coach's latest interaction day of all, a later one included: the coaches list's Last Contact.
        var coachLastDay: [String: CivilDate] = [:]
        /// The schools with an interaction within the last 30 days.
        var schoolRecent = Set<String>()
        /// Each school's latest interaction day before the last 30 days.
        var schoolBefore: [String: CivilDate] = [:]

        init(_ data: FamilyData, today: CivilDate, zone: Zone) {
            let quietStart = today.adding(days: -(quietDays - 1))
            for interaction in data.interactions {
                let day = zone.date(of: interaction.date)
                if let coach = interaction.coachID { coachLastDay[coach] = max(coachLastDay[coach] ?? day, day) }
                guard day <= today else { continue }
                let latest = Latest(day: day, instant: zone.instant(of: interaction.date), id: interaction.id)
                if let coach = interaction.coachID, coachLatest[coach].map({ $0.0.isBefore(latest) }) ?? true {
                    coachLatest[coach] = (latest, interaction.direction)
                }
                if let school = interaction.schoolID {
                    if day >= quietStart {
                        schoolRecent.insert(school)
                    } else if schoolBefore[school].map({ $0 < day }) ?? true {
                        schoolBefore[school] = day
                    }
                }
            }
        }
    }

    /// The active schools without an interaction in the last 30 days, the never-contacted
    /// first, then the longest quiet.
    private static func goneQuiet(
        _ data: FamilyData,
        contacts: LatestContacts,
        today: CivilDate,
        aToZ: (String, String) -> Bool?
    ) -> [GoneQuiet] {
        var quiet: [GoneQuiet] = []
        for school in data.schools
        where activeStatuses.contains(school.status) && !contacts.schoolRecent.contains(school.id) {
            let last = contacts.schoolBefore[school.id]
            quiet.append(
                GoneQuiet(
                    schoolID: school.id,
                    school: school.name,
                    status: school.status,
                    lastContact: last,
                    daysSince: last.map { $0.days(until: today) }
                )
            )
        }
        quiet.sort { a, b in
            switch (a.daysSince, b.daysSince) {
            case (nil, .some): return true
            case (.some, nil): return false
            case (.some(let x), .some(let y)) where x != y: return x > y
            default: return aToZ(a.school, b.school) ?? (a.schoolID < b.schoolID)
            }
        }
        return quiet
    }

    /// The coaches' stored contact values that break the Add Coach rules, by coach name, then
    /// in the fields' order.
    private static func contactsToFix(
        _ data: FamilyData,
        schoolName: (String?) -> String,
        aToZ: (String, String) -> Bool?
    ) -> [ContactToFix] {
        let coachesByID = Dictionary(data.coaches.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        func byName(_ a: String, _ b: String) -> Bool? {
            guard let x = coachesByID[a], let y = coachesByID[b] else { return nil }
            return aToZ(x.lastName, y.lastName) ?? aToZ(x.firstName, y.firstName)
        }
        var fixes: [ContactToFix] = []
        for coach in data.coaches {
            for field in ContactField.allCases {
                guard let value = field.value(of: coach), !value.isEmpty, !field.accepts(value) else { continue }
                fixes.append(
                    ContactToFix(
                        coachID: coach.id,
                        coach: coach.fullName,
                        school: schoolName(coach.schoolID),
                        field: field,
                        value: value
                    )
                )
            }
        }
        let fieldOrder = Dictionary(uniqueKeysWithValues: ContactField.allCases.enumerated().map { ($1, $0) })
        fixes.sort { a, b in
            if a.coachID != b.coachID { return byName(a.coachID, b.coachID) ?? (a.coachID < b.coachID) }
            return fieldOrder[a.field, default: 0] < fieldOrder[b.field, default: 0]
        }
        return fixes
    }

    /// The coaches awaiting a reply 7–60 days (fewest days first), and how many have waited longer.
    private static func awaitingReply(
        _ data: FamilyData,
        latest coachLatest: [String: (Latest, Direction)],
        lastDay coachLastDay: [String: CivilDate],
        today: CivilDate,
        zone: Zone
    ) -> ([AwaitingReply], Int) {
        let lookup = FamilyLookup(data, zone: zone)
        var listed: [AwaitingReply] = []
        var older = 0
        for coach in data.coaches {
            guard let (latest, direction) = coachLatest[coach.id], direction == .outbound else { continue }
            // The coaches list's Last Contact must be this same day: a later stored
            // last_contact_date records a contact that no interaction says who made.
            let shown = max(
                coachLastDay[coach.id] ?? latest.day,
                coach.lastContactDate.map(zone.date(of:)) ?? latest.day
            )
            let waiting = latest.day.days(until: today)
            guard waiting >= replyDays, shown == latest.day else { continue }
            guard waiting <= replyListDays else {
                older += 1
                continue
            }
            listed.append(
                AwaitingReply(
                    coachID: coach.id,
                    coach: coach.fullName,
                    school: lookup.schoolName(coach.schoolID),
                    lastContact: latest.day,
                    daysWaiting: waiting
                )
            )
        }
        listed.sort { a, b in
            // fewest first: still worth a follow-up
            if a.daysWaiting != b.daysWaiting { return a.daysWaiting < b.daysWaiting }
            return lookup.coachByName(a.coachID, b.coachID)
        }
        return (listed, older)
    }

    /// An interaction's place in time: its day, its instant, and its id for ties.
    struct Latest {
        var day: CivilDate
        var instant: Instant
        var id: String
        func isBefore(_ other: Latest) -> Bool { (instant, id) < (other.instant, other.id) }
    }
}
