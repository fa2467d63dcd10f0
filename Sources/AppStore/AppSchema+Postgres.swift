/// How each column of `AppSchema` is stored in the app's PostgreSQL schema
/// (docs/postgres.md), which decides how the snapshot reads it and what the demo creates.
extension AppSchema {
    package enum PostgresKind: Sendable, Equatable {
        case uuid
        /// One of the app's enum types, by its name (`school_status`, …).
        case enumeration(String)
        case text
        case timestamp
        case date
        /// A time of day (`time without time zone`), read as `HH:MM:SS`.
        case time
        case boolean
        case textArray
        case json
        case number
        case integer

        /// The type the demo declares and the checks name.
        package var typeName: String {
            switch self {
            case .uuid: "uuid"
            case .enumeration(let name): name
            case .text: "text"
            case .timestamp: "timestamp with time zone"
            case .date: "date"
            case .time: "time without time zone"
            case .boolean: "boolean"
            case .textArray: "text[]"
            case .json: "jsonb"
            case .number: "numeric"
            case .integer: "integer"
            }
        }
    }

    /// The app's enum types and the columns that use them.
    package static let postgresEnums: [String: (table: String, column: String)] = [
        "school_status": ("schools", "status"),
        "school_division": ("schools", "division"),
        "coach_role": ("coaches", "role"),
        "interaction_type": ("interactions", "type"),
        "interaction_direction": ("interactions", "direction"),
        "interaction_sentiment": ("interactions", "sentiment"),
        "user_role": ("users", "role"),
        "event_type": ("events", "type"),
        "recommendation_status": ("recommendation_letters", "status"),
    ]

    package static func postgresKind(table: String, column: String) -> PostgresKind {
        if let name = postgresEnums.first(where: { $0.value == (table, column) })?.key { return .enumeration(name) }
        switch column {
        case "id" where table != "user_preferences", "logged_by": return .uuid
        case _ where column.hasSuffix("_id"): return .uuid
        case "due_date" where table == "recommendation_letters": return .date
        case "created_at", "updated_at", "occurred_at", "last_contact_date", "status_changed_at", "changed_at",
            "viewed_at", "due_date", "sent_at":
            return .timestamp
        case "recorded_date", "offer_date", "deadline_date", "start_date", "end_date": return .date
        case "start_time": return .time
        case "is_favorite", "verified", "email_enabled", "push_enabled", "is_published", "registered", "attended",
            "is_completed", "is_primary", "questionnaire_completed":
            return .boolean
        case "pros", "cons", "attachments": return .textArray
        case "academic_info": return .json
        case "data" where table == "user_preferences": return .json
        case "ranking", "graduation_year": return .integer
        default:
            let sqlType = (tables + optionalTables + seasonTables).first { $0.name == table }?.columns.first {
                $0.name == column
            }?.sqlType
            return sqlType == "REAL" ? .number : .text
        }
    }
}
