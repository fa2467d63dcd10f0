import Aggregation
import Core
import Exporters
import Foundation

/// The pdf layouts of the three lists (docs/lists.md).
enum ListPDF {
    static let muted = PDFColor(0x6B7280)

    static func text(_ value: String?, placeholder: String = "--") -> PDFCell {
        guard let value, !value.isEmpty else { return .text(placeholder, color: muted) }
        return .text(value)
    }

    /// A role on paper, under the "Role" header: "Head", "Assistant", "Recruiting" (csv and xlsx keep the full name).
    static func shortName(_ role: CoachRole) -> String {
        switch role {
        case .head: "Head"
        case .assistant: "Assistant"
        case .recruiting: "Recruiting"
        }
    }

    /// The rows' order in words, for the line under the title.
    static func sorted(_ sort: CoachSort) -> String {
        switch sort {
        case .name: "Sorted by last name, then first name, A–Z"
        case .school: "Sorted by school, A–Z (Unknown School last), then name"
        case .lastContacted: "Sorted by last contact, newest first (never contacted last)"
        case .responsiveness: "Sorted by responsiveness, highest first (not scored last)"
        case .role: "Sorted by role (head, assistant, recruiting), then name"
        }
    }

    static func sorted(_ sort: SchoolSort) -> String {
        switch sort {
        case .name: "Sorted by name, A–Z"
        case .fitScore: "Sorted by fit score, highest first (none last)"
        case .distance: "Sorted by distance, nearest first (unknown last)"
        case .lastContact: "Sorted by last contact, newest first (never last)"
        }
    }

    /// What the coaches' Response bars and Contacts mean (docs/lists.md, Coaches).
    static let coachesLegend =
        "Response: the coach's responsiveness score, 0–100% (how reliably they reply); its bar is green at 75% and over "
        + "(high), amber from 50% to 74% (medium), red under 50% (low); -- not scored. Contacts: interactions logged with the coach."

    static func coaches(sort: CoachSort, palette: OutputPalette) -> ListPDFSpec<CoachListRow> {
        ListPDFSpec(
            title: "Coaches",
            sorted: sorted(sort),
            // Sized by content (ColumnSizing): names wrap to as many lines as they need; the e-mail over the phone
            // and the X handle over the Instagram one, each whole (they are useless cut). Handles
            // are whole up to 20 characters (X allows 15); a longer one ends in "…".
            columns: [
                .init("Coach", fit: .grow), .init("Role", fit: .whole), .init("School", fit: .wrap),
                .init("Email / Phone", fit: .whole),
                .init(
                    "X / Instagram",
                    fit: .whole,
                    maxWidth: PDFTable.Column.width(forText: "IG @" + String(repeating: "m", count: 20))
                ),
                .init("Response", fit: .whole), .init("Last Contact", fit: .whole),
                .init("Contacts", alignRight: true, fit: .whole),
            ],
            cells: { row in
                let coach = row.coach
                // A link only from a value that passes the Add Coach rules; handles shown with their "@"
                // after the network's name. A missing value takes no line; a column with neither shows "--".
                func link(_ field: ContactField, label: String = "") -> PDFCell? {
                    guard let text = field.value(of: coach), !text.isEmpty else { return nil }
                    let shown = label.isEmpty ? text : label + " " + (text.hasPrefix("@") ? text : "@" + text)
                    return field.link(text).map { .link(shown, url: $0) } ?? .text(shown)
                }
                func stack(_ cells: [PDFCell?]) -> PDFCell {
                    let present = cells.compactMap { $0 }
                    return present.isEmpty ? .text("--", color: muted) : .stack(present)
                }
                return [
                    .text(coach.fullName, bold: true),
                    .badge(shortName(coach.role), PDFColor(palette.role(coach.role))),
                    row.schoolName.map { .text($0) } ?? .text(CoachListRow.unknownSchool, color: muted),
                    stack([link(.email), link(.phone)]),
                    stack([link(.twitter, label: "X"), link(.instagram, label: "IG")]),
                    coach.responsivenessScore.map {
                        .bar(
                            fraction: $0 / 100,
                            color: PDFColor(palette.responsiveness(row.level)),
                            label: ReportText.decimal($0) + "%"
                        )
                    }
                        ?? .text("--", color: muted),
                    row.lastContactDay.map { .text(ReportText.day($0)) } ?? .text("Never contacted", color: muted),
                    .text(String(row.interactionCount)),
                ]
            },
            summary: .fixed { [] },
            legend: coachesLegend
        )
    }

    /// What the comparison's Fit, Tier, Contacts and Distance mean; `home` names the place
    /// distances are measured from, nil when there is none.
    static func schoolsLegend(home: String?) -> String {
        let distance =
            home.map { "Distance: miles in a straight line from \($0)." }
            ?? "Distance: none, as no member has a home location (give one with --home LAT,LON)."
        return
            "Fit: fit score, 0–100 (green 70 and over, orange 50 to 69, red under 50). Tier: priority tier, A first. "
            + "Contacts: interactions logged with the school. " + distance
            + " Offer: its status and deadline, grey once over."
    }

    /// The home location a distance is measured from, in words: "the family's home location,
    /// Mateo Rivera's (Austin, TX 78701)", or the coordinates given with `--home`.
    static func homeName(given: Coordinate?, owner: String?, in data: FamilyData) -> String? {
        if let given {
            return
                "the home location given (\(ReportText.decimal(given.latitude, places: 4)), \(ReportText.decimal(given.longitude, places: 4)))"
        }
        guard let owner, let location = data.homeLocations[owner] else { return nil }
        let who = data.users[owner]?.displayName ?? owner
        let region = [location.state, location.zip].compactMap { $0?.isEmpty == false ? $0 : nil }.joined(
            separator: " "
        )
        let place = [location.city, region].compactMap { $0?.isEmpty == false ? $0 : nil }.joined(separator: ", ")
        let shown = place.isEmpty ? (location.address ?? "") : place
        return "the family's home location, \(Display.oneLine(who))'s"
            + (shown.isEmpty ? "" : " (\(Display.oneLine(shown)))")
    }

    /// An offer and its deadline in one cell that wraps, "Full Ride (Pending), due Nov 24, 2026",
    /// grey once it is over: expired, or its deadline before `today`.
    static func offer(_ offer: Offer, zone: Zone, today: CivilDate) -> PDFCell {
        let deadline = offer.deadlineDate.map { zone.date(of: $0) }
        let shown = offer.summary + (deadline.map { ", due " + ReportText.day($0) } ?? "")
        let over = offer.status == .known(.expired) || deadline.map { $0 < today } == true
        return over ? .text(shown, color: muted) : .text(shown)
    }

    /// `today` greys what is over: an expired offer, and a deadline before today.
    static func schools(
        sort: SchoolSort,
        home: String?,
        zone: Zone,
        today: CivilDate,
        palette: OutputPalette
    ) -> ListPDFSpec<SchoolListRow> {
        ListPDFSpec(
            title: "Schools Comparison",
            sorted: sorted(sort),
            // Badges, figures and the star are never cut; names, places and offers wrap to as many
            // lines as they need, their row growing.
            columns: [
                .init("★", fit: .whole), .init("School", fit: .grow), .init("Location", fit: .grow),
                .init("Division", fit: .whole),
                .init("Status", fit: .grow), .init("Tier", fit: .whole), .init("Fit", fit: .whole),
                .init("Size", fit: .whole),
                .init("Distance", alignRight: true, fit: .whole), .init("Coaches", alignRight: true, fit: .whole),
                .init("Contacts", alignRight: true, fit: .whole), .init("Offer", fit: .grow),
            ],
            cells: { row in
                let school = row.school
                return [
                    school.isFavorite ? .text("★", color: PDFColor(0xF59E0B)) : .empty,
                    .text(school.name, bold: true),
                    text(school.location, placeholder: "Location unknown"),
                    school.division.map { .badge($0.displayName, PDFColor(palette.division($0))) }
                        ?? .text("--", color: muted),
                    .badge(school.status.displayName, PDFColor(palette.status(school.status))),
                    school.priorityTier.map { .text($0.rawValue, bold: true) } ?? .text("--", color: muted),
                    // On paper the fit score is a whole number; csv and xlsx keep it exact.
                    school.fitScore.map { .badge(ReportText.decimal($0, places: 0), PDFColor(FitBand.color($0))) }
                        ?? .empty,
                    row.size.map { .badge($0.displayName, PDFColor(palette.size($0))) } ?? .text("--", color: muted),
                    row.distance.map { .text(ReportText.decimal($0, places: 0) + " mi") } ?? .text("--", color: muted),
                    .text(String(row.coachCount)),
                    .text(String(row.interactionCount)),
                    row.offer.map { offer($0, zone: zone, today: today) } ?? text(nil),
                ]
            },
            summary: .fromRows { rows in
                let distances = rows.compactMap(\.distance)
                let average =
                    distances.isEmpty
                    ? "--" : ReportText.decimal(distances.reduce(0, +) / Double(distances.count), places: 0) + " mi"
                var blocks: [PDFBlock] = [
                    .cards([
                        PDFCard(label: "Schools", value: String(rows.count), color: PDFColor(palette.card("schools"))),
                        PDFCard(
                            label: "Favorites",
                            value: String(rows.filter(\.school.isFavorite).count),
                            color: PDFColor(Palette.amber)
                        ),
                        PDFCard(
                            label: "With Offers",
                            value: String(rows.filter { $0.offer != nil }.count),
                            color: PDFColor(Palette.green)
                        ),
                        PDFCard(
                            label: home != nil ? "Average Distance" : "Average Distance (no home location)",
                            value: average,
                            color: PDFColor(Palette.deepIndigo)
                        ),
                    ])
                ]
                // The app's advice to use priority tiers, only to a family that uses none yet.
                if rows.count >= 30, !rows.contains(where: { $0.school.priorityTier != nil }) {
                    blocks.append(
                        .note(
                            "You have \(rows.count) schools on your list. Consider organizing with priority tiers (A, B, C) to manage your recruiting strategy.",
                            color: PDFColor(0x92400E)
                        )
                    )
                }
                return blocks
            },
            legend: schoolsLegend(home: home)
        )
    }

    /// The interactions' one order (docs/lists.md).
    static let interactionsSorted = "Sorted by date, newest first"

    static let interactionsLegend =
        "Content: the first two lines of what was written or said. Files: attachments. "
        + "Logged By: who logged the interaction (You for the viewer)."

    /// The content's share of a page: two lines of it read as a preview, and it takes no more
    /// room from the names beside it.
    static let contentWidth = 190.0
    /// A subject's and a school's: half of it holds "Phone Call about the program" on two lines,
    /// and what they do not take goes to the content.
    static let labelWidth = 140.0

    /// "Feb 3, 2026" over "2:15 PM": the rows hold two lines anyway, and the date takes half the width.
    static func dateOverTime(_ time: LocalDateTime) -> PDFCell {
        let hour = time.hour % 12 == 0 ? 12 : time.hour % 12
        return .stack([
            .text(ReportText.day(time.date)),
            .text("\(hour):\(Instant.two(time.minute)) \(time.hour < 12 ? "AM" : "PM")"),
        ])
    }

    static func interactions(
        zone: Zone,
        palette: OutputPalette,
        analytics: @escaping () -> InteractionAnalytics
    ) -> ListPDFSpec<InteractionListRow> {
        ListPDFSpec(
            title: "Interactions",
            sorted: interactionsSorted,
            // A person's name (the coach, who logged it) wraps as far as it needs, never cut; the
            // content shows its first two lines.
            columns: [
                .init("Date", fit: .whole), .init("Type", fit: .whole), .init("Direction", fit: .whole),
                .init("Sentiment", fit: .whole),
                .init("Subject", fit: .wrap, maxWidth: labelWidth), .init("School", fit: .wrap, maxWidth: labelWidth),
                .init("Coach", fit: .grow), .init("Logged By", fit: .grow),
                .init("Content", fit: .wrap, maxWidth: contentWidth), .init("Files", alignRight: true, fit: .whole),
            ],
            cells: { row in
                let interaction = row.interaction
                return [
                    dateOverTime(zone.localTime(of: zone.instant(of: interaction.date))),
                    .badge(interaction.type.displayName, PDFColor(palette.type(interaction.type))),
                    .badge(interaction.direction.displayName, PDFColor(palette.direction(interaction.direction))),
                    interaction.sentiment.map { .badge($0.displayName, PDFColor(palette.sentiment($0))) }
                        ?? .text("--", color: muted),
                    .text(interaction.displaySubject),
                    text(row.school), text(row.coach), text(row.loggedBy), text(interaction.content),
                    .text(String(interaction.attachments.count)),
                ]
            },
            summary: .fixed {
                let figures = analytics()
                return [
                    .cards([
                        PDFCard(label: "Total", value: String(figures.total), color: PDFColor(palette.card("schools"))),
                        PDFCard(
                            label: "Outbound",
                            value: String(figures.outbound),
                            color: PDFColor(palette.direction(.outbound))
                        ),
                        PDFCard(
                            label: "Inbound",
                            value: String(figures.inbound),
                            color: PDFColor(palette.direction(.inbound))
                        ),
                        PDFCard(
                            label: figures.weekLabel,
                            value: String(figures.thisWeek),
                            color: PDFColor(Palette.deepIndigo)
                        ),
                    ])
                ]
            },
            legend: interactionsLegend
        )
    }
}

extension InteractionAnalytics {
    /// The fourth figure's label: "This Week", or in a ranged export the days it counts,
    /// "Nov 16 – Nov 22" (docs/lists.md).
    package var weekLabel: String {
        guard let week else { return "This Week" }
        return ReportText.shortRange(week.lowerBound, week.upperBound)
    }
}
