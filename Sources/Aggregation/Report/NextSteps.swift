import Core

/// The app's newer to-dos in the report (docs/next-steps.md): the outreach the athlete sent in
/// the range, with the app's two warnings, and three follow-ups: questionnaires not filled
/// in, highlight videos whose link is broken, recommendation letters due.
extension SeasonChanges {
    /// One outreach message sent in the range.
    public struct Outreach: Sendable, Equatable {
        public let id: String
        public let date: CivilDate
        public let school: String?
        public let coach: String?
        public let channel: String?
        public let subject: String?
        /// Days since the previous message to the same school, when that was under 7 × 24 hours.
        public let daysSincePrevious: Int?
        /// The messages sent to the school before this one, when two or more (the app warns
        /// "You've already sent 2 messages here").
        public let sentBefore: Int?
    }

    /// The messages sent in the range, oldest first; nil without `athlete_messages`.
    static func outreach(_ data: FamilyData, family: FamilyLookup, window: DayWindow) -> [Outreach]? {
        guard let messages = data.season.messages else { return nil }
        let own = messages.filter { $0.familyUnitID == data.family.id }
            .sorted { family.byInstant($0.sentAt, $0.id, $1.sentAt, $1.id) }
        var previous: [String: Instant] = [:]
        var counts: [String: Int] = [:]
        var result: [Outreach] = []
        for message in own {
            let sent = window.zone.instant(of: message.sentAt)
            var daysSince: Int?
            var sentBefore: Int?
            if let school = message.schoolID {
                if let last = previous[school], sent.seconds - last.seconds < 7 * 86_400 {
                    daysSince = Int((sent.seconds - last.seconds) / 86_400)
                }
                if let before = counts[school], before >= 2 { sentBefore = before }
                counts[school, default: 0] += 1
                previous[school] = sent
            }
            guard window.contains(message.sentAt) else { continue }
            let coach = message.coachID.flatMap { family.coaches[$0] }.map { "\($0.firstName) \($0.lastName)" }
            result.append(
                Outreach(
                    id: message.id,
                    date: window.zone.date(of: message.sentAt),
                    school: family.knownSchoolName(message.schoolID),
                    coach: coach,
                    channel: message.channel,
                    subject: message.subject,
                    daysSincePrevious: daysSince,
                    sentBefore: sentBefore
                )
            )
        }
        return result
    }
}

extension FollowUps {
    public struct Questionnaire: Sendable, Equatable {
        public let schoolID: String
        public let school: String
        public let status: SchoolStatus
    }

    public struct BrokenVideo: Sendable, Equatable {
        public let id: String
        public let title: String?
        public let platform: String
    }

    public struct LetterDue: Sendable, Equatable {
        public let id: String
        public let writer: String
        public let due: CivilDate
        /// Negative when past due.
        public let daysLeft: Int
        public let status: LetterStatus
    }

    /// Schools at contacted or visiting whose recruiting questionnaire is not filled in, A–Z;
    /// nil without the column.
    static func questionnaires(_ data: FamilyData, aToZ: (String, String) -> Bool?) -> [Questionnaire]? {
        guard data.season.tracksQuestionnaires else { return nil }
        return data.schools.filter { [.contacted, .visiting].contains($0.status) && $0.questionnaireCompleted != true }
            .sorted { aToZ($0.name, $1.name) ?? ($0.id < $1.id) }
            .map { Questionnaire(schoolID: $0.id, school: $0.name, status: $0.status) }
    }

    /// The player's highlight videos whose link is broken; nil without `video_links`.
    static func brokenVideos(_ data: FamilyData) -> [BrokenVideo]? {
        guard let links = data.season.videoLinks else { return nil }
        return links.filter { $0.health == .broken && isFamilys($0.familyUnitID, $0.userID, data) }
            .sorted { $0.id < $1.id }
            .map { BrokenVideo(id: $0.id, title: $0.title, platform: $0.platform) }
    }

    /// The player's letters due on or before today + 14 (past due too) that are neither
    /// received nor submitted, soonest first; nil without `recommendation_letters`.
    static func lettersDue(_ data: FamilyData, today: CivilDate, aToZ: (String, String) -> Bool?) -> [LetterDue]? {
        guard let letters = data.season.letters else { return nil }
        let last = today.adding(days: 14)
        return letters.compactMap { letter -> LetterDue? in
            guard isFamilys(letter.familyUnitID, letter.userID, data), let due = letter.dueDate, due <= last,
                ![.received, .submitted].contains(letter.status)
            else { return nil }
            return LetterDue(
                id: letter.id,
                writer: letter.writerName,
                due: due,
                daysLeft: today.days(until: due),
                status: letter.status
            )
        }
        .sorted { a, b in a.due != b.due ? a.due < b.due : aToZ(a.writer, b.writer) ?? (a.id < b.id) }
    }

    /// A video or a letter is the family's when it names the family, or names none and is the player's.
    private static func isFamilys(_ familyID: String?, _ userID: String, _ data: FamilyData) -> Bool {
        if let familyID { return familyID == data.family.id }
        return userID == data.player?.userID
    }
}
