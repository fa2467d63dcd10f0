import Foundation

/// A real SMTP server for a test (scripts/test-smtp-server.py, aiosmtpd from PyPI) on
/// 127.0.0.1 and a free port, with STARTTLS on a throwaway self-signed certificate for
/// 127.0.0.1 and AUTH PLAIN, saving what it accepts in `inbox`; stopped by its pid.
public final class SMTPServer {
    public let port: Int
    public let inbox: String
    /// The certificate, for libcurl's CURL_CA_BUNDLE and msmtp's tls_trust_file.
    public let certificate: String
    public let user = "reports"
    public let password = "smtp-password-5d1c0e"
    /// Every RCPT TO the server was given, accepted or not, as Python's repr of the address.
    public let rcptLog: String
    private let server: ServerProcess

    /// - Parameters: `starttls` false offers no STARTTLS (and no AUTH); `reject` recipients get 550;
    ///   `tempfail` recipients get 451 that many times; `dropData` messages lose their
    ///   connection after their data, before the reply; a `silent` server accepts connections and never answers.
    public init(
        folder: TemporaryFolder,
        starttls: Bool = true,
        reject: [String] = [],
        tempfail: [String: Int] = [:],
        dropData: Int = 0,
        silent: Bool = false
    ) throws {
        inbox = folder.file("inbox-\(UUID().uuidString.prefix(8))")
        rcptLog = inbox + ".rcpt"
        try FileManager.default.createDirectory(atPath: inbox, withIntermediateDirectories: true)
        certificate = folder.file("smtp-cert.pem")
        let key = folder.file("smtp-key.pem")
        if !FileManager.default.fileExists(atPath: certificate) {
            let made = try ReportBatchProcess.tool(
                "openssl",
                [
                    "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=127.0.0.1",
                    "-addext", "subjectAltName=IP:127.0.0.1", "-keyout", key, "-out", certificate,
                ]
            )
            guard made.status == 0 else { throw ServerProcess.ServerError("openssl failed: \(made.stderr)") }
        }
        port = ServerProcess.freePort()
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
            .appendingPathComponent("scripts/test-smtp-server.py").path
        let ready = inbox + ".ready"
        var arguments = [
            script, "--port", "\(port)", "--dir", inbox, "--ready-file", ready, "--log-rcpt", rcptLog, "--drop-data",
            "\(dropData)",
        ]
        if silent { arguments.append("--silent") }
        if starttls {
            arguments += ["--cert", certificate, "--key", key, "--user", user, "--password", password]
        } else {
            arguments += ["--no-starttls"]
        }
        arguments +=
            reject.flatMap { ["--reject", $0] } + tempfail.flatMap { ["--tempfail", "\($0.key)=\($0.value)"] }
        server = try ServerProcess("the SMTP server", ["python3"] + arguments, readyFile: ready, within: 20)
    }

    /// The messages received, in order: (file name, bytes).
    public var received: [(name: String, data: Data)] {
        ((try? FileManager.default.contentsOfDirectory(atPath: inbox)) ?? []).filter { $0.hasSuffix(".eml") }.sorted()
            .map { name in
                (name, (try? Data(contentsOf: URL(fileURLWithPath: inbox + "/" + name))) ?? Data())
            }
    }

    /// The RCPT TO addresses the server was given, each as Python's repr (`'a@example.com'`).
    public var rcpts: [String] {
        ((try? String(contentsOfFile: rcptLog, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    }

    /// Writes an msmtp configuration (mode 0600) that relays to this server with STARTTLS and
    /// its login, as `folder/msmtprc`, and returns its path.
    public func msmtpConfiguration(in folder: String) throws -> String {
        let config = (folder as NSString).appendingPathComponent("msmtprc")
        try """
        account default
        host 127.0.0.1
        port \(port)
        from reports@example.com
        tls on
        tls_starttls on
        tls_trust_file \(certificate)
        auth plain
        user \(user)
        password \(password)
        """.write(toFile: config, atomically: true, encoding: .utf8)
        chmod(config, 0o600)
        return config
    }

    /// Stops the server by its pid (its end does too).
    public func stop() { server.stop() }
}
