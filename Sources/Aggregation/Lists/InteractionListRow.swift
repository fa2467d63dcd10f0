/// A row of the interactions list.
public struct InteractionListRow: ListRow, Sendable {
    public let interaction: Interaction
    /// The school's name; "Unknown School" when the id names no school; nil when the id is null.
    public let school: String?
    /// The coach's name; "Unknown Coach" when the id names no coach; nil when the id is null.
    public let coach: String?
    /// "You" for the viewer, else the user's name, else their email; nil when logged_by is null.
    public let loggedBy: String?

    public var id: String { interaction.id }

    public static let unknownCoach = "Unknown Coach"
}
