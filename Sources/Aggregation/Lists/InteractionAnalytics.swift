/// The analytics cards of the interactions list, from the filtered rows.
public struct InteractionAnalytics: Hashable, Sendable {
    public private(set) var total = 0
    public private(set) var outbound = 0
    public private(set) var inbound = 0
    /// Dated within the last 7 days, today included; in an export limited to a range, within
    /// the last 7 days of that range (`week`).
    public private(set) var thisWeek = 0
    /// The days `thisWeek` counts when they are not simply the last 7 ending today: the last
    /// 7 days of the export's range, so that the file never contradicts its own dates.
    public let week: ClosedRange<CivilDate>?
    let weekStart: Instant
    let weekEnd: Instant?
    let zone: Zone

    /// `range` is the days the export is limited to (a preset, `--from/--to`, `--days`), or nil.
    public init(today: CivilDate, zone: Zone, range: ClosedRange<CivilDate>? = nil) {
        if let range {
            let first = max(range.lowerBound, range.upperBound.adding(days: -6))
            week = first...range.upperBound
            weekStart = zone.startOfDay(first)
            weekEnd = zone.startOfDay(range.upperBound.adding(days: 1))
        } else {
            week = nil
            weekStart = zone.startOfDay(today.adding(days: -6))
            weekEnd = nil
        }
        self.zone = zone
    }

    public mutating func add(_ interaction: Interaction) {
        total += 1
        switch interaction.direction {
        case .outbound: outbound += 1
        case .inbound: inbound += 1
        }
        let instant = zone.instant(of: interaction.date)
        if instant >= weekStart, weekEnd.map({ instant < $0 }) ?? true { thisWeek += 1 }
    }
}
