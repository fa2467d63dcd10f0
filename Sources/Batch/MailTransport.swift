import Delivery

/// How a job's recap e-mails leave, resolved when the job is loaded (`BatchJob.load`): the
/// sender for `deliver.email.via` with its credentials, and the unsubscribe secret, each read
/// from the environment variable the job names (never from a file). A variable that is not
/// set stops the job before any family runs.
package struct MailTransport: Sendable {
    /// nil for `via: none`: the messages are written only.
    package let sender: MailSender?
    package let unsubscribeSecret: String?

    package init(_ delivery: DeliveryJob, file: String) throws {
        unsubscribeSecret = try delivery.secretEnv.map { try DeliveryJob.environment($0, file: file) }
        sender = try Self.sender(for: delivery, file: file)
    }

    /// How the job's messages leave, with the credentials read from the environment it names;
    /// nil for `via: none`. Made on the main thread, before any worker (libcurl's set-up).
    private static func sender(for delivery: DeliveryJob, file: String) throws -> MailSender? {
        let username = try delivery.usernameEnv.map { try DeliveryJob.environment($0, file: file) }
        let password = try delivery.passwordEnv.map { try DeliveryJob.environment($0, file: file) }
        switch delivery.via {
        case .none:
            return nil
        case .sendmail:
            return MailSender(transport: .sendmail, timeout: delivery.timeout)
        case .smtp(let host, let port, let implicitTLS):
            return MailSender(
                transport: .smtp(
                    url: "\(implicitTLS ? "smtps" : "smtp")://\(host):\(port)",
                    starttlsRequired: !implicitTLS && delivery.starttlsRequired,
                    username: username,
                    password: password
                ),
                timeout: delivery.timeout
            )
        }
    }
}
