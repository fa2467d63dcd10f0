import Aggregation
import Exporters

/// The season on paper (docs/season.md §6, "pdf"): "This week" and "Coming up" after the
/// cards, and "The season" page of three line charts from the twelve weeks. A part whose
/// table the database does not have is named in one line ("Not recorded in this database:
/// …"); "Coming up" is left out when neither of its tables is there (docs/outputs.md). The
/// family's reminders and deadlines are personal and never come here (season.md §4).
package enum ReportPDFSeason {
    /// The most rows a list of these sections (and the follow-ups) shows; a line under it counts
    /// the rest. The html page asks for every row (ReportHTML), and folds those past 10 itself.
    @TaskLocal static var listLimit = 10
    /// The text colours of a move ("Forward" and "First reply" share the green), on white and
    /// on a table's stripe.
    package static let forward = PDFColor(0x047857), back = PDFColor(0xB45309), out = PDFColor(0xB91C1C)

    static func thisWeek(_ run: ReportRun) -> [PDFBlock] {
        let changes = run.changes
        var blocks: [PDFBlock] = [.section("This week"), .note(movedLine(changes.moved), color: .text)]
        if let statusChanges = changes.statusChanges, !statusChanges.isEmpty {
            blocks += [.subheading("Status changes")] + limited(statusChanges, table: statusTable)
        }
        blocks.append(.subheading("Coaches who wrote"))
        if changes.coachesWhoWrote.isEmpty {
            blocks.append(.note("No coach on your list wrote in this period"))
        } else {
            blocks += limited(changes.coachesWhoWrote, table: coachTable)
        }
        if changes.otherInbound > 0 {
            blocks.append(
                .note(
                    "and \(changes.otherInbound) inbound \(changes.otherInbound == 1 ? "interaction" : "interactions") from no coach on your list"
                )
            )
        }
        blocks += newSchoolsAndOffers(changes)
        blocks += outreach(changes.outreach)
        if let views = changes.profileViews { blocks += profileViews(views) }
        // (The moved line already says when status changes are not recorded.)
        if changes.profileViews == nil { blocks.append(.note("Not recorded in this database: profile views")) }
        return blocks
    }

    /// "2 schools moved forward, 1 moved back and 1 dropped out"; "No school changed status".
    static func movedLine(_ moved: SeasonChanges.Moved?) -> String {
        guard let moved else { return "Status changes are not recorded in this database" }
        let counts = [(moved.forward, "moved forward"), (moved.back, "moved back"), (moved.out, "dropped out")].filter {
            $0.0 > 0
        }
        // The first count with its noun: "1 school moved back and 2 dropped out".
        var parts = counts.enumerated().map { index, part in
            index == 0 ? "\(part.0) \(part.0 == 1 ? "school" : "schools") \(part.1)" : "\(part.0) \(part.1)"
        }
        guard let last = parts.popLast() else { return "No school moved forward, back or out in this period" }
        return parts.isEmpty ? last : parts.joined(separator: ", ") + " and " + last
    }

    /// The first rows of a list as a table, and a line counting the rest.
    static func limited<Row>(_ rows: [Row], table: ([Row]) -> PDFBlock) -> [PDFBlock] {
        var blocks = [table(Array(rows.prefix(listLimit)))]
        if rows.count > listLimit { blocks.append(.note("and \(rows.count - listLimit) more")) }
        return blocks
    }

    static func sized(_ columns: [PDFTable.Column], _ rows: [[PDFCell]]) -> PDFBlock {
        var table = PDFTable(columns: columns, rows: rows)
        table.sizedByContent = true
        // Measured, not estimated: by the estimate "tomorrow" in the events' Days column ended in "…".
        table.measuresContent = true
        return .table(table)
    }

    private static func short(_ day: CivilDate) -> String { ReportText.shortRange(day, day) }

    private static func statusTable(_ rows: [SeasonChanges.StatusChange]) -> PDFBlock {
        sized(
            [
                .init("Date", fit: .whole), .init("School", fit: .wrap), .init("From", fit: .wrap),
                .init("To", fit: .wrap), .init("Move", fit: .whole),
                .init("By", fit: .wrap),
            ],
            rows.map { change in
                let move: PDFCell =
                    switch change.direction {
                    case .forward: .text("Forward", color: forward, bold: true)
                    case .back: .text("Back", color: back, bold: true)
                    case .out: .text("Out", color: out, bold: true)
                    case .same: .text("Same stage")
                    }
                return [
                    .text(short(change.date)), .text(change.school, bold: true), .text(change.from?.displayName ?? "–"),
                    .text(change.to.displayName), move, .text(change.by ?? ""),
                ]
            }
        )
    }

    private static func coachTable(_ rows: [SeasonChanges.CoachWrote]) -> PDFBlock {
        sized(
            [
                .init("Coach", fit: .wrap), .init("School", fit: .wrap),
                .init("Inbound", alignRight: true, fit: .whole), .init("Latest", fit: .whole),
                .init("Reply", fit: .whole),
            ],
            rows.map { coach in
                [
                    .text(coach.coach, bold: true), .text(coach.school), .text(String(coach.inbound)),
                    .text(short(coach.last)),
                    coach.firstTime ? .text("First reply", color: forward, bold: true) : .empty,
                ]
            }
        )
    }

    private static func newSchoolsAndOffers(_ changes: SeasonChanges) -> [PDFBlock] {
        var blocks: [PDFBlock] = [.subheading("New schools and offers")]
        if changes.newSchools.isEmpty && changes.newOffers.isEmpty {
            return blocks + [.note("No school added and no offer in this period")]
        }
        if !changes.newSchools.isEmpty {
            blocks += limited(changes.newSchools) { rows in
                sized(
                    [.init("New school", fit: .wrap), .init("Status"), .init("Division")],
                    rows.map {
                        [
                            .text($0.school, bold: true), .text($0.status.displayName),
                            .text($0.division?.displayName ?? Division.unknownLabel),
                        ]
                    }
                )
            }
        }
        if !changes.newOffers.isEmpty {
            blocks += limited(changes.newOffers) { rows in
                sized(
                    [.init("New offer", fit: .wrap), .init("Offer"), .init("Date"), .init("Deadline")],
                    rows.map {
                        [
                            .text($0.school, bold: true), .text($0.offerType.displayName),
                            .text(ReportText.day($0.date)),
                            .text($0.deadline.map(ReportText.day) ?? "none"),
                        ]
                    }
                )
            }
        }
        return blocks
    }

    private static func profileViews(_ views: SeasonChanges.ProfileViews) -> [PDFBlock] {
        var blocks: [PDFBlock] = [.subheading("Profile views")]
        guard views.total > 0 else { return blocks + [.note("No one viewed the profile in this period")] }
        let byCoaches = views.total - views.other
        blocks.append(
            .note(
                "\(views.total) \(views.total == 1 ? "view" : "views") of the profile, \(byCoaches) by coaches on your list"
                    + (views.other > 0 ? " and \(views.other) by others" : ""),
                color: .text
            )
        )
        if !views.byCoach.isEmpty {
            blocks += limited(views.byCoach) { rows in
                sized(
                    [
                        .init("Coach", fit: .wrap), .init("School", fit: .wrap), .init("Views", alignRight: true),
                        .init("Last viewed"),
                    ],
                    rows.map {
                        [
                            .text($0.coach, bold: true), .text($0.school), .text(String($0.views)),
                            .text(short($0.lastViewed)),
                        ]
                    }
                )
            }
        }
        return blocks
    }
}
