import Aggregation
import Core
import Crypto
import Foundation
import ReportGen

/// One e-mail as RFC 5322 and MIME bytes (docs/delivery.md, "The message"): a
/// `multipart/mixed` holding a `multipart/alternative` (text and HTML, UTF-8; the HTML with
/// its inline images in a `multipart/related`) and the attachments, everything base64 in lines of 76 characters,
/// non-ASCII header text as RFC 2047 encoded words. The same message gives the same bytes: the date is the run's clock
/// and the boundaries come from the Message-ID, so a rerun with the same clock writes the same `.eml`.
package struct MIMEMessage: Sendable {
    /// Exactly one mailbox (docs/delivery.md, "Addresses are untrusted"): the only way an
    /// address reaches a header, the SMTP client or the sendmail command line. The address
    /// passes the Add Coach rules' e-mail check, which leaves no room for CR, LF, NUL, a comma,
    /// an angle bracket or white space, and takes ASCII domains only (an IDN domain is
    /// refused, not converted). The display name is kept as text and written as an RFC 5322
    /// quoted string or RFC 2047 words, so no name can add an address or a header line.
    package struct Address: Sendable, Equatable {
        package let name: String?
        package let email: String

        /// nil when `email` is not exactly one mailbox. Control characters of `name` (CR,
        /// LF, NUL, …) become spaces.
        package init?(name: String? = nil, email: String) {
            guard ContactField.email.accepts(email) else { return nil }
            self.email = email
            let clean = name.map(Address.printable)?.trimmingCharacters(in: .whitespaces)
            self.name = clean?.isEmpty == false ? clean : nil
        }

        /// `"Display Name" <a@b.c>` or `a@b.c`, as a job file writes it.
        package static func parse(_ text: String) -> Address? {
            let trimmed = text.trimmingCharacters(in: .whitespaces)
            guard let open = trimmed.lastIndex(of: "<"), trimmed.hasSuffix(">") else { return Address(email: trimmed) }
            let email = String(trimmed[trimmed.index(after: open)..<trimmed.index(before: trimmed.endIndex)])
                .trimmingCharacters(in: .whitespaces)
            var name = trimmed[..<open].trimmingCharacters(in: .whitespaces)
            if name.hasPrefix("\""), name.hasSuffix("\""), name.count >= 2 {
                name = String(name.dropFirst().dropLast())
            }
            return Address(name: name, email: email)
        }

        /// The address as a header writes it: `"Name" <a@b.c>` (quotes and backslashes
        /// escaped), `=?utf-8?B?…?= <a@b.c>` for a name that is not ASCII, or `a@b.c`.
        /// `prefix` is how many characters stand before it on the header's line.
        func header(prefix: Int) -> String {
            guard let name else { return email }
            let isASCII = name.unicodeScalars.allSatisfy { $0.isASCII && $0.value >= 0x20 && $0.value < 0x7F }
            let phrase = isASCII ? MIMEMessage.quotedString(name) : MIMEMessage.encodedWords(name, prefix: prefix)
            return phrase + " <\(email)>"
        }

        /// `text` with every control or line-breaking character replaced by a space.
        static func printable(_ text: String) -> String {
            String(
                String.UnicodeScalarView(
                    text.unicodeScalars.map { scalar in
                        let breaks =
                            scalar.properties.generalCategory == .control
                            || scalar.properties.generalCategory == .lineSeparator
                            || scalar.properties.generalCategory == .paragraphSeparator
                        return breaks ? " " : scalar
                    }
                )
            )
        }
    }

    package struct Attachment: Sendable {
        package let fileName: String
        package let contentType: String
        package let data: Data

        package init(fileName: String, contentType: String, data: Data) {
            self.fileName = fileName
            self.contentType = contentType
            self.data = data
        }
    }

    /// An image the HTML part shows by `cid:` (docs/delivery.md, "The message"): it and the
    /// HTML travel together in a `multipart/related`.
    package struct InlineImage: Sendable {
        /// Without the angle brackets: `local@domain`.
        package let contentID: String
        package let contentType: String
        package let fileName: String
        package let data: Data

        package init(contentID: String, contentType: String, fileName: String, data: Data) {
            self.contentID = contentID
            self.contentType = contentType
            self.fileName = fileName
            self.data = data
        }
    }

    package var from: Address
    package var to: Address
    package var subject: String
    package var date: Instant
    /// Without the angle brackets: `local@domain`.
    package var messageID: String
    package var text: String
    package var html: String
    package var attachments: [Attachment] = []
    /// Images of the HTML part; none: the HTML part stands alone in the alternative.
    package var inline: [InlineImage] = []
    /// Further headers, in order (`List-Unsubscribe`, …); values are ASCII.
    package var headers: [(name: String, value: String)] = []

    package init(
        from: Address,
        to: Address,
        subject: String,
        date: Instant,
        messageID: String,
        text: String,
        html: String
    ) {
        self.from = from
        self.to = to
        self.subject = subject
        self.date = date
        self.messageID = messageID
        self.text = text
        self.html = html
    }

    /// A Message-ID that names the family, the recipient and the days, and nothing else: the
    /// same message of a rerun has the same id (`<32 hex digits@domain of From>`).
    package static func messageID(family: String, recipient: String, range: DateRange, from: Address) -> String {
        let digest = SHA256.hash(
            data: Data("\(family)\u{0}\(recipient.lowercased())\u{0}\(range.from)\u{0}\(range.to)".utf8)
        )
        let domain = from.email.split(separator: "@").last.map(String.init) ?? "report-batch.invalid"
        return digest.prefix(16).hex + "@" + domain
    }

    /// The message as CRLF-terminated bytes.
    package func bytes() -> Data {
        var out = ""
        func header(_ name: String, _ value: String) { out += MIMEMessage.fold("\(name): \(value)") + "\r\n" }
        let boundary = MIMEMessage.boundary(messageID)
        header("From", from.header(prefix: "From: ".count))
        header("To", to.header(prefix: "To: ".count))
        // A subject made of data (a family's name) never breaks a line: control characters become spaces.
        header("Subject", MIMEMessage.encodedWords(Address.printable(subject), prefix: "Subject: ".count))
        header("Date", MIMEMessage.date(date))
        header("Message-ID", "<\(messageID)>")
        for extra in headers { header(extra.name, extra.value) }
        header("MIME-Version", "1.0")
        header("Content-Type", "multipart/mixed; boundary=\"\(boundary)-mixed\"")
        out += "\r\n"
        out += "--\(boundary)-mixed\r\n"
        out += MIMEMessage.fold("Content-Type: multipart/alternative; boundary=\"\(boundary)-alt\"") + "\r\n\r\n"
        out += "--\(boundary)-alt\r\n"
        out += MIMEMessage.textPart("text/plain", text)
        out += "--\(boundary)-alt\r\n"
        out += inline.isEmpty ? MIMEMessage.textPart("text/html", html) : relatedPart(boundary: "\(boundary)-rel")
        out += "--\(boundary)-alt--\r\n"
        for attachment in attachments {
            out += "--\(boundary)-mixed\r\n"
            out +=
                MIMEMessage.fold(
                    "Content-Type: \(attachment.contentType); \(MIMEMessage.parameter("name", attachment.fileName))"
                ) + "\r\n"
            out +=
                MIMEMessage.fold(
                    "Content-Disposition: attachment; \(MIMEMessage.parameter("filename", attachment.fileName))"
                ) + "\r\n"
            out += "Content-Transfer-Encoding: base64\r\n\r\n"
            out += MIMEMessage.base64Lines(attachment.data)
        }
        out += "--\(boundary)-mixed--\r\n"
        return Data(out.utf8)
    }

    // MARK: Pieces

    /// A UTF-8 text part, base64, with its headers.
    static func textPart(_ type: String, _ body: String) -> String {
        "Content-Type: \(type); charset=utf-8\r\nContent-Transfer-Encoding: base64\r\n\r\n"
            + base64Lines(Data(body.utf8))
    }

    /// The HTML part and its images as one `multipart/related` (RFC 2387), the HTML first.
    func relatedPart(boundary: String) -> String {
        var out =
            MIMEMessage.fold("Content-Type: multipart/related; type=\"text/html\"; boundary=\"\(boundary)\"")
            + "\r\n\r\n"
        out += "--\(boundary)\r\n" + MIMEMessage.textPart("text/html", html)
        for image in inline {
            out += "--\(boundary)\r\n"
            out +=
                MIMEMessage.fold("Content-Type: \(image.contentType); \(MIMEMessage.parameter("name", image.fileName))")
                + "\r\n"
            out +=
                MIMEMessage.fold("Content-Disposition: inline; \(MIMEMessage.parameter("filename", image.fileName))")
                + "\r\n"
            out += "Content-ID: <\(image.contentID)>\r\nContent-Transfer-Encoding: base64\r\n\r\n"
            out += MIMEMessage.base64Lines(image.data)
        }
        return out + "--\(boundary)--\r\n"
    }

    static func boundary(_ messageID: String) -> String {
        "=_rb_" + SHA256.hash(data: Data(messageID.utf8)).prefix(12).hex
    }

    /// `Mon, 23 Nov 2026 09:00:00 +0000`.
    static func date(_ instant: Instant) -> String {
        let time = Zone.utc.localTime(of: instant)
        let day = time.date
        let weekday = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"][day.isoWeekday - 1]
        let month = ReportText.months[day.month - 1]
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return
            "\(weekday), \(day.day) \(month) \(day.year) \(two(time.hour)):\(two(time.minute)):\(two(time.second)) +0000"
    }

    /// Text as it may stand in a header: itself when it is printable ASCII, else RFC 2047
    /// `=?utf-8?B?…?=` words of at most 75 characters, split between characters (never
    /// inside one), separated by folding whitespace.
    static func encodedWords(_ text: String, prefix: Int) -> String {
        if text.unicodeScalars.allSatisfy({ $0.isASCII && $0.value >= 0x20 && $0.value < 0x7F }) { return text }
        var words: [String] = []
        var chunk = Data()
        // A word on a continuation line: 75 − len("=?utf-8?B??=") = 63 base64 characters, 45
        // bytes of UTF-8; the first shares its line with the header's name (`prefix` characters).
        let firstLimit = max(3, (78 - prefix - 12) / 4 * 3)
        for character in text {
            let bytes = Data(String(character).utf8)
            if chunk.count + bytes.count > (words.isEmpty ? firstLimit : 45), !chunk.isEmpty {
                words.append("=?utf-8?B?\(chunk.base64EncodedString())?=")
                chunk = Data()
            }
            chunk.append(bytes)
        }
        if !chunk.isEmpty { words.append("=?utf-8?B?\(chunk.base64EncodedString())?=") }
        return words.joined(separator: "\r\n ")
    }

    /// `text` as an RFC 5322 quoted string: in double quotes, with `"` and `\` escaped.
    static func quotedString(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    /// A MIME parameter: `name="value"` for printable ASCII, else RFC 2231's `name*=utf-8''…`.
    static func parameter(_ name: String, _ value: String) -> String {
        if value.unicodeScalars.allSatisfy({ $0.isASCII && $0.value >= 0x20 && $0.value < 0x7F }) {
            return "\(name)=\(quotedString(value))"
        }
        return "\(name)*=utf-8''" + (value.addingPercentEncoding(withAllowedCharacters: unreserved) ?? "")
    }

    /// What a percent-encoded value keeps as it is (RFC 3986's unreserved characters).
    static let unreserved = CharacterSet(
        charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~"
    )

    /// Folds a header line at spaces so that no line passes 78 characters where it can be
    /// helped (an encoded word is already split to fit).
    static func fold(_ line: String) -> String {
        var result: [String] = []
        for (index, physical) in line.components(separatedBy: "\r\n").enumerated() {
            // A line after the first is already a continuation: it starts with one space.
            let body = index == 0 ? Substring(physical) : physical.drop { $0 == " " }
            var current = index == 0 ? "" : " "
            for word in body.split(separator: " ", omittingEmptySubsequences: false) {
                let bare = current.isEmpty || current == " "
                let candidate = bare ? current + word : current + " " + word
                // A header's name stays with the start of its value, however long that word is.
                let nameOnly = index == 0 && result.isEmpty && !current.contains(" ")
                if candidate.count > 78, !bare, !nameOnly {
                    result.append(current)
                    current = " " + word
                } else {
                    current = candidate
                }
            }
            result.append(current)
        }
        return result.joined(separator: "\r\n")
    }

    /// Base64 in lines of 76 characters, each ended by CRLF.
    static func base64Lines(_ data: Data) -> String {
        let encoded = data.base64EncodedString()
        var out = ""
        out.reserveCapacity(encoded.count + encoded.count / 76 * 2 + 2)
        var index = encoded.startIndex
        while index < encoded.endIndex {
            let end = encoded.index(index, offsetBy: 76, limitedBy: encoded.endIndex) ?? encoded.endIndex
            out += encoded[index..<end] + "\r\n"
            index = end
        }
        return out
    }
}
