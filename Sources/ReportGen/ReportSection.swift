/// The sections of the report, in the order the pdf and the Summary sheet show them.
package enum ReportSection: String, CaseIterable, Sendable {
    case followUps = "follow_ups"
    case schoolsByStatus = "schools_by_status"
    case schoolsByDivision = "schools_by_division"
    case interactionsByType = "interactions_by_type"
    case interactionsBySentiment = "interactions_by_sentiment"
    case interactionsByDirection = "interactions_by_direction"
    case metricSummaries = "metric_summaries"
    case previousPeriod = "previous_period"

    package var defaultTitle: String {
        switch self {
        case .followUps: "Follow-ups"
        case .schoolsByStatus: "Schools by Status"
        case .schoolsByDivision: "Schools by Division"
        case .interactionsByType: "Interactions by Type"
        case .interactionsBySentiment: "Interactions by Sentiment"
        case .interactionsByDirection: "Interactions by Direction"
        case .metricSummaries: "Metric Summaries"
        case .previousPeriod: "Previous Period"
        }
    }
}
