import Aggregation
import AppStore
import Core
import Foundation
import GRDB
import SeededRandom

/// Row counts of a demo database.
package struct DemoSummary: Sendable, CustomStringConvertible {
    package var families = 0, users = 0, schools = 0, coaches = 0, interactions = 0, metrics = 0, offers = 0

    package var description: String {
        "\(families) families, \(users) users, \(schools) schools, \(coaches) coaches, "
            + "\(interactions) interactions, \(metrics) metrics, \(offers) offers"
    }
}
