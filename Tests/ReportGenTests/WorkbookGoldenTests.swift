import Aggregation
import AppStore
import Core
import Foundation
import ReportGen
import TestFixtures
import TestSupport
import Testing

/// The report and list workbooks of a fixed family, part by part against recorded XML.
struct WorkbookGoldenTests {
    let clock = RunClock(now: Instant(seconds: 1_795_413_600), source: "test")

    func fixture(_ folder: TemporaryFolder) throws -> SQLiteSource {
        let path = folder.file("golden.db")
        try Fixture.database(at: path) { f in
            try f.family("F", name: "Rivera Family")
            try f.user("p", role: "player", timezone: "America/New_York", fullName: "Mateo Rivera")
            try f.member(family: "F", user: "p", role: "player")
            try f.school(
                "s1",
                family: "F",
                name: "Université Laval",
                status: "offer_received",
                [
                    "division": "NAIA", "is_favorite": 1, "location": "Québec, QC",
                    "academic_info": #"{"latitude": 46.78, "longitude": -71.27, "student_size": 43000}"#,
                    "fit_score": 72.5, "priority_tier": "A",
                    "pros": #"["Close to home", "=cmd"]"#,
                ]
            )
            try f.school(
                "s2",
                family: "F",
                name: "Rice University",
                status: "contacted",
                ["division": "D1", "location": "Houston, TX"]
            )
            try f.coach(
                "c1",
                family: "F",
                school: "s1",
                [
                    "first_name": "José", "last_name": "Núñez", "email": "jnunez@example.edu",
                    "phone": "+1 555-010-0200",
                    "twitter_handle": "jnunez", "responsiveness_score": 74.99,
                    "last_contact_date": "2026-11-20T03:30:00Z",
                ]
            )
            try f.coach(
                "c2",
                family: "F",
                school: nil,
                role: "recruiting",
                ["first_name": "Zoë", "last_name": "Ødegaard"]
            )
            try f.interaction(
                "i1",
                family: "F",
                occurredAt: "2026-11-20T03:30:00Z",
                [
                    "school_id": "s1", "coach_id": "c1", "subject": "東京 🏈", "logged_by": "p",
                    "sentiment": "very_positive",
                ]
            )
            try f.interaction(
                "i2",
                family: "F",
                type: "phone_call",
                direction: "inbound",
                occurredAt: "2026-11-21T15:00:00-05:00",
                ["school_id": "s1", "coach_id": "c1", "content": "Line one\nLine two"]
            )
            try f.metric("m1", family: "F", type: "sixty_time", value: 6.81, recorded: "2026-11-19")
            try f.offer(
                "o1",
                family: "F",
                school: "s1",
                type: "partial",
                ["status": "pending", "scholarship_percentage": 50, "deadline_date": "2026-12-15"]
            )
        }
        return try SQLiteSource(path: path)
    }

    @Test func theReportWorkbook() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let source = try fixture(folder)
        let run = try ReportRun(
            data: try source.loadFamily(id: "F"),
            selection: .preset(.last7Days),
            today: CivilDate(iso: "2026-11-22"),
            timezone: nil,
            clock: clock
        )
        let files = try ReportFiles.write(run, formats: [.xlsx], to: .folder(folder.path))
        try Golden.assertXLSXParts(files[0].path, matches: Golden.folder("report.xlsx"))
    }

    @Test(arguments: ["coaches", "schools", "interactions"])
    func aListWorkbook(list: String) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let source = try fixture(folder)
        let data = try source.loadFamily(id: "F", interactions: false)
        var request = ListRequest(
            filters: list == "coaches"
                ? .coaches(CoachFilters())
                : list == "schools" ? .schools(SchoolFilters()) : .interactions(InteractionFilters(), range: nil)
        )
        request.formats = [.xlsx]
        request.today = CivilDate(iso: "2026-11-22")
        let result = try ListExport.run(
            request,
            data: data,
            interactions: .streamed(from: source, familyID: "F"),
            clock: clock,
            to: .folder(folder.path)
        )
        try Golden.assertXLSXParts(result.files[0].path, matches: Golden.folder("\(list).xlsx"))
    }
}
