import Aggregation
import Exporters

extension ReportPDFSeason {
    /// "Coming up": the family's events and the recruiting calendar's dates of the next 14
    /// days, from today; left out when the database has neither table.
    static func comingUp(_ ahead: SeasonAhead, today: CivilDate) -> [PDFBlock] {
        guard ahead.events != nil || ahead.calendar != nil || ahead.contactWindows != nil else { return [] }
        var blocks: [PDFBlock] = [
            .section("Coming up"), .note("The next \(SeasonAhead.days) days, from \(ReportText.day(today))"),
        ]
        if let events = ahead.events {
            blocks.append(.subheading("Events"))
            blocks +=
                events.isEmpty
                ? [.note("No camps, showcases, visits or games in the next \(SeasonAhead.days) days")]
                : limited(events) { eventTable($0, today: today) }
        }
        if let calendar = ahead.calendar {
            blocks.append(.subheading("Recruiting calendar"))
            blocks +=
                calendar.isEmpty
                ? [.note("No recruiting calendar dates for your divisions in the next \(SeasonAhead.days) days")]
                : limited(calendar, table: calendarTable)
        }
        blocks += contactWindows(ahead.contactWindows)
        var missing: [String] = []
        if ahead.events == nil { missing.append("events") }
        if ahead.calendar == nil { missing.append("the recruiting calendar") }
        if !missing.isEmpty {
            blocks.append(.note("Not recorded in this database: " + missing.joined(separator: ", ")))
        }
        return blocks
    }

    private static func days(_ first: CivilDate, _ last: CivilDate?) -> String {
        ReportText.shortRange(first, last.map { max($0, first) } ?? first)
    }

    private static func eventTable(_ rows: [SeasonAhead.Event], today: CivilDate) -> PDFBlock {
        sized(
            [
                .init("When", fit: .wrap), .init("Event", fit: .wrap), .init("Type", fit: .whole),
                .init("School", fit: .wrap), .init("Place", fit: .wrap),
                .init("Registered", fit: .whole), .init("Days", alignRight: true, fit: .whole),
            ],
            rows.map { event in
                let when = days(event.start, event.end) + (event.time.map { ", \($0)" } ?? "")
                let away =
                    event.daysAway == 0
                    ? (event.start < today ? "going on" : "today")
                    : event.daysAway == 1 ? "tomorrow" : "in \(event.daysAway) days"
                return [
                    .text(when), .text(event.name, bold: true), .text(event.type.displayName),
                    .text(event.school ?? ""),
                    .text(event.place ?? ""), .text(event.registered ? "Yes" : "No"), .text(away),
                ]
            }
        )
    }

    private static func calendarTable(_ rows: [SeasonAhead.CalendarItem]) -> PDFBlock {
        sized(
            [
                .init("Dates", fit: .whole), .init("What", fit: .wrap), .init("Kind", fit: .whole), .init("Division"),
                .init("Sport"),
            ],
            rows.map { item in
                [
                    .text(days(item.start, item.end)), .text(item.label, bold: true), .text(item.category.displayName),
                    .text(item.division?.displayName ?? "All"), .text(item.sport ?? "All"),
                ]
            }
        )
    }
}
