import Core

/// The outreach the athlete sent in the range, with the app's two warnings (docs/next-steps.md).
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
