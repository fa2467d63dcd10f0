/// The sorts of the coaches list (docs/lists.md).
public enum CoachSort: String, CaseIterable, Sendable {
    case name
    case school
    case lastContacted = "last-contacted"
    case responsiveness
    case role
}
