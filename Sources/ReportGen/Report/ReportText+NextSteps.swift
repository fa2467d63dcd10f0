import Aggregation
import Exporters

/// The words of the app's newer to-dos, progress and contact windows (docs/next-steps.md),
/// shared by every format.
extension ReportText {
    /// The follow-up lists of the app's newer tables, each only where its table is there:
    /// broken videos (as urgent as the app treats them), letters due, questionnaires.
    static func nextStepTables(_ followUps: FollowUps) -> [FollowUpTable] {
        func date(_ day: CivilDate) -> Cell { .date(ExportDate(year: day.year, month: day.month, day: day.day)) }
        var tables: [FollowUpTable] = []
        if let videos = followUps.brokenVideos {
            tables.append(
                FollowUpTable(
                    heading: "Highlight videos whose link is broken",
                    columns: ["Video", "Platform", "Link"],
                    rows: videos.map { [.text(videoName($0)), .text(platformName($0.platform)), .text("Broken")] },
                    urgency: videos.map { _ in .urgent },
                    empty: "Every highlight video's link plays, as the app last checked"
                )
            )
        }
        if let letters = followUps.letters {
            tables.append(
                FollowUpTable(
                    heading: "Recommendation letters due or overdue in the next \(FollowUps.deadlineDays) days",
                    columns: ["Writer", "Status", "Due", "Days left"],
                    rows: letters.map {
                        [.text($0.writer), .text($0.status.displayName), date($0.due), .integer($0.daysLeft)]
                    },
                    urgency: letters.map { $0.daysLeft <= 3 ? .urgent : $0.daysLeft <= 7 ? .soon : .none },
                    empty: "No recommendation letter is due in the next \(FollowUps.deadlineDays) days"
                )
            )
        }
        if let questionnaires = followUps.questionnaires {
            tables.append(
                FollowUpTable(
                    heading: "Recruiting questionnaires to fill in",
                    columns: ["School", "Status", "Questionnaire"],
                    rows: questionnaires.map {
                        [.text($0.school), .text($0.status.displayName), .text("Not filled in")]
                    },
                    urgency: questionnaires.map { _ in .none },
                    empty: "Every school you are in touch with has its questionnaire filled in"
                )
            )
        }
        return tables
    }

    /// A video by its title, else "Untitled video".
    package static func videoName(_ video: FollowUps.BrokenVideo) -> String {
        video.title.flatMap { $0.allSatisfy(\.isWhitespace) ? nil : $0 } ?? "Untitled video"
    }

    /// A video site by its name ("YouTube"), any other as stored.
    package static func platformName(_ platform: String) -> String {
        VideoPlatform.decode(platform)?.displayName ?? platform
    }

    /// A metric's change in words: "▲ 0.11 faster", "▼ 2 mph", "no change"; nil without one.
    package static func changeText(_ summary: ReportFigures.MetricSummary) -> String? {
        guard let change = summary.progress.change else { return nil }
        guard let improved = summary.progress.improved else { return "no change" }
        let definition = summary.definition
        let amount = definition.format.text(abs(change))
        let timed = definition.lowerIsBetter && (summary.shownUnit == "sec" || definition.format == .duration)
        let words = timed ? (improved ? "faster" : "slower") : summary.shownUnit
        return (improved ? "▲ " : "▼ ") + amount + (words.isEmpty ? "" : words == "%" ? "%" : " " + words)
    }

    /// "New best: 60-Yard Dash 6.81 sec, was 6.92 (Perfect Game)".
    package static func newBest(_ summary: ReportFigures.MetricSummary) -> String? {
        guard summary.progress.newBest, let best = summary.progress.best, let display = best.display else { return nil }
        let was = summary.progress.bestBefore.map { ", was " + summary.definition.format.text($0) } ?? ""
        return "New best: \(summary.definition.label) \(display)\(was)" + (best.source.map { " (\($0))" } ?? "")
    }

    /// The two warnings the app gives before an outreach message, in its words (without its
    /// "Click Send again to send anyway"), said of the day the message was sent.
    package static func outreachWarnings(_ message: SeasonChanges.Outreach) -> [String] {
        var warnings: [String] = []
        if let days = message.daysSincePrevious {
            warnings.append("You last messaged this program \(days) day(s) before.")
        }
        if let before = message.sentBefore {
            warnings.append("You'd already sent \(before) messages here — consider adding more programs.")
        }
        return warnings
    }

    /// "From Aug 1, 2026, D1 coaches may contact Mateo directly: 3 schools on your list".
    package static func contactWindow(_ window: ContactWindow, athlete: String) -> String {
        let schools = "\(window.schools) \(window.schools == 1 ? "school" : "schools") on your list"
        let division = window.division.displayName
        switch (window.state, window.opensOn) {
        case (.opens, let date?):
            return "From \(day(date)), \(division) coaches may contact \(athlete) directly: \(schools)"
        case (.open, let date?):
            return "Since \(day(date)), \(division) coaches may contact \(athlete) directly: \(schools)"
        case (.open, nil):
            return "\(division) coaches may contact \(athlete) at any time: \(schools)"
        default:
            return "\(division): the date coaches may contact \(athlete) is not known "
                + "(\(window.classKnown ? "the app's rule has a date it cannot read" : "the app needs the class year")): \(schools)"
        }
    }

    /// What the report and the e-mail say of the contact windows' dates.
    package static let contactWindowsSource =
        "Dates from the app's configured contact rules, however far ahead; check each school's own."
}

extension ReportText {
    /// "from Aug 1, 2026 (in 247 days)", "now, since Aug 1, 2026", "at any time", "not known:
    /// the app needs the class year".
    package static func windowState(_ window: ContactWindow) -> String {
        switch (window.state, window.opensOn) {
        case (.opens, let date?):
            let days = window.daysUntil.map { $0 == 1 ? " (tomorrow)" : " (in \($0) days)" } ?? ""
            return "from \(day(date))\(days)"
        case (.open, let date?): return "now, since \(day(date))"
        case (.open, nil): return "at any time"
        default:
            return window.classKnown
                ? "not known: the app's rule has a date it cannot read" : "not known: no class year"
        }
    }
}
