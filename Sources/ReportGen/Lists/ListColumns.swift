import Aggregation
import Exporters

/// The columns of each list (docs/lists.md), with the cell text every format shares.
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
        ListColumn("First Name") { .text($0.coach.firstName) },
        ListColumn("Last Name") { .text($0.coach.lastName) },
        ListColumn("Role") { .text($0.coach.role.displayName) },
        ListColumn("School") { .text($0.schoolName ?? CoachListRow.unknownSchool) },
        ListColumn("Email") { contact(.email, of: $0.coach) },
        ListColumn("Phone") { contact(.phone, of: $0.coach) },
        ListColumn("Twitter") { contact(.twitter, of: $0.coach) },
        ListColumn("Instagram") { contact(.instagram, of: $0.coach) },
        ListColumn("Responsiveness (%)", key: "responsiveness") { .percent($0.coach.responsivenessScore) },
        ListColumn("Last Contact") { date($0.lastContactDay) },
        ListColumn("Interactions") { .integer($0.interactionCount) },
        ListColumn("Notes") { .text($0.coach.notes) },
    ]

    package static func schools(zone: Zone) -> [ListColumn<SchoolListRow>] {
        [
            ListColumn("School", key: "school") { .text($0.school.name) },
            ListColumn("Location") { .text($0.school.location) },
            ListColumn("State") { .text($0.state) },
            ListColumn("Division") { .text($0.school.division?.displayName) },
            ListColumn("Conference") { .text($0.school.conference) },
            ListColumn("Status") { .text($0.school.status.displayName) },
            ListColumn("Priority Tier") { .text($0.school.priorityTier?.displayName) },
            ListColumn("Favorite") { .bool($0.school.isFavorite) },
            ListColumn("Fit Score") { .number($0.school.fitScore) },
            ListColumn("Size") { .text($0.size?.displayName) },
            ListColumn("Students") { .integer($0.school.academicInfo?.studentSize) },
            // Miles to a tenth: the haversine's further digits are noise, not information.
            ListColumn("Distance (mi)", key: "distance") { .number($0.distance.map { ($0 * 10).rounded() / 10 }) },
            ListColumn("Coaches") { .integer($0.coachCount) },
            ListColumn("Interactions") { .integer($0.interactionCount) },
            ListColumn("Offer") { .text($0.offer?.summary) },
            ListColumn("Scholarship (%)", key: "scholarship") { .percent($0.offer?.scholarshipPercentage) },
            ListColumn("Offer Deadline") { date($0.offer?.deadlineDate.map(zone.date(of:))) },
            ListColumn("Pros") { $0.school.pros.isEmpty ? .empty : .text($0.school.pros.joined(separator: "; ")) },
            ListColumn("Cons") { $0.school.cons.isEmpty ? .empty : .text($0.school.cons.joined(separator: "; ")) },
            ListColumn("Website") { link($0.school.website) { $0 } },
            ListColumn("Notes") { .text($0.school.notes) },
        ]
    }

    package static func interactions(zone: Zone) -> [ListColumn<InteractionListRow>] {
        [
            ListColumn("Date") { dateTime($0.interaction.date, zone: zone) },
            ListColumn("Type") { .text($0.interaction.type.displayName) },
            ListColumn("Direction") { .text($0.interaction.direction.displayName) },
            ListColumn("Sentiment") { .text($0.interaction.sentiment?.displayName) },
            ListColumn("Subject") { .text($0.interaction.displaySubject) },
            ListColumn("School") { .text($0.school) },
            ListColumn("Coach") { .text($0.coach) },
            ListColumn("Logged By") { .text($0.loggedBy) },
            ListColumn("Content") { .text($0.interaction.content) },
            ListColumn("Attachments") { .integer($0.interaction.attachments.count) },
        ]
    }

    /// The keys of a list's columns, in their built-in order.
    package static func keys(_ kind: ListKind) -> [String] {
        switch kind {
        case .coaches: coaches.map(\.key)
        case .schools: schools(zone: .utc).map(\.key)
        case .interactions: interactions(zone: .utc).map(\.key)
        }
    }

    /// The built-in headers of a list's columns.
    package static func headers(_ kind: ListKind) -> [String] {
        switch kind {
        case .coaches: coaches.map(\.header)
        case .schools: schools(zone: .utc).map(\.header)
        case .interactions: interactions(zone: .utc).map(\.header)
        }
    }
}
