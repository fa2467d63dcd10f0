import Aggregation
import Exporters

/// The columns of each list (docs/lists.md) by key, with the cell every format shares. Their
/// order and headers are a template's (Templates/lists.yaml, `OutputTemplates`).
package enum ListColumns {
    static func date(_ day: CivilDate?) -> Cell {
        day.map { .date(ExportDate(year: $0.year, month: $0.month, day: $0.day)) } ?? .empty
    }

    static func dateTime(_ timestamp: Timestamp, zone: Zone) -> Cell {
        let local = zone.localTime(of: zone.instant(of: timestamp))
        return .dateTime(
            ExportDateTime(
                date: ExportDate(year: local.date.year, month: local.date.month, day: local.date.day),
                hour: local.hour,
                minute: local.minute,
                second: local.second
            )
        )
    }

    static func link(_ text: String?, _ url: (String) -> String) -> Cell {
        guard let text, !text.isEmpty else { return .text(text) }
        return .link(text: text, url: url(text))
    }

    /// A coach's contact value: a link when it passes the Add Coach rules, else plain text.
    static func contact(_ field: ContactField, of coach: Coach) -> Cell {
        guard let text = field.value(of: coach), !text.isEmpty else { return .text(field.value(of: coach)) }
        return field.link(text).map { .link(text: text, url: $0) } ?? .text(text)
    }

    package static let coaches: [ListColumn<CoachListRow>] = [
        ListColumn("first_name") { .text($0.coach.firstName) },
        ListColumn("last_name") { .text($0.coach.lastName) },
        ListColumn("role") { .text($0.coach.role.displayName) },
        ListColumn("school") { .text($0.schoolName ?? CoachListRow.unknownSchool) },
        ListColumn("email") { contact(.email, of: $0.coach) },
        ListColumn("phone") { contact(.phone, of: $0.coach) },
        ListColumn("twitter") { contact(.twitter, of: $0.coach) },
        ListColumn("instagram") { contact(.instagram, of: $0.coach) },
        ListColumn("responsiveness") { .percent($0.coach.responsivenessScore) },
        ListColumn("last_contact") { date($0.lastContactDay) },
        ListColumn("interactions") { .integer($0.interactionCount) },
        ListColumn("notes") { .text($0.coach.notes) },
    ]

    package static func schools(zone: Zone) -> [ListColumn<SchoolListRow>] {
        [
            ListColumn("school") { .text($0.school.name) },
            ListColumn("location") { .text($0.school.location) },
            ListColumn("state") { .text($0.state) },
            ListColumn("division") { .text($0.school.division?.displayName) },
            ListColumn("conference") { .text($0.school.conference) },
            ListColumn("status") { .text($0.school.status.displayName) },
            ListColumn("priority_tier") { .text($0.school.priorityTier?.displayName) },
            ListColumn("favorite") { .bool($0.school.isFavorite) },
            ListColumn("fit_score") { .number($0.school.fitScore) },
            ListColumn("size") { .text($0.size?.displayName) },
            ListColumn("students") { .integer($0.school.academicInfo?.studentSize) },
            // Miles to a tenth: the haversine's further digits are noise, not information.
            ListColumn("distance") { .number($0.distance.map { ($0 * 10).rounded() / 10 }) },
            ListColumn("coaches") { .integer($0.coachCount) },
            ListColumn("interactions") { .integer($0.interactionCount) },
            ListColumn("offer") { .text($0.offer?.summary) },
            ListColumn("scholarship") { .percent($0.offer?.scholarshipPercentage) },
            ListColumn("offer_deadline") { date($0.offer?.deadlineDate.map(zone.date(of:))) },
            ListColumn("pros") { $0.school.pros.isEmpty ? .empty : .text($0.school.pros.joined(separator: "; ")) },
            ListColumn("cons") { $0.school.cons.isEmpty ? .empty : .text($0.school.cons.joined(separator: "; ")) },
            ListColumn("website") { link($0.school.website) { $0 } },
            ListColumn("notes") { .text($0.school.notes) },
        ]
    }

    package static func interactions(zone: Zone) -> [ListColumn<InteractionListRow>] {
        [
            ListColumn("date") { dateTime($0.interaction.date, zone: zone) },
            ListColumn("type") { .text($0.interaction.type.displayName) },
            ListColumn("direction") { .text($0.interaction.direction.displayName) },
            ListColumn("sentiment") { .text($0.interaction.sentiment?.displayName) },
            ListColumn("subject") { .text($0.interaction.displaySubject) },
            ListColumn("school") { .text($0.school) },
            ListColumn("coach") { .text($0.coach) },
            ListColumn("logged_by") { .text($0.loggedBy) },
            ListColumn("content") { .text($0.interaction.content) },
            ListColumn("attachments") { .integer($0.interaction.attachments.count) },
        ]
    }

    /// The keys of a list's columns: what a template may name.
    package static func keys(_ kind: ListKind) -> [String] {
        switch kind {
        case .coaches: coaches.map(\.key)
        case .schools: schools(zone: .utc).map(\.key)
        case .interactions: interactions(zone: .utc).map(\.key)
        }
    }
}
