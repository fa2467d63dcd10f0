import Aggregation
import AppStore
import Core
import Foundation
import ReportGen
import TestFixtures
import TestSupport
import Testing

/// List exports through ReportGen: families never mix, and empty results still write their
/// file. (That a family's stream from the database is its loaded rows, in order, is BatchTests'
/// InteractionFeedSourceTests.)
struct ListExportTests {
    let clock = RunClock(now: Instant(seconds: 1_795_413_600), source: "test")

    @Test func anExportNeverHoldsAnotherFamilysRows() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.file("two.db")
        try Fixture.database(at: path) { f in
            for family in ["A", "B"] {
                try f.family(family, name: "Same")
                try f.user("\(family)-p", role: "player")
                try f.member(family: family, user: "\(family)-p", role: "player")
                try f.school("\(family)-s", family: family, name: "Same School")
                try f.coach(
                    "\(family)-c",
                    family: family,
                    school: "\(family)-s",
                    ["first_name": "Pat", "last_name": "Same"]
                )
                try f.interaction(
                    "\(family)-i",
                    family: family,
                    ["school_id": "\(family)-s", "coach_id": "\(family)-c", "subject": "Same subject"]
                )
            }
            // B's coach points at A's school, and B's interaction at A's coach: never resolved across families.
            try f.coach("B-c2", family: "B", school: "A-s")
            try f.interaction("B-i2", family: "B", ["school_id": "A-s", "coach_id": "A-c"])
        }
        let source = try SQLiteSource(path: path)
        let data = try source.loadFamily(id: "B", interactions: false)
        for kind in ["coaches", "schools", "interactions"] {
            let request: ListRequest
            switch kind {
            case "coaches": request = ListRequest(filters: .coaches(CoachFilters()))
            case "schools": request = ListRequest(filters: .schools(SchoolFilters()))
            default: request = ListRequest(filters: .interactions(InteractionFilters(), range: nil))
            }
            let result = try ListExport.run(
                request,
                data: data,
                interactions: .streamed(from: source, familyID: "B"),
                clock: clock,
                to: .folder(folder.path),
                csv: .init(byteOrderMark: false)
            )
            let text = try String(contentsOfFile: try #require(result.files.first).path, encoding: .utf8)
            #expect(!text.contains("A-"), "\(kind): \(text)")
        }
        let coaches = try String(contentsOfFile: folder.file("coaches_same-b.csv"), encoding: .utf8)
        #expect(coaches.contains("Unknown School"))
        let interactions = try String(contentsOfFile: folder.file("interactions_same-b.csv"), encoding: .utf8)
        #expect(interactions.contains("Unknown School,Unknown Coach"))
    }

    @Test func emptyResultsWriteHeadersAndSaySo() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.file("empty.db")
        try Fixture.database(at: path) { f in
            try f.family("F")
            try f.school("s", family: "F", status: "contacted")
        }
        let source = try SQLiteSource(path: path)
        let data = try source.loadFamily(id: "F", interactions: false)
        var filters = SchoolFilters()
        filters.statuses = [.committed]
        let none = try ListExport.run(
            ListRequest(filters: .schools(filters)),
            data: data,
            interactions: .loaded([]),
            clock: clock,
            to: .folder(folder.path)
        )
        #expect(none.rows == 0 && none.emptyMessage == "No schools match your filters")
        #expect(
            try Data(contentsOf: URL(fileURLWithPath: none.files[0].path))
                == Data(
                    "\u{FEFF}School,Location,State,Division,Conference,Status,Priority Tier,Favorite,Fit Score,Size,Students,Distance (mi),Coaches,Interactions,Offer,Scholarship (%),Offer Deadline,Pros,Cons,Website,Notes\r\n"
                        .utf8
                )
        )
        let coaches = try ListExport.run(
            ListRequest(filters: .coaches(CoachFilters())),
            data: data,
            interactions: .loaded([]),
            clock: clock,
            to: .folder(folder.path)
        )
        #expect(coaches.emptyMessage == "No coaches found")
        let interactions = try ListExport.run(
            ListRequest(filters: .interactions(InteractionFilters(), range: nil)),
            data: data,
            interactions: .streamed(from: source, familyID: "F"),
            clock: clock,
            to: .folder(folder.path)
        )
        #expect(interactions.emptyMessage == "No interactions yet")
        #expect(interactions.analytics?.total == 0)
    }
}
