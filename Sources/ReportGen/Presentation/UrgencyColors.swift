// How urgent a follow-up is, in colour: presentation, kept out of Aggregation.

extension ReportText.FollowUpTable.Urgency {
    /// A deadline's colour as text on white: within 3 days red, within 7 amber (amber-700, the
    /// lightest amber that reads at 4.5:1 on white); nil for one not yet pressing.
    package var color: RGBColor? {
        switch self {
        case .urgent: RGBColor(0xDC2626)
        case .soon: RGBColor(0xB45309)
        case .none: nil
        }
    }
}
