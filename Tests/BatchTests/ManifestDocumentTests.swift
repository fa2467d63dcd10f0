import Foundation
import TestSupport
import Testing

@testable import Batch

/// What a rerun reads back of an earlier manifest: its sent records (docs/delivery.md, "Sending":
/// a later run sends only to recipients not yet recorded). A sent record is kept whatever its
/// optional fields hold, so that a rerun never sends that message again.
struct ManifestDocumentTests {
    @Test func aSentRecordWithAWrongTypedOptionalFieldIsKeptWithNull() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let manifest = """
            {
              "schemaVersion": 1,
              "delivery": [
                {"recipient": "a@example.com", "user": 5, "messageId": "<m-a@x>", "file": "email-a.eml",
                 "status": "sent", "sentAt": "2026-11-23T09:00:00Z", "reply": "250 OK"},
                {"recipient": "b@example.com", "user": "u-b", "messageId": ["<m-b@x>"], "file": {"name": "x"},
                 "status": "sent", "sentAt": 17, "reply": false},
                {"recipient": "c@example.com", "status": "sent"},
                {"recipient": "d@example.com", "user": "u-d", "status": "written"},
                {"user": "u-e", "status": "sent"},
                {"recipient": 6, "status": "sent"},
                {"recipient": "g@example.com", "status": null},
                {"recipient": "h@example.com", "status": ["sent"]},
                "not a record"
              ]
            }
            """
        try manifest.write(toFile: folder.file("manifest.json"), atomically: true, encoding: .utf8)
        let records = ManifestDocument.sentRecords(in: folder.path)
        #expect(
            records == [
                DeliveryRecord(
                    recipient: "a@example.com",
                    user: nil,
                    messageId: "<m-a@x>",
                    file: "email-a.eml",
                    status: "sent",
                    sentAt: "2026-11-23T09:00:00Z",
                    reply: "250 OK"
                ),
                DeliveryRecord(recipient: "b@example.com", user: "u-b", status: "sent"),
                DeliveryRecord(recipient: "c@example.com", user: nil, status: "sent"),
            ],
            "\(records)"
        )
    }
}
