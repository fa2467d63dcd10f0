import Aggregation
import Core

/// Row counts of one family, for `report-batch families`; its family has no `fileSlug`.
package struct FamilyCounts: Sendable {
    package let family: FamilyUnit
    package let members: Int
    package let schools: Int
    package let coaches: Int
    package let interactions: Int
    package let metrics: Int
    package let offers: Int
}
