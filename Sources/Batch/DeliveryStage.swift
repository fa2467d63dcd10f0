import Aggregation
import Core
import Delivery
import Exporters

/// The fourth stage of a family's run: its recaps sent, one at a time, the manifest written
/// again after each message tried, so that a rerun never sends an accepted one twice.
struct DeliveryStage {
    /// The run's sender; nil for `via: none` (nothing is sent).
    let sender: MailSender?
    let from: MIMEMessage.Address?
    /// Send again to recipients an earlier run of the same days reached (`--resend`).
    let resend: Bool
    let clock: RunClock

    func send(_ recaps: [RecapStage.Recap], sentBefore: [String: DeliveryRecord], record: inout ManifestRecord) throws {
        guard let sender, let from else { return }
        for (index, recap) in recaps.enumerated() {
            if sentBefore[recap.key] != nil && !resend {
                record.countSentEarlier()
                continue
            }
            record.note(sender.send(recap.message, from: from, to: recap.address), of: recap, at: index, clock: clock)
            try record.save()
        }
    }
}
