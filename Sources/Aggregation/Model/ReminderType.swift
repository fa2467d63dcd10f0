public enum ReminderType: String, DomainEnum {
    case followUp = "follow_up"
    case deadline
    case custom

    public var displayName: String {
        switch self {
        case .followUp: "Follow-up"
        case .deadline: "Deadline"
        case .custom: "Reminder"
        }
    }
}
