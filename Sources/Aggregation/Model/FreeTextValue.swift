/// A column the app stores as free text, with a list of values it knows.
///
/// A known raw string gets its display name; any other string is kept and shown exactly as
/// stored, never treated as bad input (docs/data-model.md: `offers.offer_type`, `offers.status`).
public enum FreeTextValue<Known: DomainEnum>: Hashable, Sendable {
    case known(Known)
    case other(String)

    /// The known case for `raw` when there is one, else the text as stored.
    public init(raw: String) {
        if let known = Known.decode(raw) {
            self = .known(known)
        } else {
            self = .other(raw)
        }
    }

    /// The known value's display name, or the stored text.
    public var displayName: String {
        switch self {
        case .known(let value): value.displayName
        case .other(let text): text
        }
    }

    /// The string as the database holds it.
    public var rawValue: String {
        switch self {
        case .known(let value): value.rawValue
        case .other(let text): text
        }
    }

    /// The known case, or nil for free text.
    public var knownValue: Known? {
        if case .known(let value) = self { return value }
        return nil
    }
}
