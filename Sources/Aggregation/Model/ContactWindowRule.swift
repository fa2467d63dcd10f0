/// One of the app's rules of when college coaches may contact an athlete
/// (`contact_window_rules`: one row per sport and division, `*` for any sport).
public struct ContactWindowRule: Hashable, Sendable, Identifiable {
    public let id: String
    /// Lower-case sport name, or `*`.
    public var sport: String
    public var division: Division
    public var kind: ContactRuleKind
    /// `freshman`, `sophomore`, `junior`, `senior`; kept as stored (one that does not read
    /// makes the window's date unknown, not the row bad).
    public var reference: String?
    /// "Aug 1", "Sept 1", "Jun 15"; kept as stored, like `reference`.
    public var windowDate: String?
    public var notes: String?

    public init(id: String, sport: String, division: Division, kind: ContactRuleKind) {
        self.id = id
        self.sport = sport
        self.division = division
        self.kind = kind
    }
}
