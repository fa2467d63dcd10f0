import Aggregation

/// The app's tables and columns that report-batch reads (docs/data-model.md), in one place:
/// the SQLite reader checks a database against it and selects through it, and the demo
/// writer creates its tables from it.
package enum AppSchema {
    /// A column as the reader sees it.
    package struct Column: Sendable {
        package let name: String
        /// The SQLite type the demo writer declares.
        package let sqlType: String
        /// Optional columns may be absent (dropped from the app's later schema, or added after
        /// a database was copied); absent reads as null.
        package let isOptional: Bool
        /// An optional column the app's current schema has (`users.primary_sport_id`,
        /// `performance_metrics.display_value`): the
        /// demo's `--without-optional-columns` still writes it.
        package var inCurrentSchema = false
    }

    /// A table: its name, its columns, and whether its rows carry `family_unit_id`.
    package struct Table: Sendable {
        package let name: String
        package let columns: [Column]
        /// The column that identifies a row in messages (`id`, or a pair for link tables).
        package let rowIdentity: [String]

        init(_ name: String, identity: [String] = ["id"], _ columns: [Column]) {
            self.name = name
            self.columns = columns
            self.rowIdentity = identity
        }

        /// The position of a column in the SELECT list. A scan, not a dictionary: a table has
        /// at most 24 columns, the names are short ASCII, and this runs for every value of
        /// every row, where hashing the name cost more than comparing it.
        package func index(of column: String) -> Int? {
            let count = column.utf8.count
            for (index, candidate) in columns.enumerated()
            where candidate.name.utf8.count == count && candidate.name == column {
                return index
            }
            return nil
        }

        package var isFamilyScoped: Bool { index(of: "family_unit_id") != nil && name != "family_members" }
        package var optionalColumns: [Column] { columns.filter(\.isOptional) }
    }

    private static func text(_ name: String) -> Column { Column(name: name, sqlType: "TEXT", isOptional: false) }
    private static func real(_ name: String, optional: Bool = false) -> Column {
        Column(name: name, sqlType: "REAL", isOptional: optional)
    }
    private static func integer(_ name: String, optional: Bool = false) -> Column {
        Column(name: name, sqlType: "INTEGER", isOptional: optional)
    }

    /// An optional column that the app's current schema has.
    private static func current(_ column: Column) -> Column {
        Column(name: column.name, sqlType: column.sqlType, isOptional: true, inCurrentSchema: true)
    }

    package static let familyUnits = Table("family_units", [text("id"), text("family_name"), text("created_at")])

    package static let users = Table(
        "users",
        [
            text("id"), text("email"), text("full_name"), text("role"), text("timezone"),
            current(text("primary_sport_id")), current(integer("graduation_year")),
        ]
    )

    package static let familyMembers = Table(
        "family_members",
        identity: ["family_unit_id", "user_id"],
        [
            text("family_unit_id"), text("user_id"), text("role"),
        ]
    )

    package static let userPreferences = Table(
        "user_preferences",
        identity: ["user_id", "category"],
        [
            text("user_id"), text("category"), text("data"),
        ]
    )

    package static let schools = Table(
        "schools",
        [
            text("id"), text("family_unit_id"), text("user_id"), text("name"), text("location"), text("city"),
            text("state"), text("division"), text("conference"), text("status"), integer("is_favorite"),
            text("pros"), text("cons"), text("notes"), text("website"), text("favicon_url"), text("academic_info"),
            text("fit_tier"), real("fit_score", optional: true),
            Column(name: "priority_tier", sqlType: "TEXT", isOptional: true),
            integer("ranking", optional: true), text("status_changed_at"), text("created_at"), text("updated_at"),
            current(integer("questionnaire_completed")),
        ]
    )

    package static let coaches = Table(
        "coaches",
        [
            text("id"), text("family_unit_id"), text("school_id"), text("user_id"), text("role"), text("first_name"),
            text("last_name"), text("email"), text("phone"), text("twitter_handle"), text("instagram_handle"),
            text("notes"), real("responsiveness_score", optional: true), text("last_contact_date"), text("created_at"),
            text("updated_at"),
        ]
    )

    package static let interactions = Table(
        "interactions",
        [
            text("id"), text("family_unit_id"), text("school_id"), text("coach_id"), text("type"), text("direction"),
            text("subject"), text("content"), text("sentiment"), text("occurred_at"), text("logged_by"),
            text("attachments"), text("created_at"), text("updated_at"),
        ]
    )

    package static let performanceMetrics = Table(
        "performance_metrics",
        [
            text("id"), text("family_unit_id"), text("user_id"), text("metric_type"), real("value"), text("unit"),
            text("recorded_date"), text("notes"), integer("verified"), text("created_at"),
            current(text("display_value")), current(text("source")), current(integer("is_primary")),
        ]
    )

    package static let offers = Table(
        "offers",
        [
            text("id"), text("family_unit_id"), text("user_id"), text("school_id"), text("coach_id"),
            text("offer_type"),
            text("status"), real("scholarship_amount"), real("scholarship_percentage"), text("offer_date"),
            text("deadline_date"), text("conditions"), text("notes"), text("created_at"),
        ]
    )

    /// Optional: a member's e-mail settings by kind of message; only `weekly_digest` is read.
    package static let notificationPreferences = Table(
        "notification_preferences",
        [
            text("id"), text("user_id"), text("notification_type"), integer("email_enabled"),
        ]
    )

    /// Optional: addresses that get no recurring e-mail, stored trimmed and lower-cased.
    package static let emailOptouts = Table("email_optouts", identity: ["email"], [text("email")])

    /// The season's tables (docs/season.md §1), all optional: without one, its part of the
    /// report is null. Read from a SQLite file and copied by a PostgreSQL snapshot.
    package static let schoolStatusHistory = Table(
        "school_status_history",
        [
            text("id"), text("school_id"), text("previous_status"), text("new_status"), text("changed_by"),
            text("changed_at"), text("notes"),
        ]
    )
    package static let playerProfiles = Table(
        "player_profiles",
        [text("id"), text("user_id"), text("family_unit_id"), integer("is_published")]
    )
    package static let profileTrackingLinks = Table(
        "profile_tracking_links",
        [text("id"), text("profile_id"), text("coach_id")]
    )
    package static let profileViews = Table(
        "profile_views",
        [text("id"), text("profile_id"), text("tracking_link_id"), text("viewed_at")]
    )
    package static let events = Table(
        "events",
        [
            text("id"), text("family_unit_id"), text("school_id"), text("user_id"), text("type"), text("name"),
            text("location"), text("city"),
            text("state"), text("start_date"), text("end_date"), text("start_time"), integer("registered"),
            integer("attended"),
        ]
    )
    package static let followUpReminders = Table(
        "follow_up_reminders",
        [
            text("id"), text("user_id"), text("school_id"), text("coach_id"), text("reminder_type"), text("title"),
            text("due_date"),
            text("priority"), integer("is_completed"),
        ]
    )
    package static let userDeadlines = Table(
        "user_deadlines",
        [
            text("id"), text("user_id"), text("label"), text("deadline_date"), text("category"), text("school_id"),
        ]
    )
    package static let systemCalendar = Table(
        "system_calendar",
        [
            text("id"), text("label"), text("start_date"), text("end_date"), text("category"), text("sport"),
            text("division"),
        ]
    )
    package static let sports = Table("sports", [text("id"), text("name")])

    /// The app's newer tables (docs/next-steps.md), optional like the season's.
    package static let athleteMessages = Table(
        "athlete_messages",
        [
            text("id"), text("user_id"), text("family_unit_id"), text("school_id"), text("coach_id"),
            text("template_slug"), text("channel"), text("subject"), text("sent_at"),
        ]
    )
    package static let videoLinks = Table(
        "video_links",
        [
            text("id"), text("user_id"), text("family_unit_id"), text("platform"), text("url"), text("title"),
            text("health_status"),
        ]
    )
    package static let recommendationLetters = Table(
        "recommendation_letters",
        [
            text("id"), text("user_id"), text("family_unit_id"), text("writer_name"), text("due_date"),
            text("status"),
        ]
    )
    package static let contactWindowRules = Table(
        "contact_window_rules",
        [
            text("id"), text("sport"), text("division"), text("rule_kind"), text("reference"), text("window_date"),
            text("notes"),
        ]
    )

    /// The stored roles of a player in `family_members` (`player` and its alias `athlete`), as
    /// an SQL list: the player's videos and letters without a family are found through them.
    package static let playerRoles: String = {
        let roles: [String] = MemberRole.acceptedValues.filter { MemberRole.decode($0) == .player }
        return "(" + roles.map { "'\($0)'" }.joined(separator: ", ") + ")"
    }()

    /// Whether a database may lack `table`.
    package static func isOptional(_ table: Table) -> Bool {
        (optionalTables + seasonTables).contains { $0.name == table.name }
    }

    package static let seasonTables: [Table] = [
        schoolStatusHistory, playerProfiles, profileTrackingLinks, profileViews, events,
        followUpReminders, userDeadlines, systemCalendar, sports, athleteMessages, videoLinks, recommendationLetters,
        contactWindowRules,
    ]

    /// The tables a database may lack (docs/data-model.md, "Optional tables"): without one,
    /// every member has the weekly e-mail on and nobody has opted out. When present, a table
    /// is checked like the others.
    package static let optionalTables: [Table] = [notificationPreferences, emailOptouts]

    /// Every table, in the order of docs/data-model.md.
    package static let tables: [Table] = [
        familyUnits, users, familyMembers, userPreferences, schools, coaches, interactions, performanceMetrics, offers,
    ]

    /// The tables whose rows belong to a family through `family_unit_id`.
    package static let familyTables: [Table] = [schools, coaches, interactions, performanceMetrics, offers]
}
