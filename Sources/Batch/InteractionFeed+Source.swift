import AppStore
import ReportGen

extension InteractionFeed {
    /// A family's interactions streamed from a source, one row at a time (a large single export).
    package static func database(_ source: any FamilySource, familyID: String) -> InteractionFeed {
        .streamed(
            { zone, body in try source.forEachInteraction(familyID: familyID, newestFirstIn: zone, body) },
            tally: { loggedBy, zone in try source.tallyInteractions(familyID: familyID, loggedBy: loggedBy, zone: zone)
            }
        )
    }
}
