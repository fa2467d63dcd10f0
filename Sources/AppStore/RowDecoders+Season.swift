import Aggregation
import Core

/// The season's rows (docs/season.md §1), decoded like the others: a bad value records an
/// issue naming table, row id and column, and the row is left out.
extension RowDecoders {
    static func statusChange(_ row: SQLiteRow, log: IssueLog) -> StatusHistoryEntry? {
        let f = FieldReader(table: AppSchema.schoolStatusHistory, row: row, log: log)
        let before = log.failures
        let id = f.identifier("id")
        let school = f.identifier("school_id")
        let previous: StoredSchoolStatus? = f.enumeration("previous_status")
        let new: StoredSchoolStatus? = f.enumeration("new_status", required: true)
        let changedAt = f.requiredTimestamp("changed_at")
        guard log.failures == before, let id, let school, let new, let changedAt else { return nil }
        var entry = StatusHistoryEntry(
            id: id,
            schoolID: school,
            previousStatus: previous,
            newStatus: new,
            changedAt: changedAt
        )
        entry.changedBy = f.text("changed_by")
        entry.notes = f.text("notes")
        return entry
    }

    static func profile(_ row: SQLiteRow, log: IssueLog) -> PlayerProfile? {
        let f = FieldReader(table: AppSchema.playerProfiles, row: row, log: log)
        let before = log.failures
        let id = f.identifier("id")
        let family = f.identifier("family_unit_id")
        let published = f.flag("is_published")
        guard log.failures == before, let id, let family else { return nil }
        var profile = PlayerProfile(id: id, familyUnitID: family)
        profile.userID = f.text("user_id")
        profile.isPublished = published
        return profile
    }

    static func trackingLink(_ row: SQLiteRow, log: IssueLog) -> ProfileTrackingLink? {
        let f = FieldReader(table: AppSchema.profileTrackingLinks, row: row, log: log)
        let before = log.failures
        let id = f.identifier("id")
        let profile = f.identifier("profile_id")
        guard log.failures == before, let id, let profile else { return nil }
        return ProfileTrackingLink(id: id, profileID: profile, coachID: f.text("coach_id"))
    }

    static func profileView(_ row: SQLiteRow, log: IssueLog) -> ProfileView? {
        let f = FieldReader(table: AppSchema.profileViews, row: row, log: log)
        let before = log.failures
        let id = f.identifier("id")
        let profile = f.identifier("profile_id")
        let viewedAt = f.requiredTimestamp("viewed_at")
        guard log.failures == before, let id, let profile, let viewedAt else { return nil }
        return ProfileView(id: id, profileID: profile, trackingLinkID: f.text("tracking_link_id"), viewedAt: viewedAt)
    }

    static func event(_ row: SQLiteRow, log: IssueLog) -> FamilyEvent? {
        let f = FieldReader(table: AppSchema.events, row: row, log: log)
        let before = log.failures
        let id = f.identifier("id")
        let name = f.requiredText("name")
        let type: EventType? = f.enumeration("type", required: true)
        let start = f.day("start_date", required: true)
        let end = f.day("end_date")
        if let start, let end, end < start { f.issue("end_date", "is \(end), before the start_date \(start)") }
        let time = f.clockTime("start_time")
        let registered = f.flag("registered")
        let attended = f.flag("attended")
        guard log.failures == before, let id, let name, let type, let start else { return nil }
        var event = FamilyEvent(id: id, type: type, name: name, startDate: start)
        (event.familyUnitID, event.schoolID, event.userID) = (
            f.text("family_unit_id"), f.text("school_id"), f.text("user_id")
        )
        (event.location, event.city, event.state) = (f.text("location"), f.text("city"), f.text("state"))
        (event.endDate, event.startTime, event.registered, event.attended) = (end, time, registered, attended)
        return event
    }

    /// A personal row's problems name table, row id and column only, never its text
    /// (docs/season.md §1): they may reach the family's shared files.
    private static func personal<T>(_ log: IssueLog, _ decode: (IssueLog) -> T?) -> T? {
        let own = IssueLog()
        let value = decode(own)
        for issue in own.issues {
            log.record(
                DataIssue(
                    table: issue.table,
                    rowID: issue.rowID,
                    column: issue.column,
                    problem: "cannot be read (a personal item: its value is not shown)"
                )
            )
        }
        return value
    }

    static func reminder(_ row: SQLiteRow, log: IssueLog) -> Reminder? {
        personal(log) { log in personalReminder(row, log: log) }
    }

    static func deadline(_ row: SQLiteRow, log: IssueLog) -> UserDeadline? {
        personal(log) { log in personalDeadline(row, log: log) }
    }

    private static func personalReminder(_ row: SQLiteRow, log: IssueLog) -> Reminder? {
        let f = FieldReader(table: AppSchema.followUpReminders, row: row, log: log)
        let before = log.failures
        let id = f.identifier("id")
        let user = f.identifier("user_id")
        let title = f.requiredText("title")
        let type: ReminderType? = f.enumeration("reminder_type", required: true)
        let priority: ReminderPriority? = f.enumeration("priority")
        let due = f.requiredTimestamp("due_date")
        let completed = f.flag("is_completed")
        guard log.failures == before, let id, let user, let title, let type, let due else { return nil }
        var reminder = Reminder(id: id, userID: user, type: type, title: title, dueDate: due)
        (reminder.schoolID, reminder.coachID) = (f.text("school_id"), f.text("coach_id"))
        reminder.priority = priority ?? .medium
        reminder.isCompleted = completed ?? false
        return reminder
    }

    private static func personalDeadline(_ row: SQLiteRow, log: IssueLog) -> UserDeadline? {
        let f = FieldReader(table: AppSchema.userDeadlines, row: row, log: log)
        let before = log.failures
        let id = f.identifier("id")
        let user = f.identifier("user_id")
        let label = f.requiredText("label")
        let date = f.day("deadline_date", required: true)
        let category = f.requiredText("category")
        guard log.failures == before, let id, let user, let label, let date, let category else { return nil }
        var deadline = UserDeadline(id: id, userID: user, label: label, date: date, category: category)
        deadline.schoolID = f.text("school_id")
        return deadline
    }

    static func calendarEntry(_ row: SQLiteRow, log: IssueLog) -> CalendarEntry? {
        let f = FieldReader(table: AppSchema.systemCalendar, row: row, log: log)
        let before = log.failures
        let id = f.identifier("id")
        let label = f.requiredText("label")
        let start = f.day("start_date", required: true)
        let end = f.day("end_date")
        if let start, let end, end < start { f.issue("end_date", "is \(end), before the start_date \(start)") }
        let category: CalendarCategory? = f.enumeration("category", required: true)
        var division: Division?
        if let raw = f.text("division") {
            division = ["d1", "d2", "d3"].contains(raw) ? Division.decode(raw.uppercased()) : nil
            if division == nil { f.issue("division", "unknown value \(Quote.value(raw)) (accepted: d1, d2, d3)") }
        }
        guard log.failures == before, let id, let label, let start, let category else { return nil }
        var entry = CalendarEntry(id: id, label: label, startDate: start, category: category)
        (entry.endDate, entry.sport, entry.division) = (end, f.text("sport"), division)
        return entry
    }

    static func message(_ row: SQLiteRow, log: IssueLog) -> AthleteMessage? {
        let f = FieldReader(table: AppSchema.athleteMessages, row: row, log: log)
        let before = log.failures
        let id = f.identifier("id")
        let family = f.text("family_unit_id") ?? ""  // a message of no family is nobody's
        let sentAt = f.requiredTimestamp("sent_at")
        guard log.failures == before, let id, let sentAt else { return nil }
        var message = AthleteMessage(id: id, familyUnitID: family, sentAt: sentAt)
        (message.userID, message.schoolID, message.coachID) = (
            f.text("user_id"), f.text("school_id"), f.text("coach_id")
        )
        (message.templateSlug, message.channel, message.subject) =
            (f.text("template_slug"), f.text("channel"), f.text("subject"))
        return message
    }

    static func videoLink(_ row: SQLiteRow, log: IssueLog) -> VideoLink? {
        let f = FieldReader(table: AppSchema.videoLinks, row: row, log: log)
        let before = log.failures
        let id = f.identifier("id")
        let user = f.identifier("user_id")
        let platform = f.requiredText("platform")
        let url = f.requiredText("url")
        let health: VideoHealth? = f.enumeration("health_status")
        guard log.failures == before, let id, let user, let platform, let url else { return nil }
        var link = VideoLink(id: id, userID: user, platform: platform, url: url, health: health ?? .unknown)
        (link.familyUnitID, link.title) = (f.text("family_unit_id"), f.text("title"))
        return link
    }

    static func letter(_ row: SQLiteRow, log: IssueLog) -> RecommendationLetter? {
        let f = FieldReader(table: AppSchema.recommendationLetters, row: row, log: log)
        let before = log.failures
        let id = f.identifier("id")
        let user = f.identifier("user_id")
        let writer = f.requiredText("writer_name")
        let due = f.day("due_date")
        let status: LetterStatus? = f.enumeration("status")
        guard log.failures == before, let id, let user, let writer else { return nil }
        var letter = RecommendationLetter(id: id, userID: user, writerName: writer, status: status ?? .notRequested)
        (letter.familyUnitID, letter.dueDate) = (f.text("family_unit_id"), due)
        return letter
    }

    static func contactRule(_ row: SQLiteRow, log: IssueLog) -> ContactWindowRule? {
        let f = FieldReader(table: AppSchema.contactWindowRules, row: row, log: log)
        let before = log.failures
        let id = f.identifier("id")
        let sport = f.requiredText("sport")
        // Every family reads these rows: a `d1` or `D1 ` still names D1 (the app's columns are text).
        let division: Division? = f.looseEnumeration("division")
        let kind: ContactRuleKind? = f.looseEnumeration("rule_kind")
        guard log.failures == before, let id, let sport, let division, let kind else { return nil }
        var rule = ContactWindowRule(id: id, sport: sport, division: division, kind: kind)
        (rule.reference, rule.windowDate, rule.notes) = (f.text("reference"), f.text("window_date"), f.text("notes"))
        return rule
    }

    static func sport(_ row: SQLiteRow, log: IssueLog) -> Sport? {
        let f = FieldReader(table: AppSchema.sports, row: row, log: log)
        let before = log.failures
        let id = f.identifier("id")
        let name = f.requiredText("name")
        guard log.failures == before, let id, let name else { return nil }
        return Sport(id: id, name: name)
    }
}

extension FieldReader {
    /// A timestamp that must be there.
    /// A required value of `E` compared trimmed and case-insensitively (the app's free-text
    /// rule columns); another value is an issue naming the accepted ones.
    func looseEnumeration<E: DomainEnum>(_ column: String) -> E? {
        guard let raw = requiredText(column) else { return nil }
        if let value = E.allCases.first(where: { $0.rawValue.comparisonKey == raw.comparisonKey }) { return value }
        issue(
            column,
            "unknown value \(Quote.value(raw)) (accepted: \(E.allCases.map(\.rawValue).joined(separator: ", ")))"
        )
        return nil
    }

    func requiredTimestamp(_ column: String) -> Timestamp? {
        guard requiredText(column) != nil else { return nil }  // null: an issue of its own
        return timestamp(column)
    }

    /// A bare calendar date (`YYYY-MM-DD`); a time of day with it is bad input.
    func day(_ column: String, required: Bool = false) -> CivilDate? {
        guard let raw = required ? requiredText(column) : text(column) else { return nil }
        guard let date = CivilDate(iso: raw) else {
            issue(column, "is \(Quote.value(raw)); expected a date YYYY-MM-DD")
            return nil
        }
        return date
    }

    /// A time of day, `HH:MM` or `HH:MM:SS`, as `HH:MM`.
    func clockTime(_ column: String) -> String? {
        guard let raw = text(column) else { return nil }
        let parts = raw.split(separator: ":", omittingEmptySubsequences: false)
        let numbers = parts.map { part in part.allSatisfy { $0.isASCII && $0.isNumber } ? Int(part) : nil }
        guard (2...3).contains(parts.count), parts.allSatisfy({ $0.count == 2 }), let hour = numbers[0],
            let minute = numbers[1],
            hour < 24, minute < 60, parts.count == 2 || (numbers[2].map { $0 < 60 } ?? false)
        else {
            issue(column, "is \(Quote.value(raw)); expected a time HH:MM or HH:MM:SS")
            return nil
        }
        return "\(parts[0]):\(parts[1])"
    }
}
