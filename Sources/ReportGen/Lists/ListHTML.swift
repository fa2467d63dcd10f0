import Aggregation
import Core
import Exporters
import Foundation

/// What the html pages of the lists share (HTMLListOutput writes them).
enum ListHTML {
    /// The schools' first column, the favourite star (ListPDF.schools): on a page it goes before
    /// the school's name, so that the column kept in view as the table scrolls is the name.
    static let starColumn = "★"

    /// A list page's data (Templates/README.md, "The pages' data"), every text cleaned to show.
    static func context(
        title: String,
        lines: [String],
        cards: [HTMLValue],
        notes: [HTMLValue],
        heading: String,
        legend: String?,
        empty: String?,
        count: String,
        caption: String,
        columns: [HTMLValue],
        footer: String
    ) -> HTMLItem {
        [
            .lang: "en", .generator: .text(ToolVersion.creator), .title: .text(HTMLText.shown(title)),
            .pageTitle: .text(HTMLText.shown(caption)), .lines: .list(lines.map { .text(HTMLText.shown($0)) }),
            .cards: .list(cards), .hasCards: .flag(!cards.isEmpty), .notes: .list(notes),
            .heading: .text(HTMLText.shown(heading)), .legend: .text(or: legend.map(HTMLText.shown)),
            .empty: .text(or: empty.map(HTMLText.shown)), .count: .text(count),
            .caption: .text(HTMLText.shown(caption)),
            .columns: .list(columns), .footer: .text(HTMLText.shown(footer)),
        ]
    }
}

extension ListKind {
    /// One row's noun: "coach", "school", "interaction".
    var singular: String {
        switch self {
        case .coaches: "coach"
        case .schools: "school"
        case .interactions: "interaction"
        }
    }
}
