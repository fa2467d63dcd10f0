import Core

/// The follow-ups of the app's newer tables (docs/next-steps.md): questionnaires not filled
/// in, highlight videos whose link is broken, recommendation letters due.
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
        return links.filter { $0.health == .broken && isTheFamilys($0.familyUnitID, $0.userID, data) }
            .sorted { $0.id < $1.id }
            .map { BrokenVideo(id: $0.id, title: $0.title, platform: $0.platform) }
    }

    /// The player's letters due on or before today + `deadlineDays` (past due too) that are neither
    /// received nor submitted, soonest first; nil without `recommendation_letters`.
    static func lettersDue(_ data: FamilyData, today: CivilDate, aToZ: (String, String) -> Bool?) -> [LetterDue]? {
        guard let letters = data.season.letters else { return nil }
        let last = today.adding(days: deadlineDays)
        return letters.compactMap { letter -> LetterDue? in
            guard isTheFamilys(letter.familyUnitID, letter.userID, data), let due = letter.dueDate, due <= last,
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
    private static func isTheFamilys(_ familyID: String?, _ userID: String, _ data: FamilyData) -> Bool {
        if let familyID { return familyID == data.family.id }
        return userID == data.player?.userID
    }
}
