import Aggregation
import Exporters

/// The Season sheet's lists (docs/season.md §2–3): what the range changed, then what the next
/// 14 days hold, each a small table with display names, or a line saying it is empty or that
/// the database has no such table.
struct SeasonLists {
    let run: ReportRun
    let sheet: XLSXSheet

    func write(from row: inout Int) throws {
        let changes = run.changes
        try heading("This period: \(ReportText.rangeText(run.range))", &row)
        if let moved = changes.moved { try line(Self.movedWords(moved), &row) }
        try table(
            "Status changes",
            ["Date", "School", "From", "To", "Direction", "By", "Note"],
            changes.statusChanges.map { list in
                list.map { change in
                    [
                        SeasonSheet.date(change.date), .text(change.school), .text(change.from?.displayName ?? "New"),
                        .text(change.to.displayName),
                        .text(Self.directionName(change.direction)), .text(change.by), .text(change.note),
                    ]
                }
            },
            empty: "No school changed status in this period",
            missing: "school status history",
            &row
        )
        try table(
            "Coaches who wrote",
            ["Coach", "School", "Inbound", "Last", "First reply"],
            changes.coachesWhoWrote.map {
                [
                    .text($0.coach), .text($0.school), .integer($0.inbound), SeasonSheet.date($0.last),
                    .bool($0.firstTime),
                ]
            },
            empty: "No coach of yours wrote in this period",
            &row
        )
        if changes.otherInbound > 0 {
            try line(
                "\(changes.otherInbound) other inbound \(changes.otherInbound == 1 ? "interaction" : "interactions") named no coach of yours",
                &row
            )
        }
        try table(
            "New schools",
            ["School", "Status", "Division"],
            changes.newSchools.map {
                [.text($0.school), .text($0.status.displayName), .text($0.division?.displayName)]
            },
            empty: "No school added in this period",
            &row
        )
        try table(
            "New offers",
            ["School", "Offer", "Date", "Deadline"],
            changes.newOffers.map {
                [
                    .text($0.school), .text($0.offerType.displayName), SeasonSheet.date($0.date),
                    $0.deadline.map(SeasonSheet.date) ?? .empty,
                ]
            },
            empty: "No offer in this period",
            &row
        )
        try profileViews(&row)
        try outreach(&row)
        try comingUp(&row)
    }

    /// The outreach sent in the period with the app's warnings (docs/next-steps.md); nothing
    /// without the table.
    private func outreach(_ row: inout Int) throws {
        guard let outreach = run.changes.outreach else { return }
        try table(
            "Outreach sent",
            ["Sent", "School", "Coach", "Channel", "Subject", "Note"],
            outreach.map {
                [
                    SeasonSheet.date($0.date), .text($0.school), .text($0.coach), .text($0.channel), .text($0.subject),
                    .text(ReportText.outreachWarnings($0).joined(separator: " ")),
                ]
            },
            empty: "No outreach message sent from the app in this period",
            &row
        )
    }

    /// When coaches may contact the athlete, by division; nothing without the rules' table.
    private func contactWindows(_ row: inout Int) throws {
        guard let windows = run.ahead.contactWindows else { return }
        try table(
            "When coaches may contact (\(ReportText.contactWindowsSource))",
            ["Division", "Coaches may contact", "Opens on", "Schools", "Rule"],
            windows.map {
                [
                    .text($0.division.displayName), .text(ReportText.windowState($0)),
                    $0.opensOn.map(SeasonSheet.date) ?? .empty, .integer($0.schools), .text($0.note),
                ]
            },
            empty: "No contact rule for the divisions of your schools",
            &row
        )
    }

    private func profileViews(_ row: inout Int) throws {
        guard let views = run.changes.profileViews else {
            return try table("Profile views", [], nil, empty: "", missing: "profile views", &row)
        }
        let byCoaches = views.byCoach.map(\.views).reduce(0, +)
        try table(
            "Profile views: \(views.total) in this period, \(byCoaches) by coaches of yours, \(views.other) by others",
            ["Coach", "School", "Views", "Last viewed"],
            views.byCoach.map {
                [.text($0.coach), .text($0.school), .integer($0.views), SeasonSheet.date($0.lastViewed)]
            },
            empty: "No coach of yours viewed the profile in this period",
            &row
        )
    }

    private func comingUp(_ row: inout Int) throws {
        let ahead = run.ahead
        try heading(
            "Coming up: \(ReportText.day(run.today)) – \(ReportText.day(run.today.adding(days: SeasonAhead.days)))",
            &row
        )
        try table(
            "Events",
            ["Start", "End", "Time", "Type", "Name", "School", "Place", "Registered", "Days away"],
            ahead.events.map { list in
                list.map { event in
                    [
                        SeasonSheet.date(event.start), event.end.map(SeasonSheet.date) ?? .empty, .text(event.time),
                        .text(event.type.displayName),
                        .text(event.name), .text(event.school), .text(event.place), .bool(event.registered),
                        .integer(event.daysAway),
                    ]
                }
            },
            empty: "No events in the next \(SeasonAhead.days) days",
            missing: "events",
            &row
        )
        try table(
            "Recruiting calendar",
            ["Label", "Category", "Start", "End", "Division", "Sport"],
            ahead.calendar.map { list in
                list.map { item in
                    [
                        .text(item.label), .text(item.category.displayName), SeasonSheet.date(item.start),
                        SeasonSheet.date(item.end),
                        .text(item.division?.displayName), .text(item.sport),
                    ]
                }
            },
            empty: "No calendar period in the next \(SeasonAhead.days) days applies to you",
            missing: "the recruiting calendar",
            &row
        )
        try contactWindows(&row)
    }

    /// "2 schools moved forward, 1 moved back, 1 dropped out", or "No school moved".
    static func movedWords(_ moved: SeasonChanges.Moved) -> String {
        func schools(_ count: Int) -> String { "\(count) \(count == 1 ? "school" : "schools")" }
        var parts: [String] = []
        if moved.forward > 0 { parts.append("\(schools(moved.forward)) moved forward") }
        if moved.back > 0 { parts.append("\(parts.isEmpty ? schools(moved.back) : String(moved.back)) moved back") }
        if moved.out > 0 { parts.append("\(parts.isEmpty ? schools(moved.out) : String(moved.out)) dropped out") }
        return parts.isEmpty ? "No school moved forward, back or out" : parts.joined(separator: ", ")
    }

    static func directionName(_ direction: SeasonChanges.Direction) -> String {
        switch direction {
        case .forward: "Forward"
        case .back: "Back"
        case .out: "Out"
        case .same: "Same stage"
        }
    }

    private func heading(_ text: String, _ row: inout Int) throws {
        try sheet.write(.text(text), row: row, column: 0, style: .custom(XLSXStyle(bold: true, size: 13)))
        row += 1
    }

    private func line(_ text: String, _ row: inout Int) throws {
        try sheet.write(.text(text), row: row, column: 0)
        row += 1
    }

    /// A titled table; nil rows say the database lacks the table (`missing`), no rows say `empty`.
    private func table(
        _ title: String,
        _ headers: [String],
        _ rows: [[Cell]]?,
        empty: String,
        missing: String = "",
        _ row: inout Int
    ) throws {
        try sheet.write(.text(title), row: row, column: 0, style: .subtitle)
        guard let rows, !rows.isEmpty else {
            let text = rows == nil ? "Not in this database (it has no \(missing) table)" : empty
            try sheet.write(.text(text), row: row + 1, column: 0, style: .note)
            row += 3
            return
        }
        for (column, header) in headers.enumerated() {
            try sheet.write(.text(header), row: row + 1, column: column, style: .header)
        }
        for (offset, cells) in rows.enumerated() { try sheet.writeRow(cells, row: row + 2 + offset) }
        row += rows.count + 3
    }
}
