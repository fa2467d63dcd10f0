import Aggregation
import Batch
import Core
import Foundation
import Synchronization

/// Shows a run's progress: a bar with families done, total, elapsed and time left when
/// stderr is a terminal; one plain line per family when it is not (cron).
final class RunProgress: Sendable {
    private let terminal = isatty(STDERR_FILENO) == 1
    private let dryRun: Bool
    private let start = DispatchTime.now()
    /// The family count, and the first failed write to stdout of a dry run's lines (reported
    /// when the run ends). Workers report, one `finished` at a time.
    private let state = Mutex<(total: Int, outputFailure: (any Error)?)>((0, nil))

    init(dryRun: Bool) {
        self.dryRun = dryRun
    }

    var outputFailure: (any Error)? { state.withLock { $0.outputFailure } }

    func report(_ event: BatchRunner.Event) {
        switch event {
        case .started(let total):
            state.withLock { $0.total = total }
        case .note(let text):
            Console.note(text)
        case .detail(let text):
            Console.detail(text)
        case .began:
            break
        case .finished(let outcome, let done, let total):
            if dryRun {
                do {
                    for file in outcome.files {
                        try Console.output(
                            Display.oneLine(
                                "would write \((outcome.folder as NSString).appendingPathComponent(file.name))"
                            ) + "\n"
                        )
                    }
                    if outcome.status != .ok {
                        try Console.output(
                            Display.oneLine("would record \(outcome.family.displayName): \(outcome.status.text)") + "\n"
                        )
                    }
                } catch {
                    state.withLock { if $0.outputFailure == nil { $0.outputFailure = error } }
                }
            }
            if terminal, !Console.quiet {
                let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
                let left = done > 0 ? elapsed / Double(done) * Double(total - done) : 0
                let width = 30
                let filled = total > 0 ? width * done / total : width
                let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
                Console.terminal(
                    "\r\(bar) \(done)/\(total) families  \(Self.clock(elapsed)) elapsed  \(Self.clock(left)) left "
                )
            } else if !dryRun {
                Console.note(
                    "\(outcome.family.displayName) (\(outcome.family.id)): \(outcome.status.text)"
                        + (outcome.status == .ok ? ", \(outcome.files.count) files" : "")
                )
            }
        }
    }

    func end() {
        if terminal, !Console.quiet, state.withLock({ $0.total }) > 0 { Console.terminal("\n") }
    }

    static func clock(_ seconds: Double) -> String {
        let whole = Int(seconds.rounded())
        return "\(whole / 60):\(whole % 60 < 10 ? "0" : "")\(whole % 60)"
    }
}
