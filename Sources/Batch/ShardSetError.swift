import Aggregation
import AppStore
import Core
import Delivery
import Exporters
import Foundation

/// Outcome files that are not the shards of one run, or not outcome files at all (exit 65).
package struct ShardSetError: ExitCoded, Sendable, CustomStringConvertible {
    package let message: String
    /// The `--job` given to summarize is not the shards' job file: its monitors are not told.
    package private(set) var isOtherJob = false
    package var exitStatus: ExitStatus { .badData }
    package init(_ message: String) { self.message = message }

    static func otherJob(_ message: String) -> ShardSetError {
        var error = ShardSetError(message)
        error.isOtherJob = true
        return error
    }
    package var description: String { message }
}
