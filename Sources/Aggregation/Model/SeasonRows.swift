/// The rows of the season's optional tables (docs/season.md §1): status history, the
/// athlete's public profile and its views, events, personal reminders and deadlines, the
/// recruiting calendar and sports. Each table may be missing from a database; `FamilyData`
/// then holds nil for it, and the part of the report that needs it is null.

/// One change of a school's status, as the app and its triggers record it.
public struct StatusHistoryEntry: Hashable, Sendable, Identifiable {
    public let id: String
    public let schoolID: String
    /// As stored, older values included. Nil: the school had no status before (stage 0).
    public var previousStatus: StoredSchoolStatus?
    public var newStatus: StoredSchoolStatus
    /// The user who made the change; nil for the app's own triggers.
    public var changedBy: String?
    public var changedAt: Timestamp
    public var notes: String?

    public init(
        id: String,
        schoolID: String,
        previousStatus: StoredSchoolStatus?,
        newStatus: StoredSchoolStatus,
        changedAt: Timestamp
    ) {
        self.id = id
        self.schoolID = schoolID
        self.previousStatus = previousStatus
        self.newStatus = newStatus
        self.changedAt = changedAt
    }
}

/// The athlete's public profile, which coaches may view.
public struct PlayerProfile: Hashable, Sendable, Identifiable {
    public let id: String
    public var userID: String?
    public let familyUnitID: String
    public var isPublished: Bool?

    public init(id: String, familyUnitID: String) {
        self.id = id
        self.familyUnitID = familyUnitID
    }
}

/// A link to the profile made for one coach, so that a view through it names the coach.
public struct ProfileTrackingLink: Hashable, Sendable, Identifiable {
    public let id: String
    public let profileID: String
    public var coachID: String?

    public init(id: String, profileID: String, coachID: String?) {
        self.id = id
        self.profileID = profileID
        self.coachID = coachID
    }
}

/// One view of the profile, through a tracking link or not.
public struct ProfileView: Hashable, Sendable, Identifiable {
    public let id: String
    public let profileID: String
    public var trackingLinkID: String?
    public var viewedAt: Timestamp

    public init(id: String, profileID: String, trackingLinkID: String?, viewedAt: Timestamp) {
        self.id = id
        self.profileID = profileID
        self.trackingLinkID = trackingLinkID
        self.viewedAt = viewedAt
    }
}

/// The kinds of event the app records.
public enum EventType: String, DomainEnum {
    case showcase, camp
    case officialVisit = "official_visit"
    case unofficialVisit = "unofficial_visit"
    case game

    public var displayName: String {
        switch self {
        case .showcase: "Showcase"
        case .camp: "Camp"
        case .officialVisit: "Official Visit"
        case .unofficialVisit: "Unofficial Visit"
        case .game: "Game"
        }
    }
}

/// A camp, showcase, visit or game of the family's.
public struct FamilyEvent: Hashable, Sendable, Identifiable {
    public let id: String
    public var familyUnitID: String?
    public var schoolID: String?
    public var userID: String?
    public var type: EventType
    public var name: String
    public var location: String?
    public var city: String?
    public var state: String?
    public var startDate: CivilDate
    public var endDate: CivilDate?
    /// `HH:MM`, the seconds of `HH:MM:SS` dropped.
    public var startTime: String?
    public var registered: Bool?
    public var attended: Bool?

    public init(id: String, type: EventType, name: String, startDate: CivilDate) {
        self.id = id
        self.type = type
        self.name = name
        self.startDate = startDate
    }
}

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

/// A reminder's priority; null in the database is medium.
public enum ReminderPriority: String, DomainEnum {
    case high, medium, low

    public var displayName: String { rawValue.prefix(1).uppercased() + rawValue.dropFirst() }
}

/// A personal reminder: seen only by the user who made it (docs/season.md §4).
public struct Reminder: Hashable, Sendable, Identifiable {
    public let id: String
    public let userID: String
    public var schoolID: String?
    public var coachID: String?
    public var type: ReminderType
    public var title: String
    public var dueDate: Timestamp
    public var priority: ReminderPriority
    public var isCompleted: Bool

    public init(id: String, userID: String, type: ReminderType, title: String, dueDate: Timestamp) {
        self.id = id
        self.userID = userID
        self.type = type
        self.title = title
        self.dueDate = dueDate
        self.priority = .medium
        self.isCompleted = false
    }
}

/// A personal deadline: seen only by the user who made it (docs/season.md §4).
public struct UserDeadline: Hashable, Sendable, Identifiable {
    public let id: String
    public let userID: String
    public var label: String
    public var date: CivilDate
    /// Free text (not the calendar's categories).
    public var category: String
    public var schoolID: String?

    public init(id: String, userID: String, label: String, date: CivilDate, category: String) {
        self.id = id
        self.userID = userID
        self.label = label
        self.date = date
        self.category = category
    }
}

/// The kinds of entry of the NCAA recruiting calendar.
public enum CalendarCategory: String, DomainEnum {
    case deadPeriod = "dead_period"
    case quietPeriod = "quiet_period"
    case contactPeriod = "contact_period"
    case evaluationPeriod = "evaluation_period"
    case satDate = "sat_date"
    case actDate = "act_date"
    case signingDay = "signing_day"
    case nliPeriod = "nli_period"

    public var displayName: String {
        switch self {
        case .deadPeriod: "Dead Period"
        case .quietPeriod: "Quiet Period"
        case .contactPeriod: "Contact Period"
        case .evaluationPeriod: "Evaluation Period"
        case .satDate: "SAT Date"
        case .actDate: "ACT Date"
        case .signingDay: "Signing Day"
        case .nliPeriod: "NLI Period"
        }
    }
}

/// An entry of the recruiting calendar, which every family reads.
public struct CalendarEntry: Hashable, Sendable, Identifiable {
    public let id: String
    public var label: String
    public var startDate: CivilDate
    /// Nil: one day.
    public var endDate: CivilDate?
    public var category: CalendarCategory
    public var sport: String?
    public var division: Division?

    public init(id: String, label: String, startDate: CivilDate, category: CalendarCategory) {
        self.id = id
        self.label = label
        self.startDate = startDate
        self.category = category
    }

    /// The last day of the entry.
    public var lastDay: CivilDate { endDate ?? startDate }
}

/// A sport of the app's list, named by `users.primary_sport_id`.
public struct Sport: Hashable, Sendable, Identifiable {
    public let id: String
    public var name: String

    public init(id: String, name: String) {
        self.id = id
        self.name = name
    }
}

/// The season's tables as one family reads them; a nil table is missing from the database.
public struct SeasonRows: Sendable, Equatable {
    public var statusHistory: [StatusHistoryEntry]?
    public var profiles: [PlayerProfile]?
    public var trackingLinks: [ProfileTrackingLink]?
    public var profileViews: [ProfileView]?
    public var events: [FamilyEvent]?
    /// Every member's reminders and deadlines: personal, shown only to their owner.
    public var reminders: [Reminder]?
    public var deadlines: [UserDeadline]?
    public var calendar: [CalendarEntry]?
    public var sports: [Sport]?
    /// The player's `users.primary_sport_id`, when the column and a value are there.
    public var playerSportID: String?
    /// The `primary_sport` of the player's `player` preference (`user_preferences.data`), as
    /// stored: the sport when `playerSportID` names no `sports` row (docs/season.md §1).
    public var playerPreferenceSport: String?
    /// The app's newer tables (docs/next-steps.md): the family's outreach messages, the
    /// player's highlight videos and recommendation letters, and every family's
    /// contact-window rules.
    public var messages: [AthleteMessage]?
    public var videoLinks: [VideoLink]?
    public var letters: [RecommendationLetter]?
    public var contactRules: [ContactWindowRule]?
    /// `schools.questionnaire_completed` is there: without the column (a database from before
    /// the app tracked questionnaires) no questionnaire is called not filled in.
    public var tracksQuestionnaires = false

    public init() {}
}
