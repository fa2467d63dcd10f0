/// Why a timestamp could not be read.
public enum TimestampError: Error, Hashable, Sendable, CustomStringConvertible {
    case malformed(String)
    case missingOffset(String)

    public var description: String {
        switch self {
        case .malformed(let text):
            "'\(text)' is not a timestamp (expected ISO 8601, e.g. 2026-02-08T12:00:00Z, or a date 2026-02-08)"
        case .missingOffset(let text):
            "'\(text)' has no UTC offset (add Z or an offset such as +00:00)"
        }
    }
}
