/// Builds interaction rows from the family's schools, coaches and users; the interactions
/// themselves may stream past it one at a time.
public struct InteractionRowBuilder: Sendable {
    let schools: [String: String]
    let coaches: [String: String]
    let users: [String: User]
    let viewer: Viewer

    public init(_ data: FamilyData, viewer: Viewer) {
        schools = Dictionary(data.schools.map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
        coaches = Dictionary(data.coaches.map { ($0.id, $0.fullName) }, uniquingKeysWith: { first, _ in first })
        users = data.users
        self.viewer = viewer
    }

    public func row(_ interaction: Interaction) -> InteractionListRow {
        let logged: String? = interaction.loggedBy.map { id in
            id == viewer.userID ? "You" : users[id]?.displayName ?? id
        }
        return InteractionListRow(
            interaction: interaction,
            school: interaction.schoolID.map { schools[$0] ?? CoachListRow.unknownSchool },
            coach: interaction.coachID.map { coaches[$0] ?? InteractionListRow.unknownCoach },
            loggedBy: logged
        )
    }
}
