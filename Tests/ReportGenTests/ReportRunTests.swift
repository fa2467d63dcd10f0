import Aggregation
import AppStore
import Core
import Foundation
import ReportGen
import TestFixtures
import TestSupport
import Testing

/// The report through the reader: dates fall back, zones resolve, the clock decides today.
struct ReportRunTests {
    let clock = RunClock(now: Instant(seconds: 1_795_417_200), source: "test")  // 2026-11-23T05:00:00Z

    @Test func occurredAtFallsBackToCreatedAtAndMetricsToCreatedAt() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.file("fallback.db")
        try Fixture.database(at: path) { f in
            try f.family("F")
            // In the week by created_at only; out of it by occurred_at even though created_at is in.
            try f.interaction("by-created", family: "F", occurredAt: nil, ["created_at": "2026-11-18T10:00:00Z"])
            try f.interaction(
                "by-occurred",
                family: "F",
                occurredAt: "2026-10-01T10:00:00Z",
                ["created_at": "2026-11-18T10:00:00Z"]
            )
            try f.metric("by-created", family: "F", recorded: nil, ["created_at": "2026-11-20 09:00:00+00"])
            try f.metric("by-recorded", family: "F", recorded: "2026-10-01", ["created_at": "2026-11-20T09:00:00Z"])
        }
        let data = try SQLiteSource(path: path).loadFamily(id: "F")
        let run = try ReportRun(data: data, selection: .preset(.last7Days), today: nil, timezone: nil, clock: clock)
        #expect(run.zone.identifier == "UTC")
        #expect(run.today.description == "2026-11-23")
        #expect(run.figures.interactions.total == 1)
        #expect(run.figures.metrics.total == 1)
    }

    @Test func theZoneIsTheOptionElseThePlayersElseUTCAndDecidesToday() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.file("zones.db")
        try Fixture.database(at: path) { f in
            try f.family("F")
            try f.user("p", role: "player", timezone: "America/Los_Angeles")
            try f.user("q", role: "parent", timezone: "Asia/Tokyo")
            try f.member(family: "F", user: "p", role: "player")
            try f.member(family: "F", user: "q", role: "parent")
            try f.school("s", family: "F")
        }
        let data = try SQLiteSource(path: path).loadFamily(id: "F")
        // 05:00 UTC on Nov 23 is still Nov 22 in Los Angeles.
        let player = try ReportRun(data: data, selection: .preset(.last7Days), today: nil, timezone: nil, clock: clock)
        #expect(player.zone.identifier == "America/Los_Angeles")
        #expect(player.range.to.description == "2026-11-22")
        let tokyo = try ReportRun(
            data: data,
            selection: .preset(.last7Days),
            today: nil,
            timezone: Zone(identifier: "Asia/Tokyo"),
            clock: clock
        )
        #expect(tokyo.range.to.description == "2026-11-23")
        let backfill = try ReportRun(
            data: data,
            selection: .preset(.previousWeek),
            today: CivilDate(iso: "2026-01-05"),
            timezone: nil,
            clock: clock
        )
        #expect(backfill.range.from.description == "2025-12-29" && backfill.range.to.description == "2026-01-04")
    }

    @Test func aLargeRangeRunsWithAWarning() throws {
        let data = FamilyData(family: FamilyUnit(id: "F", familyName: nil, createdAt: nil))
        let run = try ReportRun(
            data: data,
            selection: .custom(from: CivilDate(iso: "2010-01-01")!, to: CivilDate(iso: "2026-01-01")!),
            today: nil,
            timezone: nil,
            clock: clock
        )
        #expect(run.warnings == ["Large date range may take longer to generate"])
        #expect(run.isEmpty)
    }
}
