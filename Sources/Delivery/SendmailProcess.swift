import Core
import Foundation

/// One message handed to the system's sendmail (docs/delivery.md, "Sending"):
/// `sendmail -oi -- RECIPIENT`, the recipient on the command line after `--` and never read
/// from the message's headers (no `-t`), so no header can add one. A sendmail that exits
/// without reading its input, exits non-zero or never exits fails this message only: the
/// process ignores SIGPIPE (report-batch's `main`), a write it refuses is EPIPE, and its exit
/// status and first line of stderr are the send's result.
struct SendmailProcess {
    /// Seconds for the message's answer; sendmail is given four times as long to finish.
    let timeout: Int

    /// The program: `REPORT_BATCH_SENDMAIL`, else `/usr/sbin/sendmail` or `/usr/lib/sendmail`.
    static func program() -> String? {
        if let path = ProcessInfo.processInfo.environment["REPORT_BATCH_SENDMAIL"], !path.isEmpty { return path }
        return ["/usr/sbin/sendmail", "/usr/lib/sendmail"].first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    func send(_ message: Data, to: MIMEMessage.Address) -> MailSender.Outcome {
        guard let path = Self.program() else {
            return .init(kind: .permanent, reply: "no sendmail found (looked for /usr/sbin/sendmail)")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = ["-oi", "--", to.email]
        let input = Pipe()
        let errors = Pipe()
        process.standardInput = input
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        let exited = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in exited.signal() }
        do {
            try process.run()
        } catch {
            return .init(kind: .permanent, reply: "cannot run \(path): \(error.localizedDescription)")
        }
        // Written and read on threads of their own: a sendmail that reads nothing, or writes a
        // lot to stderr, blocks neither this thread nor the other pipe.
        let pumps = DispatchGroup()
        DispatchQueue.global().async(group: pumps) {
            // EPIPE (SIGPIPE is ignored) when sendmail exits early: its status says why.
            try? input.fileHandleForWriting.write(contentsOf: message)
            try? input.fileHandleForWriting.close()
        }
        let said = StderrText()
        DispatchQueue.global().async(group: pumps) { said.read(errors.fileHandleForReading) }
        if exited.wait(timeout: .now() + .seconds(timeout * 4)) == .timedOut {
            process.terminate()
            if exited.wait(timeout: .now() + .seconds(2)) == .timedOut {
                kill(process.processIdentifier, SIGKILL)
                exited.wait()
            }
            pumps.wait()
            return .init(kind: .unreachable, reply: "sendmail: no answer within \(timeout * 4) s, stopped")
        }
        pumps.wait()
        let status = process.terminationStatus
        let line = said.firstLine.map { ": " + $0 } ?? ""
        let kind: MailSender.Outcome.Kind
        switch (process.terminationReason, status) {
        case (.exit, 0): kind = .accepted
        case (.exit, 75): kind = .transient  // sysexits' EX_TEMPFAIL: worth another try
        default: kind = .permanent
        }
        let how = process.terminationReason == .exit ? "exit \(status)" : "killed by signal \(status)"
        return .init(kind: kind, reply: "sendmail: \(how)\(line)")
    }
}

/// The first line a sendmail wrote on stderr, read to the end so that it never blocks on a full pipe.
private final class StderrText: @unchecked Sendable {
    // Written once by the reading thread, read after `DispatchGroup.wait` has ordered the two.
    private(set) var firstLine: String?

    func read(_ handle: FileHandle) {
        var data = Data()
        while case let chunk = handle.availableData, !chunk.isEmpty {
            if data.count < 4096 { data.append(chunk.prefix(4096 - data.count)) }
        }
        let text = String(decoding: data, as: UTF8.self)
        let first = text.split(whereSeparator: \.isNewline).first.map { $0.trimmingCharacters(in: .whitespaces) }
        firstLine = first.flatMap { $0.isEmpty ? nil : Display.oneLine(String($0.prefix(300))) }
    }
}
