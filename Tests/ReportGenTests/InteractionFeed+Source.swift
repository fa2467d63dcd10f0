import AppStore
import ReportGen

extension InteractionFeed {
    /// A family's interactions streamed from `source`, as a single export streams them: what
    /// Batch's `InteractionFeed.database` makes (Sources/Batch/InteractionFeed+Source.swift),
    /// built here so that ReportGen's tests build no Batch. BatchTests' InteractionFeedSourceTests
    /// hold Batch's own to the loaded rows.
    static func streamed(from source: any FamilySource, familyID: String) -> InteractionFeed {
        .streamed(
            { zone, body in try source.forEachInteraction(familyID: familyID, newestFirstIn: zone, body) },
            tally: { loggedBy, zone in
                try source.tallyInteractions(familyID: familyID, loggedBy: loggedBy, zone: zone)
            }
        )
    }
}
