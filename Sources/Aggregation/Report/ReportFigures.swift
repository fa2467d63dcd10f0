/// Every figure of the recruiting report (docs/report.md §2), computed from one family's rows.
/// Breakdowns list every category in data-model order, zero counts included.
public struct ReportFigures: Hashable, Sendable {
    public struct Schools: Hashable, Sendable {
        public var total = 0
        public var byStatus: [Tally<SchoolStatus>] = []
        /// D1 … JUCO, then nil for "Unknown".
        public var byDivision: [Tally<Division?>] = []
        public var favorites = 0
    }

    public struct Coaches: Hashable, Sendable {
        public var total = 0
        public var schoolsWithCoaches = 0
        /// Coaches with at least one outbound interaction in the range.
        public var contactedCoaches = 0
        /// Of those, the coaches with at least one inbound interaction in the range.
        public var respondingCoaches = 0
        /// 0–100, or nil ("N/A") when no coach was contacted.
        public var responseRate: Double?
        /// The mean of the coaches' scores, or nil when none has one.
        public var avgResponsiveness: Double?
    }

    public struct Interactions: Hashable, Sendable {
        public var total = 0
        public var byType: [Tally<InteractionType>] = []
        /// A null sentiment counts as neutral.
        public var bySentiment: [Tally<Sentiment>] = []
        public var byDirection: [Tally<Direction>] = []
    }

    /// The summary of one metric type in the range (docs/metrics.md).
    public struct MetricSummary: Hashable, Sendable {
        public let type: String
        /// Rows of this type in the range, null values included.
        public let rows: Int
        /// Non-null values.
        public let count: Int
        public let avg: Double?
        public let min: Double?
        public let max: Double?
        /// The most frequent non-null unit; ties go to the first in code-point order.
        public let unit: String?
        /// The app's label, unit, format and direction for the type (its fallback for a key the
        /// registry lacks).
        public let definition: MetricDefinition
        /// The type of the player's headline stat (`is_primary`).
        public var primary = false
        /// The last entry in the range.
        public let latest: MetricEntry
        /// The best, the entry before the range and the change (docs/metrics.md, "Progress").
        public var progress = MetricProgress()

        /// The unit the report shows: the registry's, or the stored one for a key it lacks.
        public var shownUnit: String { definition.isRegistered ? definition.unit : unit ?? "" }

        /// A value in the app's format with the unit shown: "6.81 sec", ".312".
        public func text(_ value: Double) -> String { definition.text(value, unit: shownUnit) }
    }

    /// One metric entry as the report shows it.
    public struct MetricEntry: Hashable, Sendable {
        public let date: CivilDate
        public let value: Double?
        /// The value as shown ("6.81 sec"), or the entry's display_value when it has no number;
        /// nil when it has neither.
        public let display: String?
        public let source: String?
        public let verified: Bool
    }

    /// How a metric type moved, over every entry with a number up to the range's last day.
    public struct MetricProgress: Hashable, Sendable {
        /// The best value (lowest when lower is better), at its first occurrence.
        public var best: MetricEntry?
        /// The last entry with a number before the range.
        public var previous: MetricEntry?
        /// The last value in the range minus `previous`'s; nil when either is missing.
        public var change: Double?
        /// The change is better by the type's direction; nil when it is 0 or nil.
        public var improved: Bool?
        /// A value in the range beats every value before it (and there was one).
        public var newBest = false
        /// The best value before the range, when there was one.
        public var bestBefore: Double?

        public init() {}
    }

    public struct Metrics: Hashable, Sendable {
        /// Rows in the range, null values included.
        public var total = 0
        /// One per metric type with rows in the range: the player's headline stat first, then
        /// the sport's registry order, then the rest by label and key (docs/metrics.md).
        public var summaries: [MetricSummary] = []
    }

    /// The figures of the period before (docs/report.md §2, "Previous period").
    public struct PreviousPeriod: Hashable, Sendable {
        public let range: DateRange
        public var interactionsTotal = 0
        public var byDirection: [Tally<Direction>] = []
        public var contactedCoaches = 0
        public var respondingCoaches = 0
        public var responseRate: Double?
    }

    public let range: DateRange
    public var schools = Schools()
    public var coaches = Coaches()
    public var interactions = Interactions()
    public var metrics = Metrics()
    public var previous: PreviousPeriod

    /// True when there is nothing to report (docs/report.md §2): no schools, no coaches, and no
    /// interactions and no metrics in the range.
    public var isEmpty: Bool {
        schools.total == 0 && coaches.total == 0 && interactions.total == 0 && metrics.total == 0
    }
}
