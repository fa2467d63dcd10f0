import Aggregation

/// Where a family's interactions come from for a list: rows already loaded (a batch reads
/// each family once), or the database, streamed one row at a time (a large single export).
public enum InteractionFeed: Sendable {
    case loaded([Interaction])
    case database(SQLiteSource, familyID: String)

    /// Calls `body` for each interaction, newest first in `zone` (then by id) when a zone
    /// is given, else in any order.
    public func forEach(newestFirstIn zone: Zone?, _ body: (Interaction) throws -> Void) throws {
        switch self {
        case .loaded(let interactions):
            if let zone {
                for interaction in interactions.sorted(by: { InteractionFilters.precedes($0, $1, zone: zone) }) { try body(interaction) }
            } else {
                for interaction in interactions { try body(interaction) }
            }
        case .database(let source, let familyID):
            try source.forEachInteraction(familyID: familyID, newestFirstIn: zone, body)
        }
    }
}
