import Aggregation
import AppStore
import Foundation
import GRDB
import SeededRandom

/// What the season's writer needs of a family the demo wrote: its ids and its schools and
/// coaches, recorded without a random draw.
struct DemoFamilyRecord {
    struct School {
        let id: String
        let name: String
        let status: SchoolStatus
        let created: CivilDate
        let city: String
        let state: String
    }

    let familyID: String
    let zone: Zone
    /// The player first, then the parents.
    let members: [String]
    var schools: [School] = []
    var coaches: [String] = []
    let large: Bool
    /// The family's schools store the statuses of before August 2026 (DemoWriter.olderSpelling).
    var olderSnapshot = false
}
