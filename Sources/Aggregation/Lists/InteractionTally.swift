/// What the lists derive from interactions, gathered one interaction at a time so that a
/// large family's interactions can stream past it: counts per coach and per school, and
/// each school's latest interaction.
public struct InteractionTally: Sendable {
    public private(set) var perCoach: [String: Int] = [:]
    public private(set) var perSchool: [String: Int] = [:]
    public private(set) var latestPerSchool: [String: Instant] = [:]
    /// The latest interaction with each coach that the viewer sees (docs/lists.md, Last Contact).
    public private(set) var latestPerCoach: [String: Instant] = [:]
    let zone: Zone

    public init(zone: Zone) {
        self.zone = zone
    }

    /// Counts one interaction the viewer sees.
    public mutating func add(_ interaction: Interaction) {
        let instant = zone.instant(of: interaction.date)
        if let coach = interaction.coachID {
            perCoach[coach, default: 0] += 1
            if latestPerCoach[coach].map({ instant > $0 }) ?? true { latestPerCoach[coach] = instant }
        }
        if let school = interaction.schoolID {
            perSchool[school, default: 0] += 1
            if latestPerSchool[school].map({ instant > $0 }) ?? true { latestPerSchool[school] = instant }
        }
    }
}
