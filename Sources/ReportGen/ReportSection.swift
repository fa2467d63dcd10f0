/// The sections of the report. Their order and headings are a template's (Templates/report.yaml).
package enum ReportSection: String, CaseIterable, Sendable {
    case followUps = "follow_ups"
    case schoolsByStatus = "schools_by_status"
    case schoolsByDivision = "schools_by_division"
    case interactionsByType = "interactions_by_type"
    case interactionsBySentiment = "interactions_by_sentiment"
    case interactionsByDirection = "interactions_by_direction"
    case metricSummaries = "metric_summaries"
    case previousPeriod = "previous_period"
}
