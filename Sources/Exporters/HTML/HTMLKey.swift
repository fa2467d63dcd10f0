/// The keys of an html page's data, as its templates name them (Templates/README.md, "The
/// pages' data"). A template's name that is none of these finds nothing, as a key the data
/// does not hold.
public enum HTMLKey: String, CaseIterable, Sendable {
    case lang, generator, title, lines, cards, notes, sections, footer, heading, legend, empty, count, caption
    case columns, rows, label, value, note, change, style, text, muted, tone, id, parts, subheading, table
    case chart, details, num, cells, head, strong, href, badge, meter, mark, svg, numbers, values
    case pageTitle = "page_title"
    case hasCards = "has_cards"
    case pairOpen = "pair_open"
    case colBreak = "col_break"
    case pairClose = "pair_close"
    case cardList = "card_list"
    case meterStyle = "meter_style"
    case markLabel = "mark_label"
    case markStyle = "mark_style"
    case titleHeading = "title_heading"
    case numbersLabel = "numbers_label"
}
