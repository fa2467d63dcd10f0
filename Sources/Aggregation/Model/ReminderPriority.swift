/// A reminder's priority; null in the database is medium.
public enum ReminderPriority: String, DomainEnum {
    case high, medium, low

    public var displayName: String { rawValue.prefix(1).uppercased() + rawValue.dropFirst() }
}
