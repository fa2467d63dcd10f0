import Aggregation
import AppStore
import ArgumentParser
import Batch
import Core
import Exporters
import ReportGen

/// The clock, today and the zone of a command that computes dates (docs/report.md §1).
struct ClockOptions: ParsableArguments {
    @Option(
        help:
            "The day that counts as today (YYYY-MM-DD), for back-fills: presets and \"last N days\" end on it, and a deadline before it is past. Default: the clock's date in the family's zone."
    )
    var today: String?

    @Option(
        help: "The IANA time zone in which days start and dates are shown. Default: the family player's zone, else UTC."
    )
    var timezone: String?

    @Option(
        help:
            "The run's clock, ISO 8601 with an offset (e.g. 2026-11-23T06:00:00Z). Default: SOURCE_DATE_EPOCH, else the system time."
    )
    var now: String?

    struct Context {
        let clock: RunClock
        let today: CivilDate?
        let zone: Zone?
    }

    func context() throws -> Context {
        Context(
            clock: try RunClock.resolve(now: now),
            today: try today.map { try RunClock.parseDay($0, option: "--today") },
            zone: try timezone.map { try Zone.parseOption($0) }
        )
    }
}
