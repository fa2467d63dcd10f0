import Foundation

/// Why the schools list's filters cannot run.
public enum SchoolFilterError: Error, Hashable, Sendable, CustomStringConvertible {
    case needsHomeLocation

    public var description: String { "Set a home location (--home LAT,LON) to filter by distance" }
}
