import Aggregation
import Exporters

extension ReportPDFSeason {
    /// "Outreach sent" in "This week" (docs/next-steps.md): each message with the app's
    /// warnings; left out without `athlete_messages`.
    static func outreach(_ outreach: [SeasonChanges.Outreach]?) -> [PDFBlock] {
        guard let outreach else { return [] }
        var blocks: [PDFBlock] = [.subheading("Outreach sent")]
        guard !outreach.isEmpty else { return blocks + [.note("No outreach message sent from the app in this period")] }
        // The Coach column only when a message names one of the family's coaches.
        let coaches = outreach.contains { $0.coach != nil }
        blocks += limited(outreach) { rows in
            sized(
                [.init("Sent", fit: .whole), .init("School", fit: .wrap)]
                    + (coaches ? [.init("Coach", fit: .wrap)] : [])
                    + [.init("Subject", fit: .wrap), .init("Note", fit: .wrap)],
                rows.map { message in
                    let warnings = ReportText.outreachWarnings(message)
                    return [
                        .text(ReportText.shortRange(message.date, message.date)),
                        .text(message.school ?? "", bold: true),
                    ] + (coaches ? [.text(message.coach ?? "")] : []) + [
                        .text(message.subject ?? ""),
                        .text(warnings.joined(separator: " "), color: warnings.isEmpty ? nil : back),
                    ]
                }
            )
        }
        return blocks
    }

    /// "When coaches may contact" in "Coming up": each division of the family's schools with
    /// the day its window opens, said to be the app's configured rules.
    static func contactWindows(_ windows: [ContactWindow]?) -> [PDFBlock] {
        guard let windows else { return [] }
        var blocks: [PDFBlock] = [.subheading("When coaches may contact")]
        guard !windows.isEmpty else { return blocks + [.note("No contact rule for the divisions of your schools")] }
        blocks.append(
            sized(
                [
                    .init("Division", fit: .whole), .init("Coaches may contact", fit: .wrap),
                    .init("Schools", alignRight: true, fit: .whole), .init("Rule", fit: .wrap),
                ],
                windows.map { window in
                    [
                        .text(window.division.displayName, bold: true),
                        .text(ReportText.windowState(window), color: window.state == .opens ? back : nil),
                        .text(String(window.schools)), .text(window.note ?? ""),
                    ]
                }
            )
        )
        return blocks + [.note(ReportText.contactWindowsSource)]
    }
}
