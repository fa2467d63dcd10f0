import Aggregation

/// Where a family's interactions come from for a list: rows already loaded (a batch reads
/// each family once), or the database, streamed one row at a time (a large single export).
package enum InteractionFeed: Sendable {
    case loaded([Interaction])
    /// Rows read as they are needed: the source calls the body for each, newest first in the
    /// zone when one is given (`FamilySource.forEachInteraction`, AppStore/FamilySource.swift),
    /// and counts them for the coaches and schools lists itself, reading only what the
    /// counts need (`FamilySource.tallyInteractions`).
    case streamed(
        @Sendable (_ zone: Zone?, _ body: (Interaction) throws -> Void) throws -> Void,
        tally: @Sendable (_ loggedBy: String?, _ zone: Zone) throws -> InteractionTally
    )

    /// The interactions `viewer` sees, counted per coach and per school, with the latest of each.
    package func tally(viewer: Viewer, zone: Zone) throws -> InteractionTally {
        switch self {
        case .loaded(let interactions):
            var tally = InteractionTally(zone: zone)
            for interaction in interactions where viewer.sees(interaction) { tally.add(interaction) }
            return tally
        case .streamed(_, let count):
            return try count(viewer.seesOnlyLoggedBy, zone)
        }
    }

    /// Calls `body` for each interaction, newest first in `zone` (then by id) when a zone
    /// is given, else in any order.
    package func forEach(newestFirstIn zone: Zone?, _ body: (Interaction) throws -> Void) throws {
        switch self {
        case .loaded(let interactions):
            if let zone {
                // Sorts small keys (instant, position) rather than the rows themselves; ties on
                // the instant fall back to the rows' ids, as `InteractionFilters.precedes` does.
                let keys = interactions.indices.map { (instant: zone.instant(of: interactions[$0].date), index: $0) }
                let order = keys.sorted { a, b in
                    if a.instant != b.instant { return a.instant > b.instant }
                    return CodePoint.less(interactions[a.index].id, interactions[b.index].id)
                }
                for key in order { try body(interactions[key.index]) }
            } else {
                for interaction in interactions { try body(interaction) }
            }
        case .streamed(let read, _):
            try read(zone, body)
        }
    }
}
