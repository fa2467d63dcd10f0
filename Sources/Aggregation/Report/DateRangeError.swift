/// Why a date range is not valid.
public enum DateRangeError: Error, Hashable, Sendable, CustomStringConvertible {
    case endBeforeStart

    public var description: String {
        switch self {
        case .endBeforeStart: "End date must be after start date"
        }
    }
}
