import Delivery
import Exporters
import ReportCore

/// The fourth stage of a family's run: its recaps sent, one at a time, the manifest written
/// again after each message tried, so that a rerun never sends an accepted one twice.
struct DeliveryStage {
    let run: FamilyRun

    func send(_ recaps: [RecapStage.Recap], sentBefore: [String: JSONValue], record: inout ManifestRecord) throws {
        guard let sender = run.job.mail?.sender, let from = run.job.delivery?.from else { return }
        for (index, recap) in recaps.enumerated() {
            if sentBefore[recap.recipient] != nil && !run.options.resend {
                record.countSentEarlier()
                continue
            }
            record.note(sender.send(recap.message, from: from, to: recap.address), of: recap, at: index, clock: run.options.clock)
            try record.save()
        }
    }
}
