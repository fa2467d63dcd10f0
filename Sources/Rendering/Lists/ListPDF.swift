import Aggregation
import Exporters
import Foundation
import ReportCore

/// How a list looks on paper: its columns and cells, and the blocks above the table.
/// Built and used on the thread that writes the list (not Sendable: its closures read the
/// list's running counts).
struct ListPDFSpec<Row> {
    let title: String
    let columns: [PDFTable.Column]
    let cells: (Row) -> [PDFCell]
    /// Blocks between the title and the table (a summary strip, a note).
    let summary: Summary

    enum Summary {
        /// Computed from every row: the rows are kept until the table is drawn, so only a list
        /// bounded by a family's schools or coaches may use it.
        case fromRows(([Row]) -> [PDFBlock])
        /// Computed without the rows (from figures gathered as they streamed): nothing is kept.
        case fixed(() -> [PDFBlock])
    }
}

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

    static func coaches(palette: OutputPalette) -> ListPDFSpec<CoachListRow> {
        ListPDFSpec(
            title: "Coaches",
            // Sized by content (ColumnSizing): names wrap to two lines; the e-mail over the phone
            // and the X handle over the Instagram one, each whole (they are useless cut). Handles
            // are whole up to 20 characters (X allows 15); a longer one ends in "…".
            columns: [.init("Coach", fit: .wrap), .init("Role", fit: .whole), .init("School", fit: .wrap),
                      .init("Email / Phone", fit: .whole),
                      .init("X / Instagram", fit: .whole, maxWidth: PDFTable.Column.width(forText: "IG @" + String(repeating: "m", count: 20))),
                      .init("Response", fit: .whole), .init("Last Contact", fit: .whole), .init("Contacts", alignRight: true)],
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
                    coach.responsivenessScore.map { .bar(fraction: $0 / 100, color: PDFColor(palette.responsiveness(row.level)), label: ReportText.decimal($0) + "%") }
                        ?? .text("--", color: muted),
                    row.lastContactDay.map { .text(ReportText.day($0)) } ?? .text("Never contacted", color: muted),
                    .text(String(row.interactionCount)),
                ]
            },
            summary: .fixed { [] })
    }

    /// `today` greys what is over: an expired offer, and a deadline before today.
    static func schools(home: Bool, zone: Zone, today: CivilDate, palette: OutputPalette) -> ListPDFSpec<SchoolListRow> {
        ListPDFSpec(
            title: "Schools Comparison",
            // Badges and the star are never cut; names, places and offers wrap to two lines.
            columns: [.init("★", fit: .whole), .init("School", fit: .wrap), .init("Location", fit: .wrap), .init("Division", fit: .whole),
                      .init("Status", fit: .whole), .init("Tier", fit: .whole), .init("Fit", fit: .whole), .init("Size", fit: .whole),
                      .init("Distance", alignRight: true), .init("Coaches", alignRight: true), .init("Contacts", alignRight: true),
                      .init("Offer", fit: .wrap), .init("Deadline", fit: .whole)],
            cells: { row in
                let school = row.school
                return [
                    school.isFavorite ? .text("★", color: PDFColor(0xF59E0B)) : .empty,
                    .text(school.name, bold: true),
                    text(school.location, placeholder: "Location unknown"),
                    school.division.map { .badge($0.displayName, PDFColor(palette.division($0))) } ?? .text("--", color: muted),
                    .badge(school.status.displayName, PDFColor(palette.status(school.status))),
                    school.priorityTier.map { .text($0.rawValue, bold: true) } ?? .text("--", color: muted),
                    // On paper the fit score is a whole number; csv and xlsx keep it exact.
                    school.fitScore.map { .badge(ReportText.decimal($0, places: 0), PDFColor(FitBand.color($0))) } ?? .empty,
                    row.size.map { .badge($0.displayName, PDFColor(palette.size($0))) } ?? .text("--", color: muted),
                    row.distance.map { .text(ReportText.decimal($0, places: 0) + " mi") } ?? .text("--", color: muted),
                    .text(String(row.coachCount)),
                    .text(String(row.interactionCount)),
                    row.offer.map { offer in
                        offer.status == .known(.expired) ? .text(offer.summary, color: muted) : .text(offer.summary)
                    } ?? text(nil),
                    row.offer?.deadlineDate.map { deadline in
                        let day = zone.date(of: deadline)
                        return day < today ? .text(ReportText.day(day), color: muted) : .text(ReportText.day(day))
                    } ?? text(nil),
                ]
            },
            summary: .fromRows { rows in
                let distances = rows.compactMap(\.distance)
                let average = distances.isEmpty ? "--" : ReportText.decimal(distances.reduce(0, +) / Double(distances.count), places: 0) + " mi"
                var blocks: [PDFBlock] = [.cards([
                    PDFCard(label: "Schools", value: String(rows.count), color: PDFColor(palette.card("schools"))),
                    PDFCard(label: "Favorites", value: String(rows.filter(\.school.isFavorite).count), color: PDFColor(Palette.amber)),
                    PDFCard(label: "With Offers", value: String(rows.filter { $0.offer != nil }.count), color: PDFColor(Palette.green)),
                    PDFCard(label: home ? "Average Distance" : "Average Distance (no home location)", value: average, color: PDFColor(Palette.responseRateCard)),
                ])]
                // The app's advice to use priority tiers, only to a family that uses none yet.
                if rows.count >= 30, !rows.contains(where: { $0.school.priorityTier != nil }) {
                    blocks.append(.note("You have \(rows.count) schools on your list. Consider organizing with priority tiers (A, B, C) to manage your recruiting strategy.",
                                        color: PDFColor(0x92400E)))
                }
                return blocks
            })
    }

    static func interactions(zone: Zone, palette: OutputPalette, analytics: @escaping () -> InteractionAnalytics) -> ListPDFSpec<InteractionListRow> {
        ListPDFSpec(
            title: "Interactions",
            columns: [.init("Date", fit: .whole), .init("Type", fit: .whole), .init("Direction", fit: .whole), .init("Sentiment", fit: .whole),
                      .init("Subject", fit: .wrap), .init("School", fit: .wrap), .init("Coach", fit: .wrap), .init("Logged By"),
                      .init("Files", alignRight: true)],
            cells: { row in
                let interaction = row.interaction
                return [
                    .text(ReportText.dayTime(zone.localTime(of: zone.instant(of: interaction.date)))),
                    .badge(interaction.type.displayName, PDFColor(palette.type(interaction.type))),
                    .badge(interaction.direction.displayName, PDFColor(palette.direction(interaction.direction))),
                    interaction.sentiment.map { .badge($0.displayName, PDFColor(palette.sentiment($0))) } ?? .text("--", color: muted),
                    .text(interaction.displaySubject),
                    text(row.school), text(row.coach), text(row.loggedBy),
                    .text(String(interaction.attachments.count)),
                ]
            },
            summary: .fixed {
                let figures = analytics()
                return [.cards([
                    PDFCard(label: "Total", value: String(figures.total), color: PDFColor(palette.card("schools"))),
                    PDFCard(label: "Outbound", value: String(figures.outbound), color: PDFColor(Palette.blue)),
                    PDFCard(label: "Inbound", value: String(figures.inbound), color: PDFColor(Palette.emerald)),
                    PDFCard(label: figures.weekLabel, value: String(figures.thisWeek), color: PDFColor(Palette.responseRateCard)),
                ])]
            })
    }
}

/// A pdf list being gathered: each row's cells go to a spool in the output's folder (a pdf
/// paginates with a total, so it is drawn once every row is known), and the rows themselves are
/// kept only when the spec's summary needs them. Memory does not grow with the rows.
final class PDFListOutput<Row>: TableOutput {
    let pending: AtomicFile.Pending?
    private let spec: ListPDFSpec<Row>
    private let family: FamilyUnit
    private let footer: String
    private let created: Date
    private let emptyMessage: () -> String
    private let rows: PDFRowSpool
    private var kept: [Row] = []
    private var result: PDFResult?

    init(path: String, spec: ListPDFSpec<Row>, family: FamilyUnit, footer: String, created: Date, emptyMessage: @escaping () -> String) throws {
        let pending = try AtomicFile.Pending(path: path)
        self.pending = pending
        rows = try PDFRowSpool(folder: (pending.temporaryPath as NSString).deletingLastPathComponent)
        self.spec = spec
        self.family = family
        self.footer = footer
        self.created = created
        self.emptyMessage = emptyMessage
    }

    func writeHeader(_ headers: [String]) throws {}
    func writeRow(_ cells: [Cell]) throws {}

    func add(_ row: Row) throws {
        if case .fromRows = spec.summary { kept.append(row) }
        try rows.append(spec.cells(row))
    }

    var warnings: [String] { result?.warnings ?? [] }

    func finish() throws -> WrittenFile {
        var document = PDFDocument(title: spec.title, subject: "\(spec.title) – \(family.displayName)", creator: ToolVersion.creator,
                                   created: created, footer: footer, orientation: .landscape)
        document.blocks.append(.title(spec.title, lines: [family.displayName]))
        switch spec.summary {
        case .fromRows(let summary): document.blocks.append(contentsOf: summary(kept))
        case .fixed(let summary): document.blocks.append(contentsOf: summary())
        }
        document.blocks.append(.section(spec.title))
        if rows.count == 0 {
            document.blocks.append(.note(emptyMessage(), color: PDFColor(0x374151)))
        } else {
            var table = PDFTable(columns: spec.columns, spool: rows)
            table.sizedByContent = true
            document.blocks.append(.table(table))
        }
        let path = pending?.temporaryPath ?? ""
        let rendered = try PDFRenderer.render(document, to: path)
        result = rendered
        return WrittenFile(path: pending?.path ?? "-", format: "pdf", rows: rows.count, warnings: rendered.warnings)
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
