import Batch
import Core
import Delivery
import Foundation

/// Where messages go: results to stdout, everything else to stderr. Every write is checked:
/// a full or closed stdout is an error a command reports (exit 73), never a crash; a failed
/// write to stderr has nowhere to be told and is ignored.
enum Console {
    nonisolated(unsafe) static var quiet = false  // set once by `configure`, before any worker starts
    nonisolated(unsafe) static var verbose = false

    static func configure(_ options: GlobalOptions) {
        quiet = options.quiet
        verbose = options.verbose && !options.quiet
        // Outputs hold minors' data: only the running user reads them unless a job says otherwise.
        OutputPermissions.private.apply()
    }

    /// `report-batch: error: …` on stderr, on one line whatever the message holds.
    static func error(_ message: String) {
        _ = write(Display.oneLine("report-batch: error: " + message) + "\n", to: STDERR_FILENO)
    }

    /// `report-batch: warning: …` on stderr, also with `--quiet`: something set up wrong that the run worked around.
    static func warning(_ message: String) {
        _ = write(Display.oneLine("report-batch: warning: " + message) + "\n", to: STDERR_FILENO)
    }

    /// The one warning of a run whose mail server was taken as down (docs/delivery.md), also with `--quiet`.
    static func mailServerDown(_ summary: BatchSummary) {
        guard summary.mailServerDown else { return }
        warning(
            "the mail server did not answer \(MailSender.downAfter) recipients in a row (a timeout or a refused connection): "
                + "the run's remaining messages were not sent (manifests say 'not sent: server unreachable'); run again once it is back"
        )
    }

    /// A run's summary on stdout; with `--quiet` nothing when every family is ok or skipped,
    /// and one line on stderr for each failed family (`report-batch: family NAME (ID) failed:
    /// REASON`), so that cron mails exactly when someone must look.
    static func summary(_ summary: BatchSummary, quiet: Bool) throws {
        guard quiet else { return try output(summary.text ?? "") }
        for outcome in summary.outcomes {
            guard case .failed(let reason) = outcome.status else { continue }
            let family = outcome.family
            _ = write(
                Display.oneLine("report-batch: family \(family.displayName) (\(family.id)) failed: \(reason)") + "\n",
                to: STDERR_FILENO
            )
        }
    }

    /// A line on stderr unless `--quiet`, with control characters escaped.
    static func note(_ message: String) {
        guard !quiet else { return }
        _ = write(Display.oneLine(message) + "\n", to: STDERR_FILENO)
    }

    /// A line on stderr with `--verbose` only.
    static func detail(_ message: String) {
        guard verbose else { return }
        _ = write(Display.oneLine(message) + "\n", to: STDERR_FILENO)
    }

    /// Raw text on stderr (a progress bar's carriage returns), unchecked.
    static func terminal(_ text: String) {
        _ = write(text, to: STDERR_FILENO)
    }

    /// Whether stdout was closed when the process started (`>&-`).
    nonisolated(unsafe) private static var stdoutWasClosed = false  // set once by holdStandardStreams, at start

    /// Keeps descriptors 0, 1 and 2 from being reused: one closed at start (`>&-`) gets
    /// /dev/null, so that the next file the process opens (a database, a pipe of the signal
    /// handling) cannot take its number and receive what was meant for stdout. Call first, once.
    static func holdStandardStreams() {
        for descriptor in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO]
        where fcntl(descriptor, F_GETFD) == -1 && errno == EBADF {
            if descriptor == STDOUT_FILENO { stdoutWasClosed = true }
            let null = open("/dev/null", descriptor == STDIN_FILENO ? O_RDONLY : O_WRONLY)
            if null >= 0, null != descriptor {
                dup2(null, descriptor)
                close(null)
            }
        }
    }

    /// Where `--out` sends files; `-` (stdout) fails at once when stdout was closed.
    static func target(_ option: String) throws -> OutputTarget {
        let target = OutputTarget(option: option)
        if case .standardOutput = target, stdoutWasClosed {
            throw OutputError.standardOutput(String(cString: strerror(EBADF)))
        }
        return target
    }

    /// Results on stdout.
    /// - Throws: `OutputError` for standard output when the write fails (a full disk, a closed stream).
    static func output(_ text: String) throws {
        if stdoutWasClosed { throw OutputError.standardOutput(String(cString: strerror(EBADF))) }
        let code = write(text, to: STDOUT_FILENO)
        guard code == 0 else { throw OutputError.standardOutput(String(cString: strerror(code))) }
    }

    /// Writes every byte of `text` to `descriptor`; returns 0, or the errno of the failed write.
    private static func write(_ text: String, to descriptor: Int32) -> Int32 {
        var bytes = Array(text.utf8)
        var done = 0
        while done < bytes.count {
            let written = bytes.withUnsafeMutableBytes {
                Foundation.write(descriptor, $0.baseAddress! + done, $0.count - done)
            }
            if written < 0 {
                if errno == EINTR { continue }
                return errno
            }
            done += written
        }
        return 0
    }
}

extension Console {
    /// Prints the written files' paths on stdout, one per line (nothing for stdout itself).
    /// The paths of the files written, one a line (a path with a line break is shown escaped).
    static func printWritten(_ files: [WrittenFile]) throws {
        for file in files where file.path != "-" { try output(Display.oneLine(file.path) + "\n") }
    }
}
