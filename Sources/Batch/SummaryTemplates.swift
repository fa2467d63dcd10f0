import Aggregation
import BuiltInTemplates
import Core
import Foundation
import Mustache
import ReportGen

/// The run summary's templates: text (for the cron mail) and HTML, rendered with Mustache.
/// The defaults are the files of `Templates/`, built in (`BuiltInTemplate`); `--templates DIR` uses the
/// files of a copy. A template that does not parse is an error naming file and line.
package struct SummaryTemplates: Sendable {
    let pair: TemplatePair

    package static let textName = BuiltInTemplate.summaryText.fileName
    package static let htmlName = BuiltInTemplate.summaryHTML.fileName

    /// The built-in templates.
    package static func builtIn() throws -> SummaryTemplates { try load(from: nil) }

    /// The templates of a folder; a missing file falls back to the built-in one.
    package static func load(from folder: String?) throws -> SummaryTemplates {
        SummaryTemplates(
            pair: try TemplatePair(names: (textName, htmlName), builtIn: (defaultText, defaultHTML), folder: folder)
        )
    }

    package func text(_ summary: BatchSummary) -> String { pair.renderText(Self.context(summary)) }
    package func html(_ summary: BatchSummary) -> String { pair.renderHTML(Self.context(summary)) }

    /// What the templates can use. The families are read from the run's outcomes one at a
    /// time as a template walks them, not gathered first: with 10,000 families the
    /// gathered lists were the largest thing a run held.
    static func context(_ summary: BatchSummary) -> [String: Any] {
        var context: [String: Any] = [
            "line": summary.line,
            "generated_at": summary.generatedAt.iso8601,
            "database": Display.oneLine(summary.database),
            "root": Display.oneLine(absolutePath(summary.root)),
            "total": summary.outcomes.count,
            "ok": summary.ok,
            "skipped": summary.skipped,
            "failed": summary.failed,
            "has_failures": summary.failed > 0,
            "families": OutcomeSequence(outcomes: summary.outcomes, count: summary.outcomes.count) {
                FamilyContext($0, root: summary.root)
            },
            "failures": OutcomeSequence(outcomes: summary.outcomes, count: summary.failed) {
                outcome -> FailureContext? in
                guard case .failed(let reason) = outcome.status else { return nil }
                return FailureContext(family: outcome.family, reason: reason)
            },
            // The families split so that a page can put the failed ones first.
            "failed_families": OutcomeSequence(outcomes: summary.outcomes, count: summary.failed) {
                outcome -> FamilyContext? in
                outcome.status.isFailure ? FamilyContext(outcome, root: summary.root) : nil
            },
            "others": OutcomeSequence(outcomes: summary.outcomes, count: summary.outcomes.count - summary.failed) {
                outcome -> FamilyContext? in
                outcome.status.isFailure ? nil : FamilyContext(outcome, root: summary.root)
            },
            "exit_code": summary.exitStatus.rawValue,
            "exit_meaning": exitMeaning(summary),
            "duration": durationText(summary.duration),
        ]
        if summary.delivers {
            var mail = MailCounts()
            for outcome in summary.outcomes { mail.add(outcome.mail) }
            context["mail"] =
                [
                    "text": mail.line(sends: summary.sends), "written": mail.written, "sent": mail.sent,
                    "not_sent": mail.notSentTotal, "failed": mail.failed,
                ] as [String: Any]
        }
        // Only when there is one: a key holding `nil as Any` would print "nil".
        if let warning = rangeWarning(summary.outcomes) { context["range_warning"] = warning }
        if !summary.monitorWarnings.isEmpty {
            context["monitor_warnings"] = summary.monitorWarnings.map(Display.oneLine)
        }
        return context
    }

    /// What the run's exit code tells cron, in words (docs/cli.md, "Exit codes").
    static func exitMeaning(_ summary: BatchSummary) -> String {
        switch summary.exitStatus {
        case .success: "every family ok or skipped"
        case .failure: "every family failed"
        default:
            summary.failed > 0 ? "some families failed" : "messages were left unsent: the mail server did not answer"
        }
    }

    /// "0.8 s", "12.4 s", "3 min 05 s": measured, so the one line a rerun's summary differs in.
    static func durationText(_ seconds: Double) -> String {
        guard seconds >= 60 else { return ReportText.decimal(seconds, places: 1) + " s" }
        let whole = Int(seconds.rounded())
        return "\(whole / 60) min \(whole % 60 < 10 ? "0" : "")\(whole % 60) s"
    }

    /// "2026-11-16 – 2026-11-22", or the one day.
    static func rangeText(_ range: ClosedRange<CivilDate>) -> String {
        range.lowerBound == range.upperBound
            ? range.lowerBound.description : "\(range.lowerBound) – \(range.upperBound)"
    }

    /// When the families' reports cover different days (each family's "today" is its own
    /// zone's, so a run at 06:30 UTC on a Monday is still Sunday in Los Angeles), a warning
    /// that names the families outside the most common range; nil when all agree.
    static func rangeWarning(_ outcomes: FamilyOutcomes) -> String? {
        var counts: [ClosedRange<CivilDate>: Int] = [:]
        for outcome in outcomes { if let range = outcome.range { counts[range, default: 0] += 1 } }
        guard counts.count > 1,
            let common = counts.max(by: {
                $0.value < $1.value || $0.value == $1.value && $0.key.lowerBound > $1.key.lowerBound
            })?.key
        else { return nil }
        var others: [String] = []
        var more = 0
        for outcome in outcomes {
            guard let range = outcome.range, range != common else { continue }
            if others.count < 10 {
                others.append("\(Display.oneLine(outcome.family.displayName)) (\(rangeText(range)))")
            } else {
                more += 1
            }
        }
        return "warning: the families' reports cover different days: most cover \(rangeText(common)), but "
            + others.joined(separator: ", ") + (more > 0 ? " and \(more) more" : "")
            + ". A family's week ends at midnight in its own time zone: schedule the run after midnight in the westernmost zone (README, \"Scheduling\")."
    }

    /// A list of the summary (`families`, `failures`) that reads each outcome when the
    /// template reaches it. Sections walk it like an array, and it has the transforms of
    /// an array: `first`, `last`, `reversed`, `count` and `empty`.
    struct OutcomeSequence<Element>: MustacheSequence, MustacheTransformable {
        let outcomes: FamilyOutcomes
        /// How many outcomes `context` keeps, known from the run's counts.
        let count: Int
        let context: (FamilyOutcome) -> Element?
        var backwards = false

        init(outcomes: FamilyOutcomes, count: Int, _ context: @escaping (FamilyOutcome) -> Element?) {
            self.outcomes = outcomes
            self.count = count
            self.context = context
        }

        struct Iterator: IteratorProtocol {
            let sequence: OutcomeSequence
            var position: Int

            mutating func next() -> Element? {
                let outcomes = sequence.outcomes
                while sequence.backwards ? position >= outcomes.startIndex : position < outcomes.endIndex {
                    let outcome = outcomes[position]
                    position += sequence.backwards ? -1 : 1
                    if let element = sequence.context(outcome) { return element }
                }
                return nil
            }
        }

        func makeIterator() -> Iterator {
            Iterator(sequence: self, position: backwards ? outcomes.endIndex - 1 : outcomes.startIndex)
        }

        func transform(_ name: String) -> Any? {
            var reversed = self
            reversed.backwards.toggle()
            switch name {
            case "first": return first { _ in true }
            case "last": return reversed.first { _ in true }
            case "reversed": return reversed
            case "count": return count
            case "empty": return count == 0
            default: return nil
            }
        }
    }

    /// One family of the summary, as the templates see it.
    /// The output root as an absolute path, which the summary shows once; each family's
    /// folder is shown relative to it (and the html links to it from summary.html, which
    /// lies in the root).
    static func absolutePath(_ path: String) -> String {
        let full =
            path.hasPrefix("/")
            ? path : (FileManager.default.currentDirectoryPath as NSString).appendingPathComponent(path)
        return (full as NSString).standardizingPath
    }

    struct FamilyContext: MustacheParent {
        let outcome: FamilyOutcome
        /// The family's folder relative to the output root; nil when the run made none
        /// (a family with nothing to report and no recap to send).
        let folder: String?

        init(_ outcome: FamilyOutcome, root: String) {
            self.outcome = outcome
            let prefix = root.hasSuffix("/") ? root : root + "/"
            let relative =
                outcome.folder.hasPrefix(prefix) ? String(outcome.folder.dropFirst(prefix.count)) : outcome.folder
            folder = outcome.status == .skippedNoData && outcome.files.isEmpty || relative.isEmpty ? nil : relative
        }

        func child(named name: String) -> Any? {
            switch name {
            // Names and ids come from the data: control characters are shown escaped (Display).
            case "name": Display.oneLine(outcome.family.displayName)
            case "id": Display.oneLine(outcome.family.id)
            case "status": Display.oneLine(outcome.status.text)
            case "ok": outcome.status == .ok
            // Files written: an ok family's, or the recaps of one with nothing to report.
            case "has_files": !outcome.files.isEmpty
            // A missing value is nil, never `nil as Any`, which Mustache would print as "nil".
            case "folder": folder.map(Display.oneLine)
            // The folder as a relative URL (each path component percent-encoded).
            case "link":
                folder.map { folder in
                    folder.split(separator: "/").map {
                        String($0).addingPercentEncoding(
                            withAllowedCharacters: .urlPathAllowed.subtracting(CharacterSet(charactersIn: "/?#;"))
                        ) ?? ""
                    }
                    .joined(separator: "/") + "/"
                }
            case "warnings":
                outcome.warnings.isEmpty ? nil : outcome.warnings.map(Display.oneLine).joined(separator: "; ")
            case "file_count": outcome.files.count
            case "file_count_text": outcome.files.count == 1 ? "1 file" : "\(outcome.files.count) files"
            case "range": outcome.range.map(SummaryTemplates.rangeText)
            case "files": outcome.files.map(FileContext.init)
            default: nil
            }
        }
    }

    /// A failed family, in the failures list.
    struct FailureContext: MustacheParent {
        let family: FamilyUnit
        let reason: String

        func child(named name: String) -> Any? {
            switch name {
            case "name": Display.oneLine(family.displayName)
            case "id": Display.oneLine(family.id)
            case "reason": Display.oneLine(reason)
            default: nil
            }
        }
    }

    struct FileContext: MustacheParent {
        let file: ManifestFile

        func child(named name: String) -> Any? {
            switch name {
            case "name": file.name
            case "bytes": file.bytes
            default: nil
            }
        }
    }

    /// The built-in templates, Templates/summary.txt.mustache and Templates/summary.html.mustache.
    static var defaultText: String { BuiltInTemplate.summaryText.text }
    static var defaultHTML: String { BuiltInTemplate.summaryHTML.text }
}
