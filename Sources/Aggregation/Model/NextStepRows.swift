/// The app's newer to-dos and rules (docs/next-steps.md): optional tables, read like the
/// season's (docs/season.md §1). Outreach messages, highlight videos and recommendation letters
/// are the family's; the contact-window rules are every family's, like the calendar.

/// An outreach message the athlete sent from the app (`athlete_messages`).
public struct AthleteMessage: Hashable, Sendable, Identifiable {
    public let id: String
    public let familyUnitID: String
    public var userID: String?
    public var schoolID: String?
    public var coachID: String?
    /// The app's template, e.g. `intro`; free text.
    public var templateSlug: String?
    /// How it was sent (`email`, `dm`, …); free text.
    public var channel: String?
    public var subject: String?
    public let sentAt: Timestamp

    public init(id: String, familyUnitID: String, sentAt: Timestamp) {
        self.id = id
        self.familyUnitID = familyUnitID
        self.sentAt = sentAt
    }
}

/// Whether a highlight video's link still plays, as the app last checked.
public enum VideoHealth: String, DomainEnum {
    case healthy, broken, unknown

    public var displayName: String {
        switch self {
        case .healthy: "Healthy"
        case .broken: "Broken"
        case .unknown: "Not checked"
        }
    }
}

/// A highlight video link of the player (`video_links`).
public struct VideoLink: Hashable, Sendable, Identifiable {
    public let id: String
    public let userID: String
    public var familyUnitID: String?
    /// `hudl`, `youtube`, `vimeo`, `other`; shown as stored when it is none of them.
    public var platform: String
    public var url: String
    public var title: String?
    public var health: VideoHealth

    public init(id: String, userID: String, platform: String, url: String, health: VideoHealth) {
        self.id = id
        self.userID = userID
        self.platform = platform
        self.url = url
        self.health = health
    }
}

/// Where a recommendation letter stands.
public enum LetterStatus: String, DomainEnum {
    case notRequested = "not_requested"
    case requested, received, submitted

    public var displayName: String {
        switch self {
        case .notRequested: "Not requested"
        case .requested: "Requested"
        case .received: "Received"
        case .submitted: "Submitted"
        }
    }
}

/// A recommendation letter the player asked for (`recommendation_letters`).
public struct RecommendationLetter: Hashable, Sendable, Identifiable {
    public let id: String
    public let userID: String
    public var familyUnitID: String?
    public var writerName: String
    public var dueDate: CivilDate?
    /// Null is `not_requested`, the app's default.
    public var status: LetterStatus

    public init(id: String, userID: String, writerName: String, status: LetterStatus) {
        self.id = id
        self.userID = userID
        self.writerName = writerName
        self.status = status
    }
}

/// How a contact-window rule sets its date.
public enum ContactRuleKind: String, DomainEnum {
    case dateBeforeGrade = "date_before_grade"
    case dateAfterGrade = "date_after_grade"
    case unrestricted

    public var displayName: String {
        switch self {
        case .dateBeforeGrade: "Before the grade"
        case .dateAfterGrade: "After the grade"
        case .unrestricted: "Unrestricted"
        }
    }
}

/// One of the app's rules of when college coaches may contact an athlete
/// (`contact_window_rules`: one row per sport and division, `*` for any sport).
public struct ContactWindowRule: Hashable, Sendable, Identifiable {
    public let id: String
    /// Lower-case sport name, or `*`.
    public var sport: String
    public var division: Division
    public var kind: ContactRuleKind
    /// `freshman`, `sophomore`, `junior`, `senior`; kept as stored (one that does not read
    /// makes the window's date unknown, not the row bad).
    public var reference: String?
    /// "Aug 1", "Sept 1", "Jun 15"; kept as stored, like `reference`.
    public var windowDate: String?
    public var notes: String?

    public init(id: String, sport: String, division: Division, kind: ContactRuleKind) {
        self.id = id
        self.sport = sport
        self.division = division
        self.kind = kind
    }
}
