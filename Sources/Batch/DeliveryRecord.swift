import Core
import Delivery
import Foundation

/// One recipient's record in a manifest's `delivery` list (docs/delivery.md, "What the run
/// records"): the address as stored, the users.id it came from, the message and its file,
/// and what became of it. Every key is written, null until it has a value.
struct DeliveryRecord: Codable, Equatable, Sendable {
    var recipient: String
    var user: String?
    var messageId: String?
    var file: String?
    /// `written`, `sent`, `failed: <reply>` or `not sent: <reason>`.
    var status: String
    var sentAt: String?
    var reply: String?

    static let sentStatus = "sent"

    enum CodingKeys: String, CodingKey {
        case recipient, user, messageId, file, status, sentAt, reply
    }

    /// The record of a recipient who gets no message, and why.
    init(_ skipped: RecipientPlan.Skipped) {
        self.init(recipient: skipped.email, user: skipped.userID, status: "not sent: \(skipped.reason.rawValue)")
    }

    init(
        recipient: String,
        user: String?,
        messageId: String? = nil,
        file: String? = nil,
        status: String,
        sentAt: String? = nil,
        reply: String? = nil
    ) {
        (self.recipient, self.user, self.messageId, self.file) = (recipient, user, messageId, file)
        (self.status, self.sentAt, self.reply) = (status, sentAt, reply)
    }

    /// Reads a record as a manifest holds it: `recipient` and `status` must be strings; an
    /// optional field of another kind reads as null, so that a sent record is still known as
    /// sent (and never sent again) when only its details cannot be read.
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        func optional(_ key: CodingKeys) -> String? {
            (try? container.decodeIfPresent(String.self, forKey: key)) ?? nil
        }
        self.init(
            recipient: try container.decode(String.self, forKey: .recipient),
            user: optional(.user),
            messageId: optional(.messageId),
            file: optional(.file),
            status: try container.decode(String.self, forKey: .status),
            sentAt: optional(.sentAt),
            reply: optional(.reply)
        )
    }

    var wasSent: Bool { status == Self.sentStatus }

    /// The address as recipients are compared: trimmed and lower-cased.
    var key: String { recipient.comparisonKey }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(recipient, forKey: .recipient)
        try container.encode(user, forKey: .user)
        try container.encode(messageId, forKey: .messageId)
        try container.encode(file, forKey: .file)
        try container.encode(status, forKey: .status)
        try container.encode(sentAt, forKey: .sentAt)
        try container.encode(reply, forKey: .reply)
    }
}
