import Core

/// One user's own reminders and deadlines (docs/season.md §4): in that user's e-mail only,
/// never in the family's files.
public struct PersonalItems: Sendable, Equatable {
    public struct ReminderItem: Sendable, Equatable {
        public let id: String
        public let title: String
        public let type: ReminderType
        public let priority: ReminderPriority
        public let school: String?
        public let coach: String?
        public let due: CivilDate
        /// Negative when overdue.
        public let daysLeft: Int
    }

    public struct DeadlineItem: Sendable, Equatable {
        public let id: String
        public let label: String
        public let category: String
        public let date: CivilDate
        public let daysLeft: Int
        public let school: String?
    }

    public var reminders: [ReminderItem] = []
    public var deadlines: [DeadlineItem] = []

    public init() {}

    /// Reminders not completed that are due by today + 7 (overdue ones too), and deadlines of
    /// today … today + 14, of the user `userID` only.
    public static func compute(_ data: FamilyData, userID: String, today: CivilDate, zone: Zone) -> PersonalItems {
        let family = FamilyLookup(data, zone: zone)
        let priorityRank: [ReminderPriority: Int] = [.high: 0, .medium: 1, .low: 2]
        var items = PersonalItems()
        items.reminders = (data.season.reminders ?? []).filter { $0.userID == userID && !$0.isCompleted }.compactMap {
            reminder in
            let due = zone.date(of: reminder.dueDate)
            guard due <= today.adding(days: 7) else { return nil }
            return ReminderItem(
                id: reminder.id,
                title: reminder.title,
                type: reminder.type,
                priority: reminder.priority,
                school: family.knownSchoolName(reminder.schoolID),
                coach: reminder.coachID.flatMap { family.coaches[$0]?.fullName },
                due: due,
                daysLeft: today.days(until: due)
            )
        }.sorted { a, b in
            if a.due != b.due { return a.due < b.due }
            if a.priority != b.priority {
                return priorityRank[a.priority, default: 1] < priorityRank[b.priority, default: 1]
            }
            if a.title != b.title { return CodePoint.less(a.title, b.title) }
            return a.id < b.id
        }
        items.deadlines = (data.season.deadlines ?? []).filter {
            $0.userID == userID && (today...today.adding(days: 14)).contains($0.date)
        }
        .map {
            DeadlineItem(
                id: $0.id,
                label: $0.label,
                category: $0.category,
                date: $0.date,
                daysLeft: today.days(until: $0.date),
                school: family.knownSchoolName($0.schoolID)
            )
        }
        .sorted { a, b in
            if a.date != b.date { return a.date < b.date }
            if a.label != b.label { return CodePoint.less(a.label, b.label) }
            return a.id < b.id
        }
        return items
    }

    public var isEmpty: Bool { reminders.isEmpty && deadlines.isEmpty }
}
