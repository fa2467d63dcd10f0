import Batch
import Foundation
import Testing

/// The run's gauges (docs/cli.md, "Watching the run"): exactly the names, each with
/// its HELP and TYPE lines, label values escaped, times without an exponent.
struct RunMetricsTests {
    static var metrics: RunMetrics {
        var metrics = RunMetrics()
        (metrics.ok, metrics.skipped, metrics.failed) = (40, 1, 1)
        (metrics.sent, metrics.notSent, metrics.messagesFailed) = (80, 4, 0)
        (metrics.filesWritten, metrics.bytesWritten) = (205, 10_485_760)
        metrics.duration = 12.3456
        metrics.lastRun = 1_795_413_600.25
        metrics.lastSuccess = 1_795_413_600.25
        return metrics
    }

    @Test func theExpositionHasEveryGaugeWithHelpAndType() {
        let text = Self.metrics.exposition(labels: [("job", "weekly-report"), ("shard", "0")])
        let names = [
            "report_batch_families", "report_batch_messages", "report_batch_files_written",
            "report_batch_bytes_written", "report_batch_duration_seconds", "report_batch_last_run_timestamp_seconds",
            "report_batch_last_success_timestamp_seconds",
        ]
        for name in names {
            #expect(text.contains("# HELP \(name) "), "\(name)")
            #expect(text.contains("# TYPE \(name) gauge\n"), "\(name)")
        }
        #expect(text.contains("report_batch_families{job=\"weekly-report\",shard=\"0\",outcome=\"failed\"} 1\n"))
        #expect(text.contains("report_batch_messages{job=\"weekly-report\",shard=\"0\",outcome=\"not_sent\"} 4\n"))
        #expect(text.contains("report_batch_bytes_written{job=\"weekly-report\",shard=\"0\"} 10485760\n"))
        #expect(text.contains("report_batch_duration_seconds{job=\"weekly-report\",shard=\"0\"} 12.346\n"))
        #expect(
            text.contains("report_batch_last_run_timestamp_seconds{job=\"weekly-report\",shard=\"0\"} 1795413600.25\n")
        )
        #expect(RunMetrics.lastSuccess(inExposition: text) == 1_795_413_600.25)
    }

    @Test func aPushAfterAFailureLeavesTheLastSuccessOut() {
        let text = Self.metrics.exposition(labels: [], withLastSuccess: false)
        #expect(!text.contains("last_success"))
        #expect(text.contains("report_batch_families{outcome=\"ok\"} 40\n"))
        #expect(RunMetrics.lastSuccess(inExposition: text) == nil)
    }

    @Test func labelValuesAreEscaped() {
        let text = RunMetrics().exposition(labels: [("job", "a\"b\\c\nd")])
        #expect(text.contains("{job=\"a\\\"b\\\\c\\nd\",outcome=\"ok\"} 0\n"))
    }
}
