import CurlClient
import Foundation
import Synchronization

/// Sends a written message (docs/delivery.md, "Sending"): over SMTP through libcurl (SMTPS,
/// STARTTLS and AUTH are libcurl's; nothing here speaks SMTP or TLS itself), or through the
/// system's sendmail with the recipient on its command line. A transient failure (a 4xx
/// reply, a dropped connection, also in the middle of DATA) is tried twice more, after 1 s and
/// 5 s; a permanent one (5xx, no STARTTLS where it is required, a refused login) is not. A
/// timeout or a refused connection is not retried at once: after three recipients in a row
/// fail so, the server is taken as down and every later message is `server unreachable`
/// without being tried. One sender serves the whole run, from every worker.
package final class MailSender: Sendable {
    package enum Transport: Sendable {
        case smtp(url: String, starttlsRequired: Bool, username: String?, password: String?)
        /// The program to run: `REPORT_BATCH_SENDMAIL`, else the system's sendmail.
        case sendmail
    }

    /// What became of one message.
    package struct Outcome: Sendable, Equatable {
        package enum Kind: Sendable, Equatable {
            case accepted
            /// A 4xx reply or a dropped connection: worth another try.
            case transient
            /// A 5xx reply, a refused login, no STARTTLS: another try would fail the same way.
            case permanent
            /// No answer within the timeout, or the connection refused: counts toward the server being down.
            case unreachable
            /// Not tried: the server was taken as down earlier in the run.
            case serverDown
        }

        package let kind: Kind
        /// The server's reply code and what libcurl says of it ("250", "550: RCPT failed"), or
        /// sendmail's exit status and first line of stderr; never a credential.
        package let reply: String

        package var accepted: Bool { kind == .accepted }
    }

    /// How many recipients in a row may fail with a timeout or a refused connection before the
    /// server is taken as down.
    package static let downAfter = 3

    let transport: Transport
    /// Seconds to wait for the server's answer (to connect, or to any command) before giving up.
    let timeout: Int
    /// The waits before the second and third tries.
    let retryDelays: [Double]
    /// Recipients in a row that met a timeout or a refused connection, and whether the server is down.
    private let health = Mutex<(inARow: Int, down: Bool)>((0, false))

    /// Makes libcurl ready (its global set-up is not thread-safe): create the sender on the
    /// main thread, before the workers start.
    package init(transport: Transport, timeout: Int = 30, retryDelays: [Double] = [1, 5]) {
        self.transport = transport
        self.timeout = timeout
        self.retryDelays = retryDelays
        _ = Curl.ready
    }

    /// Whether the server has been taken as down in this run.
    package var serverDown: Bool { health.withLock { $0.down } }

    /// Sends `message` to `to`, retrying a transient failure; a server taken as down is not tried.
    package func send(_ message: Data, from: MIMEMessage.Address, to: MIMEMessage.Address) -> Outcome {
        if serverDown { return Outcome(kind: .serverDown, reply: "server unreachable") }
        var outcome = attempt(message, from: from, to: to)
        for delay in retryDelays where outcome.kind == .transient {
            Thread.sleep(forTimeInterval: delay)
            outcome = attempt(message, from: from, to: to)
        }
        health.withLock { state in
            if outcome.kind == .unreachable {
                state.inARow += 1
                if state.inARow >= MailSender.downAfter { state.down = true }
            } else {
                state.inARow = 0
            }
        }
        return outcome
    }

    private func attempt(_ message: Data, from: MIMEMessage.Address, to: MIMEMessage.Address) -> Outcome {
        switch transport {
        case .smtp(let url, let starttls, let username, let password):
            let session = SMTPSession(
                url: url,
                starttlsRequired: starttls,
                username: username,
                password: password,
                timeout: timeout
            )
            return session.send(message, from: from, to: to)
        case .sendmail:
            return SendmailProcess(timeout: timeout).send(message, to: to)
        }
    }
}
