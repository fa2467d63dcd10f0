/// What the lists derive from interactions, gathered one interaction at a time so that a
/// large family's interactions can stream past it: per coach and per school, how many the
/// viewer sees and the latest of them (docs/lists.md, Interactions and Last Contact).
public struct InteractionTally: Equatable, Sendable {
    public struct Count: Equatable, Sendable {
        public private(set) var interactions: Int
        public private(set) var latest: Instant

        mutating func add(_ instant: Instant) {
            interactions += 1
            if instant > latest { latest = instant }
        }
    }

    public private(set) var coaches: [String: Count] = [:]
    public private(set) var schools: [String: Count] = [:]
    let zone: Zone

    public init(zone: Zone) {
        self.zone = zone
    }

    /// Counts one interaction the viewer sees.
    public mutating func add(_ interaction: Interaction) {
        add(schoolID: interaction.schoolID, coachID: interaction.coachID, date: interaction.date)
    }

    /// Counts one interaction the viewer sees, from the three values the lists use: what a
    /// source that reads only these columns passes (`FamilySource.tallyInteractions`).
    /// Each count is found once and changed in place: a large family's interactions pass here
    /// hundreds of thousands of times.
    public mutating func add(schoolID: String?, coachID: String?, date: Timestamp) {
        let instant = zone.instant(of: date)
        let first = Count(interactions: 0, latest: instant)
        if let coachID { coaches[coachID, default: first].add(instant) }
        if let schoolID { schools[schoolID, default: first].add(instant) }
    }
}
