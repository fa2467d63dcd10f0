import Aggregation
import Core

/// Turns rows of the app's tables into domain values. Each decoder reads every column it
/// needs, records every bad value in the log, and returns nil when the row had any.
enum RowDecoders {
    static func familyUnit(_ row: SQLiteRow, log: IssueLog) -> FamilyUnit? {
        let f = FieldReader(table: AppSchema.familyUnits, row: row, log: log)
        let before = log.failures
        let id = f.identifier("id")
        let name = f.text("family_name")
        let createdAt = f.timestamp("created_at")
        guard log.failures == before, let id else { return nil }
        return FamilyUnit(id: id, familyName: name, createdAt: createdAt)
    }

    /// A family row's id and name as stored, for a row whose other values are bad: a batch
    /// still runs the family (and records it as failed) instead of stopping for every family.
    static func familyIdentity(_ row: SQLiteRow) -> FamilyUnit? {
        let f = FieldReader(table: AppSchema.familyUnits, row: row, log: IssueLog())
        guard let id = f.text("id"), !id.isEmpty else { return nil }
        return FamilyUnit(id: id, familyName: f.text("family_name"), createdAt: nil)
    }

    static func user(_ row: SQLiteRow, log: IssueLog) -> User? {
        let f = FieldReader(table: AppSchema.users, row: row, log: log)
        let before = log.failures
        let id = f.identifier("id")
        let email = f.requiredText("email")
        let fullName = f.text("full_name")
        let role: UserRole? = f.enumeration("role", required: true)
        let timezone = f.text("timezone")
        if let timezone, Zone(identifier: timezone) == nil {
            f.issue(
                "timezone",
                "unknown time zone \(Quote.value(timezone)) (expected an IANA name such as America/New_York)"
            )
        }
        let sport = f.text("primary_sport_id")
        var graduationYear = f.integer("graduation_year")
        if let year = graduationYear, !(1900...2200).contains(year) {
            f.issue("graduation_year", "\(year) is not a year (expected 1900–2200)")
            graduationYear = nil
        }
        guard log.failures == before, let id, let email, let role else { return nil }
        var user = User(id: id, email: email, fullName: fullName, role: role, timezone: timezone, primarySportID: sport)
        user.graduationYear = graduationYear
        return user
    }

    static func member(_ row: SQLiteRow, log: IssueLog) -> FamilyMember? {
        let f = FieldReader(table: AppSchema.familyMembers, row: row, log: log)
        let before = log.failures
        let family = f.text("family_unit_id") ?? ""  // rows of no family are reported by check, not here
        let user = f.identifier("user_id")
        let role: MemberRole? = f.enumeration("role", required: true)
        guard log.failures == before, let user, let role else { return nil }
        return FamilyMember(familyUnitID: family, userID: user, role: role)
    }

    /// What a preference row tells: a `location` row's home location, a `player` row's
    /// `primary_sport` (the player's sport when `users.primary_sport_id` names none).
    enum Preference {
        case location(HomeLocation)
        case sport(String?)
    }

    /// A `location` or `player` preference row; nil for other categories, and for `player`
    /// rows unless `sport` (only the season reads the sport, docs/season.md §1).
    static func preference(
        _ row: SQLiteRow,
        log: IssueLog,
        sport: Bool = true
    ) -> (userID: String, value: Preference)? {
        let f = FieldReader(table: AppSchema.userPreferences, row: row, log: log)
        let before = log.failures
        let user = f.identifier("user_id")
        let category = f.requiredText("category")
        guard category == "location" || (sport && category == "player") else {
            _ = f.requiredText("data")
            return nil
        }
        guard f.requiredText("data") != nil, let object = f.object("data") else { return nil }
        let value: Preference
        if category == "player" {
            // Only text is a sport: a number, boolean, object or array is a bad value.
            switch object.members["primary_sport"] {
            case nil, .null: value = .sport(nil)
            case .string(let name): value = .sport(name)
            default:
                f.issue("data", "member 'primary_sport' is not text")
                return nil
            }
        } else {
            let location = HomeLocation(
                latitude: object.number("latitude"),
                longitude: object.number("longitude"),
                city: object.string("city"),
                state: object.string("state"),
                zip: object.string("zip"),
                address: object.string("address")
            )
            checkCoordinate(location.latitude, location.longitude, field: f, column: "data")
            value = .location(location)
        }
        guard log.failures == before, let user else { return nil }
        return (user, value)
    }

    static func school(_ row: SQLiteRow, log: IssueLog) -> School? {
        let f = FieldReader(table: AppSchema.schools, row: row, log: log)
        let before = log.failures
        let id = f.identifier("id")
        let family = f.text("family_unit_id") ?? ""  // rows of no family are reported by check, not here
        let name = f.requiredText("name")
        // Read through the app's map once the family's interactions are known (SQLiteSource.read).
        let stored: StoredSchoolStatus? = f.enumeration("status")
        var school = School(
            id: id ?? "",
            familyUnitID: family,
            name: name ?? "",
            status: SchoolStatus(stored: stored, hasInteraction: false)
        )
        school.storedStatus = stored
        school.userID = f.text("user_id")
        school.location = f.text("location")
        school.city = f.text("city")
        school.state = f.text("state")
        school.division = f.enumeration("division")
        school.conference = f.text("conference")
        school.isFavorite = f.flag("is_favorite") == true || stored == .interested
        school.pros = f.stringArray("pros") ?? []
        school.cons = f.stringArray("cons") ?? []
        school.notes = f.text("notes")
        school.website = f.text("website")
        school.faviconURL = f.text("favicon_url")
        if let object = f.object("academic_info") {
            let info = AcademicInfo(
                latitude: object.number("latitude"),
                longitude: object.number("longitude"),
                state: object.string("state"),
                studentSize: object.integer("student_size"),
                admissionRate: object.number("admission_rate"),
                gpaRequirement: object.number("gpa_requirement"),
                satRequirement: object.number("sat_requirement"),
                actRequirement: object.number("act_requirement")
            )
            checkCoordinate(info.latitude, info.longitude, field: f, column: "academic_info")
            if let size = info.studentSize, size < 0 { f.issue("academic_info", "member 'student_size' is negative") }
            school.academicInfo = info
        }
        school.fitTier = f.enumeration("fit_tier")
        school.fitScore = percentage(f, "fit_score")
        school.priorityTier = f.enumeration("priority_tier")
        school.ranking = f.integer("ranking")
        school.questionnaireCompleted = f.flag("questionnaire_completed")
        school.statusChangedAt = f.timestamp("status_changed_at")
        school.createdAt = f.timestamp("created_at")
        school.updatedAt = f.timestamp("updated_at")
        guard log.failures == before else { return nil }
        return school
    }

    static func coach(_ row: SQLiteRow, log: IssueLog) -> Coach? {
        let f = FieldReader(table: AppSchema.coaches, row: row, log: log)
        let before = log.failures
        let id = f.identifier("id")
        let family = f.text("family_unit_id") ?? ""  // rows of no family are reported by check, not here
        let role: CoachRole? = f.enumeration("role", required: true)
        let first = f.requiredText("first_name")
        let last = f.requiredText("last_name")
        var coach = Coach(
            id: id ?? "",
            familyUnitID: family,
            role: role ?? .head,
            firstName: first ?? "",
            lastName: last ?? ""
        )
        coach.schoolID = f.text("school_id")
        coach.userID = f.text("user_id")
        coach.email = f.text("email")
        coach.phone = f.text("phone")
        coach.twitterHandle = f.text("twitter_handle")
        coach.instagramHandle = f.text("instagram_handle")
        coach.notes = f.text("notes")
        coach.responsivenessScore = percentage(f, "responsiveness_score")
        coach.lastContactDate = f.timestamp("last_contact_date")
        coach.createdAt = f.timestamp("created_at")
        coach.updatedAt = f.timestamp("updated_at")
        guard log.failures == before else { return nil }
        return coach
    }

    /// An interaction without the columns no figure reads (`InteractionColumns.figures`):
    /// checked in place when plainly good, else read whole, so that a bad row is judged and
    /// worded as `interaction` words it, and then stripped of the same columns.
    static func interactionForFigures(_ row: SQLiteRow, log: IssueLog) -> Interaction? {
        if let lean = InteractionMark.interaction(checking: row) { return lean }
        guard var interaction = interaction(row, log: log) else { return nil }
        interaction.subject = nil
        interaction.content = nil
        interaction.attachments = []
        interaction.occurredAt = nil
        interaction.createdAt = nil
        interaction.updatedAt = nil
        return interaction
    }

    static func interaction(_ row: SQLiteRow, log: IssueLog) -> Interaction? {
        let f = FieldReader(table: AppSchema.interactions, row: row, log: log)
        let before = log.failures
        let id = f.identifier("id")
        let family = f.text("family_unit_id") ?? ""  // rows of no family are reported by check, not here
        let type: InteractionType? = f.enumeration("type", required: true)
        let direction: Direction? = f.enumeration("direction", required: true)
        let occurredAt = f.timestamp("occurred_at")
        let createdAt = f.timestamp("created_at")
        let date = occurredAt ?? createdAt
        if date == nil, f.text("occurred_at") == nil, f.text("created_at") == nil {
            f.issue("occurred_at", "is null and so is created_at; an interaction needs a date")
        }
        let sentiment: Sentiment? = f.enumeration("sentiment")
        let attachments = f.stringArray("attachments")
        let updatedAt = f.timestamp("updated_at")
        guard log.failures == before, let id, let type, let direction, let date else { return nil }
        var interaction = Interaction(id: id, familyUnitID: family, type: type, direction: direction, date: date)
        interaction.schoolID = f.text("school_id")
        interaction.coachID = f.text("coach_id")
        interaction.subject = f.text("subject")
        interaction.content = f.text("content")
        interaction.sentiment = sentiment
        interaction.occurredAt = occurredAt
        interaction.loggedBy = f.text("logged_by")
        interaction.attachments = attachments ?? []
        interaction.createdAt = createdAt
        interaction.updatedAt = updatedAt
        return interaction
    }

    static func metric(_ row: SQLiteRow, log: IssueLog) -> PerformanceMetric? {
        let f = FieldReader(table: AppSchema.performanceMetrics, row: row, log: log)
        let before = log.failures
        let id = f.identifier("id")
        let family = f.text("family_unit_id") ?? ""  // rows of no family are reported by check, not here
        let type = f.requiredText("metric_type")
        let recorded = f.timestamp("recorded_date")
        let createdAt = f.timestamp("created_at")
        if recorded == nil, createdAt == nil, f.text("recorded_date") == nil, f.text("created_at") == nil {
            f.issue("recorded_date", "is null and so is created_at; a metric needs a date")
        }
        let value = f.real("value")
        let verified = f.flag("verified")
        let primary = f.flag("is_primary")
        guard log.failures == before, let id, let type, let date = recorded ?? createdAt else { return nil }
        var metric = PerformanceMetric(id: id, familyUnitID: family, metricType: type, date: date)
        metric.userID = f.text("user_id")
        metric.value = value
        metric.unit = f.text("unit")
        metric.recordedDate = recorded
        metric.notes = f.text("notes")
        metric.verified = verified
        metric.displayValue = f.text("display_value")
        metric.source = f.text("source")
        metric.isPrimary = primary
        metric.createdAt = createdAt
        return metric
    }

    static func offer(_ row: SQLiteRow, log: IssueLog) -> Offer? {
        let f = FieldReader(table: AppSchema.offers, row: row, log: log)
        let before = log.failures
        let id = f.identifier("id")
        let family = f.text("family_unit_id") ?? ""  // rows of no family are reported by check, not here
        // Both columns are free text in the app: a value it does not know is shown as stored.
        let type = f.requiredText("offer_type").map(FreeTextValue<OfferType>.init(raw:))
        let status = f.text("status").map(FreeTextValue<OfferStatus>.init(raw:)) ?? .known(.pending)
        var offer = Offer(id: id ?? "", familyUnitID: family, offerType: type ?? .other(""), status: status)
        offer.userID = f.text("user_id")
        offer.schoolID = f.text("school_id")
        offer.coachID = f.text("coach_id")
        offer.scholarshipAmount = f.real("scholarship_amount")
        offer.scholarshipPercentage = percentage(f, "scholarship_percentage")
        offer.offerDate = f.timestamp("offer_date")
        offer.deadlineDate = f.timestamp("deadline_date")
        offer.conditions = f.text("conditions")
        offer.notes = f.text("notes")
        offer.createdAt = f.timestamp("created_at")
        guard log.failures == before else { return nil }
        return offer
    }

    /// A member's setting for one kind of message. Any kind is accepted (the app may add
    /// kinds); only `weekly_digest` is acted on. A null `email_enabled` means on.
    static func notificationPreference(
        _ row: SQLiteRow,
        log: IssueLog
    ) -> (userID: String, type: String, emailEnabled: Bool)? {
        let f = FieldReader(table: AppSchema.notificationPreferences, row: row, log: log)
        let before = log.failures
        _ = f.identifier("id")
        let user = f.identifier("user_id")
        let type = f.requiredText("notification_type")
        let enabled = f.flag("email_enabled")
        guard log.failures == before, let user, let type else { return nil }
        return (user, type, enabled ?? true)
    }

    /// An opted-out address, as stored (it is compared trimmed and lower-cased).
    static func optOut(_ row: SQLiteRow, log: IssueLog) -> String? {
        let f = FieldReader(table: AppSchema.emailOptouts, row: row, log: log)
        let before = log.failures
        let email = f.requiredText("email")
        if let email, email.trimmingCharacters(in: .whitespaces).isEmpty {
            f.issue("email", "is empty; expected an e-mail address")
        }
        guard log.failures == before else { return nil }
        return email
    }

    /// A 0–100 number; outside that range is bad input.
    private static func percentage(_ f: FieldReader, _ column: String) -> Double? {
        guard let value = f.real(column) else { return nil }
        guard (0...100).contains(value) else {
            f.issue(column, "is \(value); expected a number from 0 to 100")
            return nil
        }
        return value
    }

    private static func checkCoordinate(_ latitude: Double?, _ longitude: Double?, field: FieldReader, column: String) {
        if let latitude, !(-90...90).contains(latitude) {
            field.issue(column, "member 'latitude' is \(latitude); expected -90 to 90")
        }
        if let longitude, !(-180...180).contains(longitude) {
            field.issue(column, "member 'longitude' is \(longitude); expected -180 to 180")
        }
    }
}
