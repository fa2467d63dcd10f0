import Aggregation
import Core

/// Which of a family's interactions' columns a read makes into values: the plan of columns of
/// docs/internals.md. Every value of every row read is checked whichever it is.
package enum InteractionColumns: Sendable {
    /// None: the interactions are streamed (`forEachInteraction`) or counted
    /// (`tallyInteractions`) later, or not needed.
    case none
    /// What the report, the recap and the coaches and schools lists read of them: id, school,
    /// coach, type, direction, sentiment, who logged it and its date. The subject, content,
    /// attachments and stored timestamps are checked where SQLite holds them and not kept.
    case figures
    /// Every column: an interactions list shows them.
    case all
}
