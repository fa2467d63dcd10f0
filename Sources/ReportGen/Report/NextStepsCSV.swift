import Aggregation
import Exporters

/// The csv rows of the app's newer to-dos, metric progress and contact windows
/// (docs/next-steps.md, "In the csv"): each after the rows of the part it belongs to, none
/// for a part whose table is missing.
enum NextStepsCSV {
    typealias Add = (_ measure: String, _ category: String, _ value: Cell, _ unit: String?) -> Void

    /// After a metric type's `max` row: `best`, `previous` (empty when none), `change`, then
    /// `improved` and `new_best` as 1, 0 or empty.
    static func progress(_ summary: ReportFigures.MetricSummary, add: Add) {
        let progress = summary.progress
        add("best", summary.type, .number(progress.best?.value), summary.unit)
        add("previous", summary.type, .number(progress.previous?.value), summary.unit)
        add("change", summary.type, .number(progress.change), summary.unit)
        add("improved", summary.type, .integer(progress.improved.map { $0 ? 1 : 0 }), nil)
        add("new_best", summary.type, .integer(progress.newBest ? 1 : 0), nil)
    }

    /// After the other follow-ups: a row per broken video, letter due and questionnaire.
    static func followUps(_ followUps: FollowUps, add: Add) {
        for video in followUps.brokenVideos ?? [] {
            add("broken_video", ReportText.videoName(video), .text(video.platform), nil)
        }
        for letter in followUps.letters ?? [] { add("letter", letter.writer, .integer(letter.daysLeft), "days") }
        for school in followUps.questionnaires ?? [] {
            add("questionnaire", school.school, .text(school.status.rawValue), nil)
        }
    }

    /// After the profile views: a row per message sent in the range (its day), each followed by
    /// its warnings: `outreach_soon_after` (days since the last message to the school) and
    /// `outreach_repeated` (messages already sent to it).
    static func outreach(_ outreach: [SeasonChanges.Outreach]?, add: Add) {
        for message in outreach ?? [] {
            let school = message.school ?? ""
            add("outreach", school, .text(message.date.description), nil)
            if let days = message.daysSincePrevious { add("outreach_soon_after", school, .integer(days), "days") }
            if let before = message.sentBefore { add("outreach_repeated", school, .integer(before), nil) }
        }
    }

    /// After the calendar: a row per division, its opening day (empty when none) and its state.
    static func contactWindows(_ windows: [ContactWindow]?, add: Add) {
        for window in windows ?? [] {
            add("contact_window", window.division.rawValue, .text(window.opensOn?.description), window.state.rawValue)
        }
    }
}
