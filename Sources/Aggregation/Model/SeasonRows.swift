/// The rows of the season's optional tables (docs/season.md §1): status history, the
/// athlete's public profile and its views, events, personal reminders and deadlines, the
/// recruiting calendar and sports. Each table may be missing from a database; `FamilyData`
/// then holds nil for it, and the part of the report that needs it is null.

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
